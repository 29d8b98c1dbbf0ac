/**
 * The Statistics screen (issue 17, "Done when"; docs/decisions/283-statistics-screen.md) on the
 * production server of the browser tests, which counts usage as production does (its output
 * cache included), writing every 2 s (tests/e2e/serve.ts).
 *
 * A scripted visitor views a paper three times within 30 s and downloads its PDF twice as pdf.js
 * does (range requests); a robot views it five times. The IR of the month (SUSHI) then shows the
 * figures the Code of Practice's rules give, and a site administrator reads the same figures in
 * the table beside the chart, changes the range, downloads the table, and creates and revokes a
 * SUSHI key; a journal manager without journals gets the screen's message.
 */
import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { signInAsNewManager } from "./helpers/account.ts";

const WORLD = "0000000000000000";
const VISITOR = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const ROBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** A corpus paper with a PDF that no other spec opens, one per project (they share a server). */
const PAPERS: Record<string, string> = {
  desktop: "Do NSAIDs and ASA Cause More Upper Gastrointestinal Bleeding",
  phone: "Molecular Epidemiology of Enteric Adenovirus Gastroenteritis",
};

const today = () => new Date().toISOString().slice(0, 10);
const month = () => today().slice(0, 7);

type Figures = {
  Total_Item_Investigations: number;
  Total_Item_Requests: number;
  Unique_Item_Investigations: number;
  Unique_Item_Requests: number;
};

/** The paper's four figures this month in the IR (zeros when it has none). */
async function irFigures(api: APIRequestContext, paperId: number): Promise<Figures> {
  const res = await api.get("/sushi/r51/reports/ir", {
    params: {
      customer_id: WORLD,
      begin_date: month(),
      end_date: month(),
      item_id: `athenaeum:paper/${paperId}`,
    },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    Report_Items: {
      Items: { Attribute_Performance: { Performance: Record<string, Record<string, number>> }[] }[];
    }[];
  };
  const performance = body.Report_Items[0]?.Items[0]?.Attribute_Performance[0]?.Performance ?? {};
  const of = (metric: string) => performance[metric]?.[month()] ?? 0;
  return {
    Total_Item_Investigations: of("Total_Item_Investigations"),
    Total_Item_Requests: of("Total_Item_Requests"),
    Unique_Item_Investigations: of("Unique_Item_Investigations"),
    Unique_Item_Requests: of("Unique_Item_Requests"),
  };
}

test("a visit counted by the Code of Practice shows in the Statistics screen's table", async ({
  page,
  baseURL,
}, testInfo) => {
  const title = PAPERS[testInfo.project.name]!;
  const visitor = await request.newContext({
    baseURL,
    extraHTTPHeaders: { "user-agent": VISITOR },
  });
  const robot = await request.newContext({ baseURL, extraHTTPHeaders: { "user-agent": ROBOT } });
  try {
    const search = await visitor.get("/api/search", { params: { q: `"${title}"` } });
    const hit = (
      (await search.json()) as {
        results: { hits: { paperID: number; link: string; title: string }[] };
      }
    ).results.hits[0]!;
    const paper = (
      (await (
        await visitor.get(`/api${hit.link.replace("/journal/", "/get_journal_paper/")}`)
      ).json()) as {
        paper: { file_url: string };
      }
    ).paper;
    const before = await irFigures(visitor, hit.paperID);

    // three views within 30 s; two openings of the PDF, each as pdf.js reads it (ranges)
    for (let i = 0; i < 3; i++) expect((await visitor.get(hit.link)).status()).toBe(200);
    for (let i = 0; i < 2; i++) {
      for (const range of ["bytes=0-65535", "bytes=65536-131071"]) {
        expect((await visitor.get(paper.file_url, { headers: { range } })).status()).toBe(206);
      }
    }
    // a robot on the COUNTER list, five times
    for (let i = 0; i < 5; i++) expect((await robot.get(hit.link)).status()).toBe(200);

    // COUNTER R5.1: section 7.2, the views are one action and the PDF openings one action;
    // section 3.3.5, a Request is an Investigation too; section 7.3, one user-session (IP,
    // user agent, hour) counts the paper once; section 7.8, the robot counts nothing.
    const expected: Figures = {
      Total_Item_Investigations: before.Total_Item_Investigations + 2,
      Total_Item_Requests: before.Total_Item_Requests + 1,
      Unique_Item_Investigations: before.Unique_Item_Investigations + 1,
      Unique_Item_Requests: before.Unique_Item_Requests + 1,
    };
    // the server writes its counts every 2 s
    await expect.poll(() => irFigures(visitor, hit.paperID), { timeout: 30_000 }).toEqual(expected);

    await signInAsNewManager(page, testInfo);
    await page.goto("/dashboard");
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Statistics" })
      .click();
    await expect(page.getByRole("heading", { name: "Statistics", level: 1 })).toBeVisible();
    // the site first; then the paper's journal, whose most viewed papers link to their figures
    await expect(page.getByRole("heading", { name: "Athenaeum", level: 2 })).toBeVisible();
    await page.getByLabel("Show").selectOption({ label: "Gastroenterology Research and Practice" });
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "Gastroenterology Research and Practice", level: 2 }),
    ).toBeVisible();
    await page.getByRole("link", { name: hit.title, exact: true }).click();
    await expect(page.getByRole("heading", { name: hit.title, level: 2 })).toBeVisible();
    await expect(page.locator('[data-chart="usage"] canvas').first()).toBeAttached();

    // the table beside the chart: today's row holds the IR's figures (the server's data is
    // all of today: it starts empty)
    const row = page.locator(`[data-table="periods"] tr[data-period="${today()}"]`);
    await expect(row.locator("td")).toHaveText([
      String(expected.Total_Item_Investigations),
      String(expected.Total_Item_Requests),
      String(expected.Unique_Item_Investigations),
      String(expected.Unique_Item_Requests),
    ]);
    const headings = page.locator('[data-table="periods"] thead th');
    await expect(headings).toHaveText([
      "Day",
      "Views",
      "Downloads",
      "Unique views",
      "Unique downloads",
    ]);

    // the range: a wrong one is refused in place; a right one shows its days
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("From", { exact: true }).fill(today());
    await page.getByLabel("To", { exact: true }).fill(yesterday);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "The start date must not be after the end date.",
    );
    await page.getByLabel("From", { exact: true }).fill(yesterday);
    await page.getByLabel("To", { exact: true }).fill(today());
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`from=${yesterday}&to=${today()}`));
    await expect(page.locator('[data-table="periods"] tbody tr')).toHaveCount(2);
    await expect(row.locator("td").first()).toHaveText(String(expected.Total_Item_Investigations));

    // the table as CSV
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download this table (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statistics-paper-\d+-periods-.*\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString()).toContain(
      `${today()},${expected.Total_Item_Investigations},${expected.Total_Item_Requests},`,
    );
  } finally {
    await visitor.dispose();
    await robot.dispose();
  }
});

test("an administrator creates and revokes a SUSHI key", async ({ page }, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard/statistics");
  const panel = page.getByRole("region", { name: "SUSHI for libraries" });
  await expect(panel).toContainText("0000000000000000 (The World)");
  const label = `Library ${testInfo.project.name} ${Date.now()}`;
  await panel.getByLabel("Who the new key is for").fill(label);
  await panel.getByRole("button", { name: "Create key" }).click();
  await expect(panel.getByText("Copy the new key now: it is not shown again.")).toBeVisible();
  const secret = (await panel.locator("[data-secret]").textContent())!.trim();
  expect(secret).toMatch(/^sushi_/);
  const item = panel.getByRole("listitem").filter({ hasText: label });
  await expect(item).toContainText(secret.slice(0, 12));
  // asked first in the dashboard's confirmation dialog (decision 269), not the browser's confirm()
  await item.getByRole("button", { name: `Revoke the key ${label}` }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this key?" });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(confirm).toBeHidden();
  await expect(item).toContainText("Revoked");
  // an empty label is refused with the server's message
  await panel.getByRole("button", { name: "Create key" }).click();
  await expect(panel.getByText("Say who the key is for.")).toBeVisible();
});

test("a journal manager with nothing assigned is told so", async ({ page }, testInfo) => {
  await signInAsNewManager(page, testInfo, { role: "manager" });
  await page.goto("/dashboard/statistics");
  await expect(
    page.getByText(
      "No journal or proceeding is assigned to you yet, so there are no statistics to show. Ask a site administrator to assign one.",
    ),
  ).toBeVisible();
});

test("the Issue picker is ready as soon as a journal is chosen, before 'Show'", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard/statistics");
  const issue = page.getByLabel("Issue", { exact: true });
  await expect(issue).toBeDisabled();
  await page.getByLabel("Show").selectOption({ label: "Viewer Test Fixtures" });
  // issue 34: enabled at once, offering the journal's issues, without pressing 'Show'
  await expect(issue).toBeEnabled();
  await expect(issue.locator("option", { hasText: /^Vol\. 1 No\. 1/ })).toHaveCount(1);
  await issue.selectOption({ label: (await issue.locator("option").nth(1).textContent())! });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/scope=journal%3Aviewer-fixtures&issue=\d+/);
});
