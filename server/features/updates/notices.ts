/**
 * Update notices of papers (issue 33; docs/decisions/490-versions-and-update-notices.md): a
 * manager adds a correction, retraction… (Crossref's types, shared/updates.ts) to a paper of a
 * published issue; readers and every writer read them here.
 *
 * A notice of a type that stamps (retraction, partial retraction, withdrawal) stores a stamped
 * copy of the paper's PDF (./stamp.ts) under its own key before the row is written; the
 * original is never changed. A removal withdraws the files: the queries of the download and
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
import type { AppContext } from "../../services/context.ts";
import { invalid, notFound } from "../../services/errors.ts";
import { commitOrDiscard, nullIfEmpty, timestamp } from "../../services/write.ts";
import { newKey } from "../../storage/storage.ts";
import { journalByUri } from "../journals/queries.ts";
import { stampPdf } from "./stamp.ts";

type NoticeRow = {
  id: number;
  paper_id: number;
  type: string;
  title: string;
  text: string;
  date: string;
  doi: string | null;
};

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
 * POST /add_paper_update/{journal}/{paper} (added, decision 490): adds the notice `input` to
 * a paper of a published issue of the journal; for a stamping type, the PDF's stamped copy is
 * stored first (an unreadable PDF is served unstamped, and logged).
 * @returns the notice's id.
 * @throws AppError `not_found` (journal, paper of another journal), `invalid` (draft issue).
 */
export async function addPaperUpdate(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
  input: PaperUpdateInput,
): Promise<{ id: number }> {
  const journal = await journalByUri(ctx, journalUri);
  const paper = await ctx.db
    .selectFrom("papers as p")
    .innerJoin("publications as pub", "pub.id", "p.publication_id")
    .select(["p.id", "p.file", "pub.status"])
    .where("p.id", "=", paperId)
    .where("pub.journal_id", "=", journal.id)
    .executeTakeFirst();
  if (!paper) throw notFound(msg("There is no such paper in this journal."));
  if (paper.status !== "published") throw invalid(NOT_PUBLISHED, { type: NOT_PUBLISHED });
  const word = STAMPS[input.type];
  let stamped: string | null = null;
  if (word && paper.file) {
    try {
      const bytes = await stampPdf(await ctx.storage.read(paper.file), word);
      stamped = newKey("stamped", ".pdf");
      await ctx.storage.put(stamped, bytes);
    } catch (error) {
      ctx.log.warn({ err: error, paperId }, "could not stamp a paper's PDF; served unstamped");
      stamped = null;
    }
  }
  const key = stamped;
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
          stamped_file: key,
          created_at: timestamp(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // the paper's datestamp moves, so OAI harvesters and feeds see the change
      await trx
        .updateTable("papers")
        .set({ updated_at: timestamp() })
        .where("id", "=", paper.id)
        .execute();
      return { id: Number(row.id) };
    },
    async () => {
      if (key) await ctx.storage.remove(key);
    },
  );
}
