/**
 * Public API calls (docs/product/api.md "Public", docs/product/api.md), no sign-in needed.
 * Paths, route parameters and answers come from the contract (shared/contract.ts, decision 211);
 * a parameter that cannot name anything (a malformed journal URI or proceeding slug, a volume,
 * issue or paper id breaking the number rule of decision 210) is a 404 with a clear msg, like an
 * unknown one. The managers of a journal (and administrators) also see it while inactive and its
 * unpublished issues (`readableBy`, server/features/accounts/access.ts); proceedings are all public (docs/decisions/090-public-proceedings.md).
 */
import express, { type Response, type Router } from "express";
import { z } from "zod";
import { msg, msgWith } from "../../shared/i18n/messages.ts";
import { searchParamsSchema } from "../../shared/search-schema.ts";
import { readableBy } from "../features/accounts/access.ts";
import {
  getJournal,
  listActiveJournals,
  listLatestJournals,
} from "../features/journals/queries.ts";
import { getJournalPaper, getProceedingPaper } from "../features/papers/queries.ts";
import { listPartners } from "../features/partners/queries.ts";
import { getProceedingPage, listProceedings } from "../features/proceedings/queries.ts";
import {
  getLatestPublication,
  getPublication,
  listJournalPublications,
  listLatestPublications,
} from "../features/publications/queries.ts";
import { searchPapers } from "../features/search/search.ts";
import { apiCall } from "../http/contract.ts";
import { answerTranslator } from "../http/locale.ts";
import { parseInput } from "../http/respond.ts";
import type { AppContext } from "../services/context.ts";
import { notFound } from "../services/errors.ts";

const PAGE_SIZE_MESSAGE = msg("The page size must be a whole number from 1 to 50.");
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

const NO_JOURNAL = msg("No such journal.");
const NO_PROCEEDING = msg("No such proceeding.");
/**
 * Unpublished parts of journal `uri` (an inactive journal, draft issues) are shown to the
 * managers who may touch it (server/features/accounts/access.ts), 404 to everybody else.
 */
function visibility(ctx: AppContext, res: Response, uri: string) {
  return readableBy(ctx, res.locals.user, uri);
}

export function publicRouter(ctx: AppContext): Router {
  const router = express.Router();

  const latestPublications = apiCall("GET /latest_publications");
  router.get(latestPublications.path, async (_req, res) => {
    const t = answerTranslator(res);
    const publications = await listLatestPublications(ctx);
    // each line under an issue is a carried catalogue message: the API answers it translated
    latestPublications.send(res, {
      publications: publications.map((p) => ({ ...p, description: t(p.description) })),
    });
  });

  const latestPublication = apiCall("GET /latest_publication");
  router.get(latestPublication.path, async (_req, res) => {
    const publication = await getLatestPublication(ctx);
    if (!publication) throw notFound(msg("No publication has been published yet."));
    latestPublication.send(res, { publication });
  });

  const latestJournals = apiCall("GET /latest_journals");
  router.get(latestJournals.path, async (_req, res) => {
    latestJournals.send(res, { journals: await listLatestJournals(ctx) });
  });

  const allJournals = apiCall("GET /all_journals");
  router.get(allJournals.path, async (_req, res) => {
    allJournals.send(res, { journals: await listActiveJournals(ctx) });
  });

  const journalCall = apiCall("GET /get_journal/:journalUrl");
  router.get(journalCall.path, async (req, res) => {
    const { journalUrl: uri } = journalCall.params(req, { journalUrl: NO_JOURNAL });
    const journal = await getJournal(ctx, uri, {
      includeInactive: (await visibility(ctx, res, uri)).includeUnpublished,
    });
    if (!journal) throw notFound(NO_JOURNAL);
    journalCall.send(res, { journal });
  });

  const publicationsCall = apiCall("GET /get_publications/:journalUrl/Y");
  router.get(publicationsCall.path, async (req, res) => {
    const { journalUrl: uri } = publicationsCall.params(req, { journalUrl: NO_JOURNAL });
    const publications = await listJournalPublications(ctx, uri, await visibility(ctx, res, uri));
    if (!publications) throw notFound(NO_JOURNAL);
    publicationsCall.send(res, { publications });
  });

  const publicationCall = apiCall("GET /get_publication/:journalUrl/:volume/:issue");
  router.get(publicationCall.path, async (req, res) => {
    const missing = msgWith("No issue Vol. {volume} No. {issue} in this journal.", {
      volume: req.params.volume,
      issue: req.params.issue,
    });
    const {
      journalUrl: uri,
      volume,
      issue,
    } = publicationCall.params(req, { journalUrl: NO_JOURNAL, volume: missing, issue: missing });
    const publication = await getPublication(
      ctx,
      uri,
      volume,
      issue,
      await visibility(ctx, res, uri),
    );
    if (!publication) throw notFound(missing);
    publicationCall.send(res, { publication });
  });

  const journalPaper = apiCall("GET /get_journal_paper/:journalUrl/:paper");
  router.get(journalPaper.path, async (req, res) => {
    const missing = msg("No such paper in this journal.");
    const { journalUrl: uri, paper: id } = journalPaper.params(req, {
      journalUrl: NO_JOURNAL,
      paper: missing,
    });
    const paper = await getJournalPaper(ctx, uri, id, await visibility(ctx, res, uri));
    if (!paper) throw notFound(missing);
    journalPaper.send(res, { paper });
  });

  const allProceedings = apiCall("GET /all_proceedings");
  router.get(allProceedings.path, async (_req, res) => {
    allProceedings.send(res, { proceedings: await listProceedings(ctx, "public") });
  });

  // The public proceeding page and conference paper page (docs/decisions/090-public-
  // proceedings.md); GET /get_proceeding/{id} is the dashboard's edit prefill.
  const proceedingPage = apiCall("GET /get_proceeding_page/:slug");
  router.get(proceedingPage.path, async (req, res) => {
    const { slug } = proceedingPage.params(req, { slug: NO_PROCEEDING });
    const proceeding = await getProceedingPage(ctx, slug);
    if (!proceeding) throw notFound(NO_PROCEEDING);
    proceedingPage.send(res, { proceeding });
  });

  const proceedingPaper = apiCall("GET /get_proceeding_paper/:slug/:paper");
  router.get(proceedingPaper.path, async (req, res) => {
    const missing = msg("No such paper in this proceeding.");
    const { slug, paper: id } = proceedingPaper.params(req, {
      slug: NO_PROCEEDING,
      paper: missing,
    });
    const paper = await getProceedingPaper(ctx, slug, id);
    if (!paper) throw notFound(missing);
    proceedingPaper.send(res, { paper });
  });

  // GET /api/search?q=&page=&page_size=&journal=&proceeding=&year=&type= (docs/architecture.md).
  const search = apiCall("GET /search");
  router.get(search.path, async (req, res) => {
    const { q, page, page_size, ...filters } = parseInput(searchQuery, req.query);
    search.send(res, {
      results: await searchPapers(ctx, q, { page, pageSize: page_size, filters }),
    });
  });

  const partners = apiCall("GET /partners");
  router.get(partners.path, async (_req, res) => {
    partners.send(res, { partners: await listPartners(ctx) });
  });

  return router;
}
