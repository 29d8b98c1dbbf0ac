/**
 * Usage rows written straight into the usage tables (issue 17), for the tests of what is read
 * back from them: the SUSHI reports, the Statistics screen, the figures beside a paper. Counting
 * itself is tests/api/usage-counting.test.ts. Also who reads the Statistics screen in them.
 */
import { signedInAdministrator, signedInJournalManager } from "./account.ts";
import type { TestContext } from "./context.ts";

/**
 * The two who see every figure of the journal `journalId` on the Statistics screen: a site
 * administrator and Mary Somerville, a manager of that journal only; each as the `Cookie`
 * header value of a session of theirs.
 */
export async function statisticsReaders(
  t: TestContext,
  journalId: number,
): Promise<{ adminCookie: string; managerCookie: string }> {
  const admin = await signedInAdministrator(t);
  const manager = await signedInJournalManager(t, journalId, {
    fname: "Mary",
    lname: "Somerville",
  });
  return { adminCookie: admin.cookie, managerCookie: manager.cookie };
}

/**
 * The four COUNTER R5.1 item metrics of a usage row: Total_Item_Investigations,
 * Total_Item_Requests, Unique_Item_Investigations, Unique_Item_Requests, in that order.
 */
export const usageFigures = (ti: number, tr: number, ui: number, ur: number) => ({
  total_item_investigations: ti,
  total_item_requests: tr,
  unique_item_investigations: ui,
  unique_item_requests: ur,
});

export type UsageFigures = ReturnType<typeof usageFigures>;

/** A `usage_item_daily` row: paper `paper` on `day` (YYYY-MM-DD), open access, published `yop`. */
export const dailyItemRow = (day: string, paper: number, yop: number, figures: UsageFigures) => ({
  day,
  paper_id: paper,
  yop,
  access_type: "Open",
  ...figures,
});

/** A `usage_item_monthly` row: paper `paper` in `month` (YYYY-MM), as {@link dailyItemRow}. */
export const monthlyItemRow = (
  month: string,
  paper: number,
  yop: number,
  figures: UsageFigures,
) => ({
  month,
  paper_id: paper,
  yop,
  access_type: "Open",
  ...figures,
});
