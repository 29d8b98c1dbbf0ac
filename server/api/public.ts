/**
 * Public API calls (docs/product/api.md "Public", docs/product/api.md), no sign-in needed.
 * Route parameters are validated with zod; a parameter that cannot name anything (a malformed
 * journal URI or proceeding slug, a non-numeric volume, issue or paper id) is a 404 with a clear
 * msg, like an unknown one. A signed-in manager also sees inactive journals and unpublished
 * issues; proceedings are all public (docs/decisions/090-public-proceedings.md).
 */
import express, { type Response, type Router } from "express";
import { z } from "zod";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "../../shared/constants.ts";
import { searchParamsSchema } from "../../shared/search-schema.ts";
import { parseInput, sendOk } from "../http/respond.ts";
import { canManageJournal } from "../services/access.ts";
import type { AppContext } from "../services/context.ts";
import { notFound } from "../services/errors.ts";
import {
  getJournal,
  listActiveJournals,
  listLatestJournals,
} from "../services/journals/queries.ts";
import { getJournalPaper, getProceedingPaper } from "../services/papers/queries.ts";
import { listPartners } from "../services/partners/queries.ts";
import { getProceedingPage, listProceedings } from "../services/proceedings/queries.ts";
import {
  getLatestPublication,
  getPublication,
  listJournalPublications,
  listLatestPublications,
} from "../services/publications/queries.ts";
import { searchPapers } from "../services/search.ts";

const PAGE_SIZE_MESSAGE = "The page size must be a whole number from 1 to 50.";
const journalUrl = z.string().max(100).regex(JOURNAL_URI_PATTERN);
const proceedingSlug = z.string().regex(PROCEEDING_SLUG_PATTERN);
/** Volumes and issue numbers are positive whole numbers (docs/decisions/001-volume-and-number.md). */
const issueNumber = z.string().regex(/^[0-9]{1,6}$/);
const paperId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number);

/** Parses one route parameter, or throws a 404 with `msg`. */
function param<S extends z.ZodType>(schema: S, value: unknown, msg: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw notFound(msg);
  return result.data;
}

/** The search page's parameters, plus `page_size` for programs (docs/decisions/172). */
const searchQuery = searchParamsSchema.extend({
  page_size: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: PAGE_SIZE_MESSAGE })
      .int(PAGE_SIZE_MESSAGE)
      .min(1, PAGE_SIZE_MESSAGE)
      .max(50, PAGE_SIZE_MESSAGE)
      .default(20),
  ),
});

const NO_JOURNAL = "No such journal.";
const NO_PROCEEDING = "No such proceeding.";
/**
 * Unpublished parts of journal `uri` (an inactive journal, draft issues) are shown to the
 * managers who may touch it (server/services/access.ts), 404 to everybody else.
 */
async function visibility(ctx: AppContext, res: Response, uri: string) {
  return { includeUnpublished: await canManageJournal(ctx, res.locals.user, uri) };
}

export function publicRouter(ctx: AppContext): Router {
  const router = express.Router();

  router.get("/latest_publications", async (_req, res) => {
    sendOk(res, { publications: await listLatestPublications(ctx) });
  });

  router.get("/latest_publication", async (_req, res) => {
    const publication = await getLatestPublication(ctx);
    if (!publication) throw notFound("No publication has been published yet.");
    sendOk(res, { publication });
  });

  router.get("/latest_journals", async (_req, res) => {
    sendOk(res, { journals: await listLatestJournals(ctx) });
  });

  router.get("/all_journals", async (_req, res) => {
    sendOk(res, { journals: await listActiveJournals(ctx) });
  });

  router.get("/get_journal/:journalUrl", async (req, res) => {
    const uri = param(journalUrl, req.params.journalUrl, NO_JOURNAL);
    const journal = await getJournal(ctx, uri, {
      includeInactive: await canManageJournal(ctx, res.locals.user, uri),
    });
    if (!journal) throw notFound(NO_JOURNAL);
    sendOk(res, { journal });
  });

  router.get("/get_publications/:journalUrl/Y", async (req, res) => {
    const uri = param(journalUrl, req.params.journalUrl, NO_JOURNAL);
    const publications = await listJournalPublications(ctx, uri, await visibility(ctx, res, uri));
    if (!publications) throw notFound(NO_JOURNAL);
    sendOk(res, { publications });
  });

  router.get("/get_publication/:journalUrl/:volume/:issue", async (req, res) => {
    const uri = param(journalUrl, req.params.journalUrl, NO_JOURNAL);
    const missing = `No issue Vol. ${req.params.volume} No. ${req.params.issue} in this journal.`;
    const volume = param(issueNumber, req.params.volume, missing);
    const issue = param(issueNumber, req.params.issue, missing);
    const publication = await getPublication(
      ctx,
      uri,
      volume,
      issue,
      await visibility(ctx, res, uri),
    );
    if (!publication) throw notFound(missing);
    sendOk(res, { publication });
  });

  router.get("/get_journal_paper/:journalUrl/:paper", async (req, res) => {
    const uri = param(journalUrl, req.params.journalUrl, NO_JOURNAL);
    const missing = "No such paper in this journal.";
    const id = param(paperId, req.params.paper, missing);
    const paper = await getJournalPaper(ctx, uri, id, await visibility(ctx, res, uri));
    if (!paper) throw notFound(missing);
    sendOk(res, { paper });
  });

  router.get("/all_proceedings", async (_req, res) => {
    sendOk(res, { proceedings: await listProceedings(ctx, "public") });
  });

  // The public proceeding page and conference paper page (docs/decisions/090-public-
  // proceedings.md); GET /get_proceeding/{id} is the dashboard's edit prefill.
  router.get("/get_proceeding_page/:slug", async (req, res) => {
    const slug = param(proceedingSlug, req.params.slug, NO_PROCEEDING);
    const proceeding = await getProceedingPage(ctx, slug);
    if (!proceeding) throw notFound(NO_PROCEEDING);
    sendOk(res, { proceeding });
  });

  router.get("/get_proceeding_paper/:slug/:paper", async (req, res) => {
    const slug = param(proceedingSlug, req.params.slug, NO_PROCEEDING);
    const missing = "No such paper in this proceeding.";
    const id = param(paperId, req.params.paper, missing);
    const paper = await getProceedingPaper(ctx, slug, id);
    if (!paper) throw notFound(missing);
    sendOk(res, { paper });
  });

  // GET /api/search?q=&page=&page_size=&journal=&proceeding=&year=&type= (docs/architecture.md).
  router.get("/search", async (req, res) => {
    const { q, page, page_size, ...filters } = parseInput(searchQuery, req.query);
    sendOk(res, { results: await searchPapers(ctx, q, { page, pageSize: page_size, filters }) });
  });

  router.get("/partners", async (_req, res) => {
    sendOk(res, { partners: await listPartners(ctx) });
  });

  return router;
}
