/**
 * Registering an issue's DOIs from the dashboard (issue 16, "Done when"; decision 278), against
 * the local Crossref stand-in (tests/helpers/crossref-stand-in.ts) on the port the e2e server
 * deposits to (tests/e2e/serve.ts). A site administrator opens a corpus issue, sees each paper
 * 'Not registered', presses 'Register DOIs', and sees each status become 'Registered' as the
 * screen reads Crossref's submission log; on the desktop run Crossref refuses one DOI, whose
 * row shows 'Failed' with Crossref's message.
 */
import { expect, test } from "@playwright/test";
import {
  FAILURE_MESSAGE,
  type StandIn,
  startCrossrefStandIn,
} from "../helpers/crossref-stand-in.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { listenWhenFree } from "./helpers/ports.ts";

const REFUSED = "10.1371/journal.pone.0116752";
/** One corpus issue per project (they share the server): its dashboard path and its DOIs. */
const ISSUES: Record<string, { path: string; papers: number }> = {
  desktop: { path: "/dashboard/plos-one/10/1", papers: 3 },
  phone: { path: "/dashboard/plos-computational-biology/11/3", papers: 4 },
};

let standIn: StandIn;

// the other project's run of this spec may hold the port in the other worker: wait for it
test.beforeAll(async () => {
  standIn = await listenWhenFree(() =>
    startCrossrefStandIn({
      username: "e2e-crossref",
      password: "e2e-crossref-password",
      failDois: [REFUSED],
      port: Number(process.env.E2E_CROSSREF_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 2),
    }),
  );
});
test.afterAll(async () => {
  await standIn?.close();
});

test("registers an issue's DOIs with Crossref and shows each paper's status", async ({
  page,
}, testInfo) => {
  test.slow(); // a deposit, then the screen's reads of the submission log
  const issue = ISSUES[testInfo.project.name]!;
  await signInAsNewManager(page, testInfo);
  await page.goto(issue.path);
  const panel = page.getByRole("region", { name: "DOIs and indexing" });
  // the dashboard's first load after a build can take a while on a busy machine
  await expect(panel.getByRole("link", { name: "Download Crossref XML" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByRole("link", { name: "Download DOAJ XML" })).toBeVisible();
  const rows = panel.getByRole("list", { name: "DOI status" }).getByRole("listitem");
  await expect(rows).toHaveCount(issue.papers);
  for (const row of await rows.all()) await expect(row).toContainText("Not registered");
  await page.screenshot({ path: `/tmp/doi-${testInfo.project.name}-before.png`, fullPage: true });

  await panel.getByRole("button", { name: "Register DOIs" }).click();
  await expect(panel.getByRole("status")).toContainText("Deposit sent to Crossref");
  // the screen reads the submission log again while anything is queued
  const refused = testInfo.project.name === "desktop" ? 1 : 0;
  await expect(panel.locator('[data-status="registered"]')).toHaveCount(issue.papers - refused, {
    timeout: 20_000,
  });
  await expect(panel.locator('[data-status="queued"]')).toHaveCount(0);
  if (refused) {
    const row = rows.filter({ hasText: REFUSED });
    await expect(row).toContainText("Failed");
    await expect(row).toContainText(FAILURE_MESSAGE);
  }
  expect(standIn.batches.at(-1)?.dois.length).toBe(issue.papers);
  await page.screenshot({ path: `/tmp/doi-${testInfo.project.name}-after.png`, fullPage: true });
});
