/**
 * Write side of papers (docs/product/screens.md and docs/product/api.md; docs/product/overview.md#shape-of-the-system, docs/product/data.md#tables and docs/product/files.md): create with the PDF
 * and authors, update with an optional new PDF, delete (the row first, then the file). The PDF's
 * page count and text are read with pdf.js when it is stored. A DOI names one paper on the site,
 * whatever its case: checked in the write's transaction and held by a unique index (decision 220).
 * Each write updates the paper's search row in the same transaction (server/features/search/search.ts);
 * deleting a paper drops it through the database (trigger or cascade).
 */

import type { Updateable } from "kysely";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import { DEFAULT_CONTENT_LANGUAGE } from "../../../shared/languages.ts";
import { canonicalLicenceUrl } from "../../../shared/licences.ts";
import type { PaperInput } from "../../../shared/schemas.ts";
import type { Db } from "../../db/database.ts";
import type { Dialect } from "../../db/dialect.ts";
import type { PapersTable } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { AppContext } from "../../services/context.ts";
import { conflict, invalid, notFound } from "../../services/errors.ts";
import { type StoredPaperFile, storePaperFile } from "../../services/paper-file.ts";
import {
  commitOrDiscard,
  nullIfEmpty,
  removeAfterCommit,
  type Trx,
  timestamp,
  writeCatalogue,
} from "../../services/write.ts";
import { attachJats, detachJats, type StoredJats } from "../fulltext/galley.ts";
import { journalByUri, journalPaperByUri } from "../journals/queries.ts";
import { indexPaper } from "../search/search.ts";
import { moveStamps, stampReplacement } from "../updates/notices.ts";
import { keepVersion } from "../updates/versions.ts";
import {
  type AuthorWrite,
  replaceAuthors,
  replaceFunding,
  replaceReferences,
  replaceTranslations,
} from "./scholarly.ts";

/** Columns the journal form does not carry: a conference paper's pages, set by the importer too. */
export type PaperExtras = Partial<Pick<PapersTable, "first_page" | "last_page">> & {
  /** Accept a paper without a PDF (the importer's metadata-only papers); the form requires one. */
  fileOptional?: boolean;
} & GalleyExtra;

/**
 * A JATS galley already stored (server/features/fulltext/galley.ts `storeJatsGalley`) that the
 * write makes the paper's, in the paper's own transaction (decision 315): the paper and its
 * galley are written together or not at all. The caller stored its files and removes them
 * (`discardJats`) when the write throws; a replaced galley's files are removed after the commit.
 */
export type GalleyExtra = { jats?: StoredJats | null };

/**
 * A paper's fields without its publication: what a proceeding's paper has. The scholarly fields
 * (decision 256) are optional: absent on create means the default (the journal's licence, no
 * dates, no funders or references), absent on edit keeps what is stored; `""` (or `null`, `[]`)
 * clears. Authors may carry only the spec's fields ({@link AuthorWrite}).
 */
export type PaperFields = Omit<PaperInput, "sel_publication" | "authors"> & {
  authors: readonly AuthorWrite[];
};

/**
 * The paper columns of the scholarly fields `input` carries (absent ones left out, so an edit
 * keeps them): licence in its canonical form (shared/licences.ts), copyright, dates, funding
 * statement.
 */
function scholarlyColumns(input: PaperFields): Updateable<PapersTable> {
  const columns: Updateable<PapersTable> = {};
  if (input.license_url !== undefined) {
    columns.license_url = canonicalLicenceUrl(input.license_url);
  }
  if (input.copyright_holder !== undefined) {
    columns.copyright_holder = nullIfEmpty(input.copyright_holder);
  }
  if (input.copyright_year !== undefined) columns.copyright_year = input.copyright_year;
  if (input.published_on !== undefined) columns.published_on = nullIfEmpty(input.published_on);
  if (input.received_on !== undefined) columns.received_on = nullIfEmpty(input.received_on);
  if (input.accepted_on !== undefined) columns.accepted_on = nullIfEmpty(input.accepted_on);
  if (input.funding_statement !== undefined) {
    columns.funding_statement = nullIfEmpty(input.funding_statement);
  }
  return columns;
}

/**
 * Writes the lists `input` carries (funders, references, translations); absent lists stay as
 * stored. A translation in the paper's own language is refused (decision 440), whichever of the
 * two the write changed.
 * @throws AppError `invalid` naming the translation (or the language field).
 */
async function writeLists(trx: Trx, paperId: number, input: PaperFields): Promise<void> {
  if (input.funding !== undefined) await replaceFunding(trx, paperId, input.funding);
  if (input.references !== undefined) await replaceReferences(trx, paperId, input.references);
  if (input.translations !== undefined) {
    await replaceTranslations(trx, paperId, input.translations);
  }
  if (input.translations === undefined && input.language === undefined) return;
  const clash = await trx
    .selectFrom("paper_translations as t")
    .innerJoin("papers as p", "p.id", "t.paper_id")
    .select("t.language")
    .where("t.paper_id", "=", paperId)
    .whereRef("t.language", "=", "p.language")
    .executeTakeFirst();
  if (!clash) return;
  const message = msgWith(
    "The paper itself is in {language}: give its translations in other languages.",
    { language: clash.language },
  );
  const at = input.translations?.findIndex((t) => t.language === clash.language) ?? -1;
  throw invalid(message, { [at >= 0 ? `translations.${at}.language` : "language"]: message });
}

/**
 * The language a paper of `owner` is in when the request names none (decision 440): its
 * journal's primary language, or its proceeding's language.
 */
async function defaultLanguage(trx: Trx, owner: PaperOwner): Promise<string> {
  const row =
    "publication_id" in owner
      ? await trx
          .selectFrom("publications as pub")
          .innerJoin("journals as j", "j.id", "pub.journal_id")
          .select("j.primary_language as language")
          .where("pub.id", "=", owner.publication_id)
          .executeTakeFirst()
      : await trx
          .selectFrom("proceedings")
          .select("language")
          .where("id", "=", owner.proceeding_id)
          .executeTakeFirst();
  return row?.language ?? DEFAULT_CONTENT_LANGUAGE;
}

/**
 * The `language` column of a write of `input` to a paper of `owner`: the language sent, its
 * owner's when sent empty (or absent on create); absent on an edit keeps the stored one.
 */
async function languageColumn(
  trx: Trx,
  owner: PaperOwner,
  input: PaperFields,
  create: boolean,
): Promise<{ language?: string }> {
  if (input.language) return { language: input.language };
  if (input.language === undefined && !create) return {};
  return { language: await defaultLanguage(trx, owner) };
}

/** The licence a new paper of `owner` gets when the request names none: its journal's. */
async function defaultLicence(trx: Trx, owner: PaperOwner): Promise<string | null> {
  if (!("publication_id" in owner)) return null;
  const row = await trx
    .selectFrom("publications as pub")
    .innerJoin("journals as j", "j.id", "pub.journal_id")
    .select("j.license_url")
    .where("pub.id", "=", owner.publication_id)
    .executeTakeFirst();
  return row?.license_url ?? null;
}

/** Where a paper belongs: an issue of a journal or a proceeding. */
export type PaperOwner = { publication_id: number } | { proceeding_id: number };
type Owner = PaperOwner;

async function publicationInJournal(ctx: AppContext, journalId: number, publicationId: number) {
  const row = await ctx.db
    .selectFrom("publications")
    .select("id")
    .where("id", "=", publicationId)
    .where("journal_id", "=", journalId)
    .executeTakeFirst();
  if (!row) {
    const choose = msg("Choose a publication of this journal.");
    throw invalid(choose, { sel_publication: choose });
  }
  return row;
}

/**
 * The unique index on `lower(doi)` over every paper, journal and conference papers alike
 * (migration 012, decision 220): a DOI names one paper on the site, whatever its case.
 */
export const DOI_INDEX = "papers_doi_unique";

/** Another paper holding `doi`, compared as {@link DOI_INDEX} compares (SQL `lower`). */
async function paperWithDoi(db: Db, doi: string, exceptId?: number) {
  let query = db
    .selectFrom("papers")
    .select(["id", "title"])
    .where((eb) => eb(eb.fn("lower", ["doi"]), "=", eb.fn("lower", [eb.val(doi)])));
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

/** The 409 of a taken DOI (docs/product/data.md#tables); `title` of the paper holding it, if known. */
function doiTaken(doi: string, title: string | undefined) {
  return conflict(
    title === undefined
      ? msgWith("The DOI {doi} already belongs to another paper.", { doi })
      : msgWith('The DOI {doi} already belongs to the paper "{title}".', { doi, title }),
    { doi: msg("Another paper has this DOI.") },
  );
}

/**
 * Refuses `doi` when another paper has it. Called with the write's transaction, so the check and
 * the write are one unit; a concurrent write that takes the DOI after this check is stopped by
 * {@link DOI_INDEX} and answered the same way by {@link asDoiConflict}.
 * @throws AppError `conflict`.
 */
async function assertDoiFree(db: Db, doi: string, exceptId?: number): Promise<void> {
  if (!doi) return;
  const other = await paperWithDoi(db, doi, exceptId);
  if (other) throw doiTaken(doi, other.title);
}

/**
 * `error` turned into the 409 of {@link assertDoiFree} when it is the unique violation of
 * {@link DOI_INDEX} (two writes of one DOI at once: the later one's insert or update meets the
 * earlier one's row), else `error` unchanged. `db` must be usable again: the failed
 * transaction ended, or rolled back to its savepoint.
 * @returns the error to throw.
 */
export async function asDoiConflict(
  db: Db,
  error: unknown,
  doi: string,
  exceptId?: number,
): Promise<unknown> {
  if (!doi || !isUniqueViolation(error, DOI_INDEX)) return error;
  return doiTaken(doi, (await paperWithDoi(db, doi, exceptId))?.title);
}

function fileColumns(file: StoredPaperFile | null) {
  return {
    file: file?.key ?? null,
    file_size: file?.size ?? null,
    page_count: file?.pageCount ?? null,
    encrypted: file?.encrypted ? 1 : 0,
    full_text: file?.text ?? null,
    text_truncated: file?.truncated ? 1 : 0,
    text_pages: file?.textPages ?? null,
  };
}

const PDF_MISSING = msg("Choose the paper's PDF file.");
const requirePdf = () => invalid(PDF_MISSING, { paper_file: PDF_MISSING });

async function nextPosition(trx: Trx, owner: Owner): Promise<number> {
  const base = trx.selectFrom("papers").select((eb) => eb.fn.max("position").as("last"));
  const row = await ("publication_id" in owner
    ? base.where("publication_id", "=", owner.publication_id)
    : base.where("proceeding_id", "=", owner.proceeding_id)
  ).executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

async function insertPaper(
  ctx: AppContext,
  owner: Owner,
  input: PaperFields,
  pdf: Uint8Array | null | undefined,
  extras: PaperExtras,
): Promise<{ id: number }> {
  if (!pdf?.byteLength && !extras.fileOptional) throw requirePdf();
  // The DOI is checked inside the transaction (insertPaperRows), not before the PDF is stored:
  // another write could take the DOI between such a check and this commit (decision 220).
  const file = pdf?.byteLength ? await storePaperFile(ctx, pdf) : null;
  try {
    return await commitOrDiscard(
      ctx,
      (trx) => insertPaperRows(trx, ctx.dialect, owner, input, file, extras),
      async () => {
        if (file) await ctx.storage.remove(file.key);
      },
    );
  } catch (error) {
    throw await asDoiConflict(ctx.db, error, input.doi);
  }
}

/**
 * The rows of a new paper (paper, authors, its JATS galley when `extras.jats`, search row) whose
 * PDF is already stored (`file` from {@link storePaperFile}, or null), written with the caller's
 * transaction: the importer
 * writes many papers per transaction this way (server/import/paper-writer.ts). The owner is
 * not checked; the caller removes `file` when the transaction fails. The DOI is checked in
 * `trx`; a unique violation of {@link DOI_INDEX} (a concurrent write) is left to the caller,
 * which maps it with {@link asDoiConflict} once the transaction or savepoint is rolled back.
 * @throws AppError `conflict` (DOI taken).
 */
export async function insertPaperRows(
  trx: Trx,
  dialect: Dialect,
  owner: PaperOwner,
  input: PaperFields,
  file: StoredPaperFile | null,
  extras: PaperExtras,
): Promise<{ id: number }> {
  await assertDoiFree(trx, input.doi);
  const now = timestamp();
  const { fileOptional: _, jats, ...columns } = extras;
  const license =
    input.license_url === undefined ? { license_url: await defaultLicence(trx, owner) } : {};
  const row = await trx
    .insertInto("papers")
    .values({
      publication_id: "publication_id" in owner ? owner.publication_id : null,
      proceeding_id: "proceeding_id" in owner ? owner.proceeding_id : null,
      title: input.title,
      doi: nullIfEmpty(input.doi),
      abstract: input.abstract,
      keywords: nullIfEmpty(input.keywords),
      ...fileColumns(file),
      ...columns,
      ...license,
      ...scholarlyColumns(input),
      ...(await languageColumn(trx, owner, input, true)),
      position: await nextPosition(trx, owner),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await replaceAuthors(trx, row.id, input.authors);
  await writeLists(trx, row.id, input);
  if (jats) await attachJats(trx, row.id, jats, now);
  await indexPaper(trx, dialect, row.id);
  return { id: row.id };
}

/**
 * POST /create_paper/{journal}: a paper in the journal's publication `sel_publication`, with
 * its PDF (required unless `extras.fileOptional`) and authors in order.
 * @returns the new paper's id.
 * @throws AppError `not_found` (journal), `invalid` (publication of another journal, no PDF),
 *   `conflict` (DOI taken), and the PDF errors of {@link storePaperFile}.
 */
export async function createPaper(
  ctx: AppContext,
  journalUri: string,
  input: PaperFields & Pick<PaperInput, "sel_publication">,
  pdf: Uint8Array | null | undefined,
  extras: PaperExtras = {},
): Promise<{ id: number }> {
  const journal = await journalByUri(ctx, journalUri);
  const publication = await publicationInJournal(ctx, journal.id, input.sel_publication);
  return insertPaper(ctx, { publication_id: publication.id }, input, pdf, extras);
}

/**
 * A paper of a proceeding: the importer, and POST /create_proceeding_paper/{proceeding} of the
 * dashboard (decision 202), which passes the pages as `extras.first_page` / `last_page`.
 * @throws AppError `not_found` (proceeding), as {@link createPaper} otherwise.
 */
export async function createProceedingPaper(
  ctx: AppContext,
  proceedingId: number,
  input: PaperFields,
  pdf: Uint8Array | null | undefined,
  extras: PaperExtras = {},
): Promise<{ id: number }> {
  const proceeding = await ctx.db
    .selectFrom("proceedings")
    .select("id")
    .where("id", "=", proceedingId)
    .executeTakeFirst();
  if (!proceeding) throw notFound(msg("There is no such proceeding."));
  return insertPaper(ctx, { proceeding_id: proceeding.id }, input, pdf, extras);
}

async function paperInProceeding(ctx: AppContext, proceedingId: number, paperId: number) {
  const paper = await ctx.db
    .selectFrom("papers")
    .select(["id", "file"])
    .where("id", "=", paperId)
    .where("proceeding_id", "=", proceedingId)
    .executeTakeFirst();
  if (!paper) throw notFound(msg("There is no such paper in this proceeding."));
  return paper;
}

/**
 * Writes an edit of `paper` (journal or conference paper) of `owner` (where it belongs after
 * the edit): the form's fields, the columns
 * `more` gives (computed inside the transaction), the authors, a new JATS galley
 * ({@link GalleyExtra}) and the search row in one transaction; a new PDF is stored first and removed again if the transaction fails, the old one
 * only after the row points at the new one (docs/decisions/063-catalogue-write-rules.md).
 * @throws AppError `conflict` (DOI) and the PDF errors of {@link storePaperFile}.
 */
async function rewritePaper(
  ctx: AppContext,
  paper: { id: number; file: string | null },
  owner: PaperOwner,
  input: PaperFields,
  pdf: Uint8Array | null | undefined,
  more: (trx: Trx) => Promise<Updateable<PapersTable>>,
  { jats }: GalleyExtra,
): Promise<{ id: number }> {
  const file = pdf?.byteLength ? await storePaperFile(ctx, pdf) : null;
  // a retracted paper's new PDF is stamped too (decision 497)
  const stamped = file ? await stampReplacement(ctx, paper.id, file.key) : null;
  let versioned = false;
  const replacedGalley = await commitOrDiscard(
    ctx,
    async (trx) => {
      await assertDoiFree(trx, input.doi, paper.id);
      // an edit of a paper on the record keeps what it was as an earlier version (decision 490)
      const next =
        (await onTheRecord(trx, paper.id)) && (file || jats || !input.minor_fix)
          ? await keepVersion(trx, paper.id, input.version_note ?? "")
          : null;
      versioned = next !== null;
      // the replaced PDF's stamps go with it to the kept version (decision 497)
      if (file && next) await moveStamps(trx, paper.id, next.version - 1, stamped);
      const version = next ?? {};
      await trx
        .updateTable("papers")
        .set({
          title: input.title,
          doi: nullIfEmpty(input.doi),
          abstract: input.abstract,
          keywords: nullIfEmpty(input.keywords),
          ...scholarlyColumns(input),
          ...(await languageColumn(trx, owner, input, false)),
          ...(await more(trx)),
          ...(file ? fileColumns(file) : {}),
          ...version,
          updated_at: timestamp(),
        })
        .where("id", "=", paper.id)
        .execute();
      await replaceAuthors(trx, paper.id, input.authors, { edit: true });
      await writeLists(trx, paper.id, input);
      const replaced = jats ? await attachJats(trx, paper.id, jats, timestamp()) : [];
      await indexPaper(trx, ctx.dialect, paper.id);
      return replaced;
    },
    async () => {
      if (file) await ctx.storage.remove(file.key);
      if (stamped) await ctx.storage.remove(stamped);
    },
  ).catch(async (error: unknown) => {
    throw await asDoiConflict(ctx.db, error, input.doi, paper.id);
  });
  // a replaced PDF stays when the earlier version now names it
  if (file && paper.file && !versioned) {
    const old = paper.file;
    await removeAfterCommit(ctx, () => ctx.storage.remove(old));
  }
  for (const key of replacedGalley) await removeAfterCommit(ctx, () => ctx.storage.remove(key));
  return { id: paper.id };
}

/**
 * Whether paper `id` is on the scholarly record: a paper of a published issue, or a conference
 * paper (proceedings have no draft state). A draft is edited in place.
 */
async function onTheRecord(trx: Trx, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom("papers as p")
    .leftJoin("publications as pub", "pub.id", "p.publication_id")
    .select(["p.proceeding_id", "pub.status"])
    .where("p.id", "=", id)
    .executeTakeFirst();
  return !!row && (row.proceeding_id !== null || row.status === "published");
}

/** Deletes a paper's row (its authors and search row go with it), then its PDF. */
async function removePaper(ctx: AppContext, paper: { id: number; file: string | null }) {
  await writeCatalogue(ctx, (trx) => trx.deleteFrom("papers").where("id", "=", paper.id).execute());
  if (paper.file) {
    const file = paper.file;
    await removeAfterCommit(ctx, () => ctx.storage.remove(file));
  }
}

/**
 * Removes `paper`'s JATS galley (decision 316): its rows and a search row rebuilt from the PDF
 * text in one catalogue write, then its files. The paper's `/fulltext` page is then a 404 and
 * its `jats.xml` the generated JATS.
 * @throws AppError `not_found` when the paper has no galley.
 */
async function removeGalley(ctx: AppContext, paperId: number): Promise<void> {
  const keys = await writeCatalogue(ctx, async (trx) => {
    const old = await detachJats(trx, paperId);
    if (old.length === 0) throw notFound(msg("This paper has no HTML full text."));
    await indexPaper(trx, ctx.dialect, paperId);
    return old;
  });
  for (const key of keys) await removeAfterCommit(ctx, () => ctx.storage.remove(key));
}

/**
 * POST /remove_paper_jats/{journal}/{paper} (added, decision 316): see {@link removeGalley}.
 * @throws AppError `not_found` (journal, paper, or no galley).
 */
export async function removeJournalPaperGalley(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
): Promise<void> {
  await removeGalley(ctx, (await journalPaperByUri(ctx, journalUri, paperId)).paper.id);
}

/**
 * POST /remove_proceeding_paper_jats/{proceeding}/{paper} (added, decision 316): see
 * {@link removeGalley}.
 * @throws AppError `not_found` (paper of another proceeding, or no galley).
 */
export async function removeProceedingPaperGalley(
  ctx: AppContext,
  proceedingId: number,
  paperId: number,
): Promise<void> {
  await removeGalley(ctx, (await paperInProceeding(ctx, proceedingId, paperId)).id);
}

/**
 * Removes `paperId`'s PDF galley (issue 34, decision 510), in one catalogue write: the paper's
 * file columns (key, size, pages, the PDF's text) are emptied and its search row rebuilt (the
 * JATS text when it has a galley, else its metadata only). A paper on the record (decision 490)
 * first keeps its current state as an earlier version, which names the PDF, so the file stays
 * readable there and the stamped copies of it move to that version (decision 497); a draft's
 * file is removed from storage after the commit, as a replaced PDF is.
 * @param note the change note of the new version (on the record only; `""` for none).
 * @throws AppError `not_found` when the paper has no PDF.
 */
async function removePdf(ctx: AppContext, paperId: number, note: string): Promise<void> {
  const orphan = await writeCatalogue(ctx, async (trx) => {
    const row = await trx
      .selectFrom("papers")
      .select("file")
      .where("id", "=", paperId)
      .executeTakeFirst();
    if (!row?.file) throw notFound(msg("This paper has no PDF."));
    const next = (await onTheRecord(trx, paperId)) ? await keepVersion(trx, paperId, note) : null;
    if (next) await moveStamps(trx, paperId, next.version - 1, null);
    await trx
      .updateTable("papers")
      .set({ ...fileColumns(null), ...(next ?? {}), updated_at: timestamp() })
      .where("id", "=", paperId)
      .execute();
    await indexPaper(trx, ctx.dialect, paperId);
    return next ? null : row.file;
  });
  if (orphan) await removeAfterCommit(ctx, () => ctx.storage.remove(orphan));
}

/**
 * POST /remove_paper_pdf/{journal}/{paper} (added, issue 34, decision 510): see {@link removePdf}.
 * @throws AppError `not_found` (journal, paper of another journal, or no PDF).
 */
export async function removeJournalPaperPdf(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
  note: string,
): Promise<void> {
  await removePdf(ctx, (await journalPaperByUri(ctx, journalUri, paperId)).paper.id, note);
}

/**
 * POST /remove_proceeding_paper_pdf/{proceeding}/{paper} (added, issue 34, decision 510): see
 * {@link removePdf}.
 * @throws AppError `not_found` (paper of another proceeding, or no PDF).
 */
export async function removeProceedingPaperPdf(
  ctx: AppContext,
  proceedingId: number,
  paperId: number,
  note: string,
): Promise<void> {
  await removePdf(ctx, (await paperInProceeding(ctx, proceedingId, paperId)).id, note);
}

/** Pages of a conference paper as the form sends them (`""` when unknown). */
export type PaperPages = { first_page: string; last_page: string };

/**
 * POST /edit_proceeding_paper/{proceeding}/{paper}: every field, the pages and the authors of a
 * conference paper; a new PDF replaces the old one, which is removed only after the row points
 * at the new one (decision 202).
 * @throws AppError `not_found` (proceeding or paper, a paper of another proceeding included),
 *   `conflict` (DOI) and the PDF errors of {@link storePaperFile}.
 */
export async function updateProceedingPaper(
  ctx: AppContext,
  proceedingId: number,
  paperId: number,
  input: PaperFields & PaperPages,
  pdf?: Uint8Array | null,
  extras: GalleyExtra = {},
): Promise<{ id: number }> {
  const paper = await paperInProceeding(ctx, proceedingId, paperId);
  return rewritePaper(
    ctx,
    paper,
    { proceeding_id: proceedingId },
    input,
    pdf,
    async () => ({
      first_page: nullIfEmpty(input.first_page),
      last_page: nullIfEmpty(input.last_page),
    }),
    extras,
  );
}

/**
 * GET /delete_proceeding_paper/{proceeding}/{paper}: deletes the row (authors and search row go
 * with it), then the PDF, so the database never points at a missing file.
 * @throws AppError `not_found`.
 */
export async function deleteProceedingPaper(
  ctx: AppContext,
  proceedingId: number,
  paperId: number,
): Promise<void> {
  await removePaper(ctx, await paperInProceeding(ctx, proceedingId, paperId));
}

/**
 * POST /edit_paper/{journal}/{paper}: every field and the authors; `sel_publication` may move the
 * paper to another issue of the journal; a new PDF replaces the old one, which is removed only
 * after the row points at the new one.
 * @throws AppError `not_found`, `invalid`, `conflict` (DOI) and the PDF errors.
 */
export async function updatePaper(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
  input: PaperFields & Pick<PaperInput, "sel_publication">,
  pdf?: Uint8Array | null,
  extras: GalleyExtra = {},
): Promise<{ id: number }> {
  const { journal, paper } = await journalPaperByUri(ctx, journalUri, paperId);
  const publication = await publicationInJournal(ctx, journal.id, input.sel_publication);
  return rewritePaper(
    ctx,
    paper,
    { publication_id: publication.id },
    input,
    pdf,
    async (trx) => ({
      publication_id: publication.id,
      // a paper moved to another issue goes last there
      ...(publication.id !== paper.publication_id
        ? { position: await nextPosition(trx, { publication_id: publication.id }) }
        : {}),
    }),
    extras,
  );
}

/**
 * GET /delete_paper/{journal_url}/{paperID}: deletes the row (its authors go with it), then
 * the PDF, so the database never points at a missing file.
 * @throws AppError `not_found`.
 */
export async function deletePaper(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
): Promise<void> {
  await removePaper(ctx, (await journalPaperByUri(ctx, journalUri, paperId)).paper);
}
