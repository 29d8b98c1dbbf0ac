/**
 * Usage rows written straight into the usage tables (issue 17), for the tests of what is read
 * back from them: the SUSHI reports, the Statistics screen, the figures beside a paper. Counting
 * itself is tests/api/usage-counting.test.ts.
 */

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
