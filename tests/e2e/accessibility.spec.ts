/**
 * Issues 15 and 34: axe-core (through @axe-core/playwright) finds no violation, of any impact,
 * of WCAG 2.0/2.1/2.2 A/AA (decision 450) on any page of the site, public or dashboard, signed out and signed in, with
 * its dialogs and menus open where it has them, at 1280 and 375 px (the two projects).
 * Decision 267. Every page of one group is checked in one test with one page, so the spec stays
 * short; the failure message lists each violation with its page, rule and first elements.
 */
import { expect, type Page, test } from "@playwright/test";
import { FIXTURE_JOURNAL, FIXTURE_PAPERS, FIXTURE_PROCEEDING, paperPath } from "./fixtures.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { wcagViolations } from "./helpers/axe.ts";
import { openFind, showMoreTools } from "./helpers/viewer.ts";

test.describe.configure({ timeout: 240_000 });

const journal = FIXTURE_JOURNAL.slug;
const issuePath = `/journal/${journal}/${FIXTURE_JOURNAL.volume}/${FIXTURE_JOURNAL.issue}`;
const proceedingPath = `/proceedings/${FIXTURE_PROCEEDING.slug}`;

/** The pages are ready: the document loaded and nothing says it is still loading. */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  await expect(page.getByText(/^Loading (the|page|PDF)/)).toHaveCount(0, { timeout: 20_000 });
}

type Check = { label: string; path: string; prepare?: (page: Page) => Promise<void> };

async function checkAll(page: Page, checks: Check[]): Promise<string[]> {
  const found: string[] = [];
  for (const { label, path, prepare } of checks) {
    // the header's menu exists on small screens only: elsewhere that check repeats another
    if (prepare === openMenu && !phone(page)) continue;
    await page.goto(path);
    await settle(page);
    await prepare?.(page);
    found.push(...(await wcagViolations(page, label)));
  }
  return found;
}

const phone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

/** The small-screen menu of the header, opened (a no-op where there is none). */
async function openMenu(page: Page) {
  const toggle = page.getByRole("button", { name: "Open menu" });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
  }
}

test("public pages, signed out and in, with their menus and panels open", async ({
  page,
}, testInfo) => {
  const paper = await paperPath(page.request, journal, FIXTURE_PAPERS.multiPage.title);
  const proceedings = (await (await page.request.get("/api/all_proceedings")).json()) as {
    proceedings: { title: string; link?: string }[];
  };
  expect(proceedings.proceedings.length).toBeGreaterThan(0);
  const pages: Check[] = [
    { label: "home", path: "/" },
    { label: "home, menu open", path: "/", prepare: openMenu },
    { label: "journals", path: "/journals" },
    { label: "journal", path: `/journal/${journal}` },
    {
      label: "journal, Publications open",
      path: `/journal/${journal}`,
      prepare: async (p) => {
        await p.getByRole("button", { name: "Publications" }).click();
      },
    },
    { label: "issue", path: issuePath },
    {
      label: "issue, board open",
      path: issuePath,
      prepare: async (p) => {
        await p.getByRole("button", { name: /Editorial Board/ }).click();
      },
    },
    { label: "paper", path: paper },
    {
      label: "paper, a citation style chosen",
      path: paper,
      prepare: async (p) => {
        const cite = p.getByRole("region", { name: "Cite this paper" });
        await cite.getByText("MLA", { exact: true }).click();
        await expect(cite.locator("[aria-live]")).not.toBeEmpty({ timeout: 20_000 });
      },
    },
    {
      label: "paper, PDF reader open",
      path: paper,
      prepare: async (p) => {
        await p.getByRole("button", { name: "Open Full Text (PDF)" }).click();
        const viewer = p.getByRole("region", { name: "Full text (PDF)" });
        await expect(viewer.locator('.page[data-page-number="1"] canvas')).toBeVisible({
          timeout: 30_000,
        });
        await expect(viewer.getByRole("region", { name: /^PDF pages/ })).toHaveAttribute(
          "aria-busy",
          "false",
          { timeout: 30_000 },
        );
        // below 1280 px, with its 'More tools' row and the find bar open too
        await showMoreTools(viewer);
        await openFind(viewer);
      },
    },
    { label: "categories", path: "/categories" },
    { label: "contact", path: "/contact" },
    { label: "search", path: "/search?q=wheat" },
    { label: "search, nothing found", path: "/search?q=zzzqqqxxx" },
    { label: "proceedings", path: "/proceedings" },
    { label: "proceeding", path: proceedingPath },
    { label: "manager (sign in)", path: "/manager" },
    { label: "registration", path: "/registration" },
    { label: "forgot password", path: "/forgot-password" },
    { label: "reset password", path: "/reset-password?token=nope" },
    { label: "administrator confirmation", path: `/confirm-admin#${"x".repeat(43)}` },
    { label: "404", path: "/no-such-page" },
  ];
  const found = await checkAll(page, pages);
  // the conference paper of the fixture proceeding
  const conferencePaper = await page
    .goto(proceedingPath)
    .then(() =>
      page
        .getByRole("link", { name: FIXTURE_PROCEEDING.paper.title, exact: true })
        .getAttribute("href"),
    );
  found.push(...(await checkAll(page, [{ label: "conference paper", path: conferencePaper! }])));

  // signed in, the public pages show the manager's own links
  await signInAsNewManager(page, testInfo);
  found.push(
    ...(await checkAll(page, [
      { label: "home (signed in)", path: "/" },
      { label: "paper (signed in)", path: paper },
    ])),
  );
  expect(found, found.join("\n")).toEqual([]);
});

/** The ids the dashboard screens of the fixture journal and proceeding need. */
async function dashboardTargets(page: Page) {
  const publications = (await (
    await page.request.get(`/api/get_publications/${journal}`)
  ).json()) as { publications: { id: number }[] };
  const proceedings = (await (await page.request.get("/api/all_proceedings/Y")).json()) as {
    proceedings: { id: number; title: string }[];
  };
  const proceedingId = proceedings.proceedings.find((p) =>
    p.title.includes("Viewer Test Workshop"),
  )!.id;
  const contents = (await (
    await page.request.get(`/api/get_proceeding_contents/${proceedingId}`)
  ).json()) as { proceeding: { papers: { paperID: number }[] } };
  const paper = await paperPath(page.request, journal, FIXTURE_PAPERS.multiPage.title);
  return {
    publicationId: publications.publications[0]!.id,
    proceedingId,
    proceedingPaperId: contents.proceeding.papers[0]!.paperID,
    paperId: paper.split("/").at(-1)!,
    issueScreen: `/dashboard/${journal}/${FIXTURE_JOURNAL.volume}/${FIXTURE_JOURNAL.issue}`,
  };
}

// Two tests, so that each stays well inside its time on a busy machine.
test("dashboard journal, issue and paper screens, with their dialogs open", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  const { publicationId, paperId, issueScreen } = await dashboardTargets(page);
  const found = await checkAll(page, [
    { label: "dashboard", path: "/dashboard" },
    { label: "dashboard, menu open", path: "/dashboard", prepare: openMenu },
    { label: "create journal 1", path: "/dashboard/create_journal/1" },
    { label: "create journal 2", path: `/dashboard/create_journal/2?journal=${journal}` },
    { label: "edit journal", path: `/dashboard/edit_journal/${journal}` },
    { label: "publications", path: `/dashboard/${journal}/publications` },
    { label: "create publication", path: `/dashboard/create_publication/${journal}` },
    { label: "paper submission", path: `/dashboard/paper_submission/${journal}` },
    { label: "publication", path: issueScreen },
    {
      label: "publication, delete dialog open",
      path: issueScreen,
      prepare: async (p) => {
        await p
          .getByRole("button", { name: /^Delete/ })
          .first()
          .click();
        await expect(p.getByRole("dialog")).toBeVisible();
      },
    },
    { label: "edit paper", path: `/dashboard/edit_paper/${journal}/${paperId}` },
    {
      label: "edit publication",
      path: `/dashboard/edit_publication/${journal}/${publicationId}`,
    },
  ]);
  expect(found, found.join("\n")).toEqual([]);
});

test("dashboard proceedings, partners, managers and account screens, with their dialogs open", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  const { proceedingId, proceedingPaperId } = await dashboardTargets(page);
  const found = await checkAll(page, [
    { label: "proceedings", path: "/dashboard/proceedings" },
    { label: "create proceeding", path: "/dashboard/create_proceeding" },
    { label: "edit proceeding", path: `/dashboard/edit_proceeding/${proceedingId}` },
    { label: "proceeding papers", path: `/dashboard/proceeding_papers/${proceedingId}` },
    { label: "add proceeding paper", path: `/dashboard/add_proceeding_paper/${proceedingId}` },
    {
      label: "edit proceeding paper",
      path: `/dashboard/edit_proceeding_paper/${proceedingId}/${proceedingPaperId}`,
    },
    { label: "partners", path: "/dashboard/partners" },
    {
      label: "partners, remove dialog open",
      path: "/dashboard/partners",
      prepare: async (p) => {
        await p
          .getByRole("button", { name: /^Remove :/ })
          .first()
          .click();
        await expect(p.getByRole("dialog")).toBeVisible();
      },
    },
    { label: "managers", path: "/dashboard/managers" },
    { label: "account", path: "/dashboard/account" },
    { label: "statistics", path: "/dashboard/statistics" },
    { label: "dashboard 404", path: "/dashboard/create_journal/3" },
  ]);
  expect(found, found.join("\n")).toEqual([]);
  // the day table's scrolling box is one Tab stop, named by the table's caption (issue 34)
  await page.goto("/dashboard/statistics");
  const box = page.locator('section:has(> table[data-table="periods"])');
  await expect(box).toHaveAttribute("tabindex", "0");
  await expect(box).toHaveAccessibleName(/\S/);
  await box.focus();
  await expect(box).toBeFocused();
});
