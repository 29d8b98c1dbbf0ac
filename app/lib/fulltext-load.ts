/**
 * The loader of a paper's HTML full text (issue 18, decision 285), one for journal and
 * conference papers: the paper found as its abstract page finds it (`find`, which applies the
 * readability rule), then its JATS galley's tree; the 404 page without either, and an empty page
 * with HTTP 503 when the load fails ({@link loadRecordPage}).
 */
import type { AppContext } from "../../server/services/context.ts";
import { paperFullText } from "../../server/services/fulltext/reader.ts";
import type { FullText } from "../../shared/fulltext.ts";
import { loadRecordPage } from "./public-load.ts";

/** What a full-text page renders: all null (and no header) on a failed load. */
type FullTextPageData<P> = { paper: P | null; text: FullText | null; headerText: string };

export function loadFullTextPage<P extends { paperID: number }>(
  ctx: AppContext,
  /** Names the record in the log: "paper full text". */
  what: string,
  find: () => Promise<P | null>,
  /** The banner's header text for the found paper (its journal's or proceeding's name). */
  headerOf: (paper: P) => string,
) {
  const empty: FullTextPageData<P> = { paper: null, text: null, headerText: "" };
  return loadRecordPage(
    ctx,
    what,
    async () => {
      const paper = await find();
      const text = paper ? await paperFullText(ctx, paper.paperID) : null;
      return paper && text ? { paper, text } : null;
    },
    ({ paper, text }): FullTextPageData<P> => ({ paper, text, headerText: headerOf(paper) }),
    empty,
  );
}
