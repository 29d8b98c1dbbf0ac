/**
 * Update notices of papers (issue 33; docs/decisions/490-versions-and-update-notices.md): a
 * manager adds a correction, retraction… (Crossref's types, shared/updates.ts) to a paper of a
 * published issue or of a proceeding (decision 496); readers and every writer read them here.
 *
 * A notice of a type that stamps (retraction, partial retraction, withdrawal) stores a stamped
 * copy of the paper's PDF and of every earlier version's PDF (./stamp.ts, decision 497) under
 * their own keys before the row is written; the originals are never changed. A removal withdraws the files: the queries of the download and
 * full-text routes ask {@link fileState}.
 */
import { msg } from "../../../shared/i18n/messages.ts";
import type { PaperUpdateInput } from "../../../shared/schemas.ts";
import {
  isRetraction,
  isUpdateType,
  removesFiles,
  STAMPS,
  type UpdateNotice,
  type UpdateType,
} from "../../../shared/updates.ts";
import type { Db } from "../../db/database.ts";
import type { PaperUpdate } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { invalid, notFound } from "../../services/errors.ts";
import { commitOrDiscard, nullIfEmpty, type Trx, timestamp } from "../../services/write.ts";
import { newKey } from "../../storage/storage.ts";
import { journalPaperByUri } from "../journals/queries.ts";
import { stampPdf } from "./stamp.ts";

/** A `paper_updates` row as {@link NOTICE_COLUMNS} selects it. */
type NoticeRow = Pick<PaperUpdate, (typeof NOTICE_COLUMNS)[number]>;

function toNotice(r: NoticeRow): UpdateNotice {
  return {
    id: Number(r.id),
    type: (isUpdateType(r.type) ? r.type : "correction") as UpdateType,
    title: r.title,
    text: r.text,
    date: r.date,
    doi: r.doi ?? "",
  };
}

const NOTICE_COLUMNS = ["id", "paper_id", "type", "title", "text", "date", "doi"] as const;

/** The notices of the papers `ids`, newest first (by date, then the later added), by paper id. */
export async function noticesByPaper(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, UpdateNotice[]>> {
  const out = new Map<number, UpdateNotice[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("paper_updates")
    .select(NOTICE_COLUMNS)
    .where("paper_id", "in", ids)
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const r of rows) {
    const id = Number(r.paper_id);
    const list = out.get(id) ?? [];
    list.push(toNotice(r));
    out.set(id, list);
  }
  return out;
}

/**
 * Which of the papers `ids` stand retracted (a retraction, partial retraction or withdrawal
 * notice), for search results and citation files (decision 490).
 */
export async function retractedAmong(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("paper_updates")
    .select(["paper_id", "type"])
    .where("paper_id", "in", ids)
    .execute();
  return new Set(rows.filter((r) => isRetraction(r.type)).map((r) => Number(r.paper_id)));
}

/** The notices of one paper, newest first. */
export async function noticesOf(db: Db, paperId: number): Promise<UpdateNotice[]> {
  return (await noticesByPaper(db, [paperId])).get(paperId) ?? [];
}

/**
 * What readers get of a paper's files: `removed` (a removal notice: no PDF, no full text, the
 * notice's text as the reason), else the stamped copy's key when a notice stamped the PDF
 * (the newest such), else the original.
 */
export type FileState =
  | { kind: "removed"; reason: string }
  | { kind: "stamped"; key: string }
  | { kind: "original" };

/** See {@link FileState}. */
export async function fileState(db: Db, paperId: number): Promise<FileState> {
  const rows = await db
    .selectFrom("paper_updates")
    .select(["type", "text", "stamped_file"])
    .where("paper_id", "=", paperId)
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .execute();
  const removal = rows.find((r) => removesFiles(r.type));
  if (removal) return { kind: "removed", reason: removal.text };
  const stamped = rows.find((r) => r.stamped_file);
  return stamped?.stamped_file
    ? { kind: "stamped", key: stamped.stamped_file }
    : { kind: "original" };
}

const NOT_PUBLISHED = msg(
  "Only a paper of a published issue takes a notice; edit a draft paper instead.",
);

/**
 * Where the paper a notice is about was published: a journal (by URI) or a proceeding (by id);
 * the notice calls of both share {@link addPaperUpdate} (decision 496).
 */
export type NoticeVenue = { journal: string } | { proceeding: number };

/**
 * The paper `paperId` of `venue` with its PDF's key, checked to take a notice: a journal paper
 * only in a published issue (a draft is still edited in place); a conference paper always (its
 * proceeding is public).
 * @throws AppError `not_found` (venue, paper of another venue), `invalid` (draft issue).
 */
async function paperOnRecord(
  ctx: AppContext,
  venue: NoticeVenue,
  paperId: number,
): Promise<{ id: number; file: string | null }> {
  if ("proceeding" in venue) {
    const paper = await ctx.db
      .selectFrom("papers")
      .select(["id", "file"])
      .where("id", "=", paperId)
      .where("proceeding_id", "=", venue.proceeding)
      .executeTakeFirst();
    if (!paper) throw notFound(msg("There is no such paper in this proceeding."));
    return paper;
  }
  const { paper } = await journalPaperByUri(ctx, venue.journal, paperId);
  if (paper.status !== "published") throw invalid(NOT_PUBLISHED, { type: NOT_PUBLISHED });
  return paper;
}

/**
 * POST /add_paper_update/{journal}/{paper} (decision 490) and
 * POST /add_proceeding_paper_update/{proceeding}/{paper} (decision 496): adds the notice `input`
 * to a paper of a published issue of the journal, or to a conference paper of the proceeding;
 * for a stamping type, stamped copies of the PDF and of every earlier version's PDF are stored
 * first (decision 497; an unreadable PDF is served unstamped, and logged).
 * @returns the notice's id.
 * @throws AppError `not_found` (venue, paper of another venue), `invalid` (draft issue).
 */
export async function addPaperUpdate(
  ctx: AppContext,
  venue: NoticeVenue,
  paperId: number,
  input: PaperUpdateInput,
): Promise<{ id: number }> {
  const paper = await paperOnRecord(ctx, venue, paperId);
  const word = STAMPS[input.type];
  const stamps = word ? await stampCopies(ctx, paper, word) : { current: null, earlier: [] };
  return commitOrDiscard(
    ctx,
    async (trx) => {
      const row = await trx
        .insertInto("paper_updates")
        .values({
          paper_id: paper.id,
          type: input.type,
          title: input.title,
          text: input.text,
          date: input.date,
          doi: nullIfEmpty(input.doi),
          stamped_file: stamps.current,
          created_at: timestamp(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      if (stamps.earlier.length > 0) {
        await trx
          .insertInto("paper_update_stamps")
          .values(stamps.earlier.map((s) => ({ update_id: id, ...s })))
          .execute();
      }
      // the paper's datestamp moves, so OAI harvesters and feeds see the change
      await trx
        .updateTable("papers")
        .set({ updated_at: timestamp() })
        .where("id", "=", paper.id)
        .execute();
      return { id };
    },
    async () => {
      const keys = [stamps.current, ...stamps.earlier.map((s) => s.stamped_file)];
      for (const key of keys) if (key) await ctx.storage.remove(key);
    },
  );
}

/**
 * The stamped copy of the PDF at `key`, stored under a new key; null when pdf-lib cannot read
 * it (logged: that PDF is then served unstamped).
 */
async function storeStamped(
  ctx: AppContext,
  key: string,
  word: string,
  paperId: number,
): Promise<string | null> {
  try {
    const bytes = await stampPdf(await ctx.storage.read(key), word);
    const stamped = newKey("stamped", ".pdf");
    await ctx.storage.put(stamped, bytes);
    return stamped;
  } catch (error) {
    ctx.log.warn({ err: error, paperId }, "could not stamp a paper's PDF; served unstamped");
    return null;
  }
}

/**
 * Stamped copies of paper's current PDF and of every earlier version's PDF (decision 497), one
 * at a time (pdf-lib holds each file in memory); the originals are not changed.
 */
async function stampCopies(
  ctx: AppContext,
  paper: { id: number; file: string | null },
  word: string,
): Promise<{ current: string | null; earlier: { version: number; stamped_file: string }[] }> {
  const current = paper.file ? await storeStamped(ctx, paper.file, word, paper.id) : null;
  const versions = await ctx.db
    .selectFrom("paper_versions")
    .select(["version", "file"])
    .where("paper_id", "=", paper.id)
    .where("file", "is not", null)
    .orderBy("version")
    .execute();
  const earlier: { version: number; stamped_file: string }[] = [];
  for (const v of versions) {
    const stamped = v.file ? await storeStamped(ctx, v.file, word, paper.id) : null;
    if (stamped) earlier.push({ version: Number(v.version), stamped_file: stamped });
  }
  return { current, earlier };
}

/**
 * The stamped copy of earlier version `version`'s PDF that readers get (decision 497): the one
 * made for the newest notice that stamped it, or null (the version's original is served).
 */
export async function stampedVersionFile(
  db: Db,
  paperId: number,
  version: number,
): Promise<string | null> {
  const row = await db
    .selectFrom("paper_update_stamps as s")
    .innerJoin("paper_updates as u", "u.id", "s.update_id")
    .select("s.stamped_file")
    .where("u.paper_id", "=", paperId)
    .where("s.version", "=", version)
    .orderBy("u.date", "desc")
    .orderBy("u.id", "desc")
    .executeTakeFirst();
  return row?.stamped_file ?? null;
}

/**
 * When the PDF of a paper that a notice stamped is replaced (decision 497): the stamped copy of
 * the new PDF `key`, made with the newest stamping notice's word, or null when no notice stamps
 * the paper (or pdf-lib cannot read the file). Made before the edit's transaction;
 * {@link moveStamps} then files it.
 */
export async function stampReplacement(
  ctx: AppContext,
  paperId: number,
  key: string,
): Promise<string | null> {
  const rows = await ctx.db
    .selectFrom("paper_updates")
    .select(["type"])
    .where("paper_id", "=", paperId)
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .execute();
  const word = rows.map((r) => (isUpdateType(r.type) ? STAMPS[r.type] : undefined)).find(Boolean);
  return word ? storeStamped(ctx, key, word, paperId) : null;
}

/**
 * Inside the edit's transaction, once the replaced PDF is kept as earlier version `kept`
 * (decision 497): each notice's stamped copy of that PDF becomes the stamp of version `kept`,
 * and the newest stamping notice takes `stamped` (from {@link stampReplacement}) as the stamp of
 * the new current PDF, so readers never get the replaced PDF's stamp as the current one.
 */
export async function moveStamps(
  trx: Trx,
  paperId: number,
  kept: number,
  stamped: string | null,
): Promise<void> {
  const rows = await trx
    .selectFrom("paper_updates")
    .select(["id", "stamped_file"])
    .where("paper_id", "=", paperId)
    .where("stamped_file", "is not", null)
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const [i, r] of rows.entries()) {
    await trx
      .insertInto("paper_update_stamps")
      .values({ update_id: Number(r.id), version: kept, stamped_file: r.stamped_file as string })
      .execute();
    await trx
      .updateTable("paper_updates")
      .set({ stamped_file: i === 0 ? stamped : null })
      .where("id", "=", r.id)
      .execute();
  }
}
