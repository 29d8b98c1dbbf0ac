/**
 * Dashboard calls of publications, a journal's issues (docs/product/screens.md and docs/product/api.md; docs/product/api.md).
 * Guards on each route (server/api/dashboard/index.ts): reads `requireManager`, changes
 * `...managerChange(ctx)`, the GET row actions included.
 *
 * | call | answer |
 * |---|---|
 * | GET /get_publications/{journal} | `publications: DashboardPublicationRow[]` (drafts included, with row actions), `journal_name` |
 * | GET /publication_action/{journal}/{id}/{publish\|unpublish\|delete} | msg; 409 deleting an issue with papers |
 * | POST /create_publication/{journal} | multipart `publicationSchema` + `cover_img` (required); 201 `id`; 409 volume/number taken |
 * | GET /get_publication_only/{journal}/{id} | `publication: PublicationEdit` |
 * | POST /edit_publication/{journal}/{id} | as create, `cover_img` optional; `id` |
 *
 * Every call answers 403 for a journal the manager does not manage (server/http/guards.ts).
 * Unknown journals and issues are 404; a publication id of another journal is 404 too.
 */
import express, { type Router } from "express";
import { msg } from "../../../shared/i18n/messages.ts";
import { findJournalRow } from "../../features/journals/queries.ts";
import {
  createPublication,
  deletePublication,
  setPublicationStatus,
  updatePublication,
} from "../../features/publications/commands.ts";
import {
  getPublicationForEdit,
  listDashboardPublications,
} from "../../features/publications/queries.ts";
import { apiCall } from "../../http/contract.ts";
import { journalAccess, managerChange, requireManager } from "../../http/guards.ts";
import { imageField, multipart, uploadedFile } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { parseWithRequiredFile } from "./required-file.ts";
import { NO_JOURNAL } from "./route-params.ts";

const NO_PUBLICATION = msg("No such publication in this journal.");
const NO_ACTION = msg("No such publication action.");

/** What each api-type row action does, and the sentence answering it. */
const ACTIONS = {
  publish: msg("The publication is published: readers can now see it."),
  unpublish: msg("The publication is unpublished: only managers can see it now."),
  delete: msg("The publication was deleted."),
} as const;
type PublicationAction = keyof typeof ACTIONS;

function isAction(value: unknown): value is PublicationAction {
  return typeof value === "string" && Object.hasOwn(ACTIONS, value);
}

export function publicationsRouter(ctx: AppContext): Router {
  const router = express.Router();
  const coverUpload = multipart(ctx, [imageField("cover_img")]);

  const getPublicationsCall = apiCall("GET /get_publications/:journal");
  router.get(
    getPublicationsCall.path,
    requireManager,
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const params = getPublicationsCall.params(req, { journal: NO_JOURNAL });
      const uri = params.journal;
      const journal = await findJournalRow(ctx, uri, { includeInactive: true });
      const publications = journal ? await listDashboardPublications(ctx, uri) : null;
      if (!journal || !publications) throw notFound(NO_JOURNAL);
      getPublicationsCall.send(res, { publications, journal_name: journal.name });
    },
  );

  const publicationActionCall = apiCall("GET /publication_action/:journal/:publication/:action");
  router.get(
    publicationActionCall.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const params = publicationActionCall.params(req, {
        journal: NO_JOURNAL,
        publication: NO_PUBLICATION,
        action: NO_ACTION,
      });
      const uri = params.journal;
      const id = params.publication;
      const action = params.action;
      if (!isAction(action)) throw notFound(NO_ACTION);
      if (action === "delete") await deletePublication(ctx, uri, id);
      else await setPublicationStatus(ctx, uri, id, action === "publish" ? "published" : "draft");
      publicationActionCall.send(res, {}, ACTIONS[action]);
    },
  );

  const createPublicationCall = apiCall("POST /create_publication/:journal");
  router.post(
    createPublicationCall.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    coverUpload,
    async (req, res) => {
      const cover = await uploadedFile(req, "cover_img");
      const params = createPublicationCall.params(req, { journal: NO_JOURNAL });
      const uri = params.journal;
      const input = parseWithRequiredFile(
        createPublicationCall.schema(),
        req.body ?? {},
        cover,
        "cover_img",
        msg("Choose a cover image for the publication."),
      );
      const { id } = await createPublication(ctx, uri, input, cover);
      createPublicationCall.send(res, { id }, msg("Publication created."), 201);
    },
  );

  const getPublicationOnlyCall = apiCall("GET /get_publication_only/:journal/:publication");
  router.get(
    getPublicationOnlyCall.path,
    requireManager,
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const params = getPublicationOnlyCall.params(req, {
        journal: NO_JOURNAL,
        publication: NO_PUBLICATION,
      });
      const uri = params.journal;
      const id = params.publication;
      const publication = await getPublicationForEdit(ctx, uri, id);
      if (!publication) throw notFound(NO_PUBLICATION);
      getPublicationOnlyCall.send(res, { publication });
    },
  );

  const editPublicationCall = apiCall("POST /edit_publication/:journal/:publication");
  router.post(
    editPublicationCall.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    coverUpload,
    async (req, res) => {
      const cover = await uploadedFile(req, "cover_img");
      const params = editPublicationCall.params(req, {
        journal: NO_JOURNAL,
        publication: NO_PUBLICATION,
      });
      const uri = params.journal;
      const id = params.publication;
      const input = editPublicationCall.body(req.body ?? {});
      await updatePublication(ctx, uri, id, input, cover);
      editPublicationCall.send(res, { id }, msg("Publication updated."));
    },
  );

  return router;
}
