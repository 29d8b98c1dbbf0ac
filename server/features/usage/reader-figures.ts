/**
 * The usage figures readers see (issue 17; docs/decisions/284-usage-figures-for-readers.md):
 * a paper's views and downloads on its page, and the 'Most read' papers of the site or of a
 * journal. Both count whole UTC days up to the end of yesterday, so a page shows the same
 * figures all day in every process, and the output cache renders it once a day
 * (server/http/output-cache.ts).
 *
 * Views are Total_Item_Investigations and downloads Total_Item_Requests (COUNTER R5.1
 * section 3.3.5): a download is also a view, as COUNTER counts.
 */
import type { MostReadPaper, ReaderFigures } from "../../../shared/usage.ts";
import type { AppContext } from "../../services/context.ts";
import { addDays, type PaperFilter, topPaperFigures, totalFigures, utcToday } from "./figures.ts";
import { describePapers } from "./paper-facts.ts";

/** The first day usage was counted: the range of a paper's totals starts there. */
const EPOCH = "2000-01-01";
/** 'Most read' looks at the last 30 whole days. */
export const MOST_READ_DAYS = 30;

/** A paper's views and downloads up to the end of yesterday (UTC). */
export async function paperReaderFigures(
  ctx: AppContext,
  paperId: number,
  today = utcToday(),
): Promise<ReaderFigures> {
  const through = addDays(today, -1);
  const figures = await totalFigures(ctx.db, EPOCH, through, { kind: "paper", id: paperId });
  return {
    views: figures.total_item_investigations,
    downloads: figures.total_item_requests,
    through,
  };
}

/** Most papers 'Most read' ranks to find its few that readers can see. */
const MOST_READ_DEPTH = 1_000;

/**
 * The `limit` papers readers viewed most over the last {@link MOST_READ_DAYS} whole days, of the
 * site or of one journal (by URI); only papers readers can see now (decision 260's rule, in
 * ./paper-facts.ts), and only papers with views. Papers readers cannot see that rank above them
 * are passed over, reading deeper (up to {@link MOST_READ_DEPTH} papers) until `limit` are found.
 */
export async function mostRead(
  ctx: AppContext,
  scope: { journalUri: string } | "site",
  limit = 5,
  today = utcToday(),
): Promise<MostReadPaper[]> {
  const to = addDays(today, -1);
  const from = addDays(today, -MOST_READ_DAYS);
  let filter: PaperFilter = { kind: "site" };
  if (scope !== "site") {
    const journal = await ctx.db
      .selectFrom("journals")
      .select("id")
      .where("uri", "=", scope.journalUri)
      .executeTakeFirst();
    if (!journal) return [];
    filter = { kind: "journal", id: journal.id };
  }
  // a few more than asked, in case some are no longer public; more when they were not enough
  for (let depth = limit * 2; ; depth = Math.min(depth * 4, MOST_READ_DEPTH)) {
    const top = await topPaperFigures(ctx.db, ctx.dialect, from, to, filter, depth);
    const facts = await describePapers(
      ctx.db,
      top.map((t) => t.paperId),
    );
    const out: MostReadPaper[] = [];
    for (const t of top) {
      const paper = facts.get(t.paperId);
      if (!paper?.public || t.total_item_investigations === 0) continue;
      out.push({
        paperID: t.paperId,
        title: paper.title,
        link: paper.link,
        source: paper.source,
        views: t.total_item_investigations,
      });
      if (out.length === limit) break;
    }
    if (out.length === limit || top.length < depth || depth >= MOST_READ_DEPTH) return out;
  }
}
