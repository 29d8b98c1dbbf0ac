/**
 * Every screen in the reader's language (issue 32; decision 382): the home, journal, issue,
 * paper, full text, search, sign-in and author sign-up pages and a dashboard form, in each interface language
 * at 1280 and 375 px (the two projects), carry their language (`lang`, and `dir="rtl"` in
 * Arabic), never scroll sideways, and pass axe; in the pseudo-locale (the e2e server runs with
 * PSEUDO_LOCALE=1) no text of them is left outside the catalogues
 * (tests/e2e/helpers/untranslated.ts).
 */
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  LOCALES,
  localizedPath,
  PSEUDO_LOCALE,
  type RenderLocale,
} from "../../shared/i18n/locales.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { wcagViolations } from "./helpers/axe.ts";
import {
  type ContentIndex,
  contentIndex,
  escapedTexts,
  pageTexts,
  xmlTexts,
} from "./helpers/untranslated.ts";
import { SITE } from "./public-helpers.ts";

test.describe.configure({ mode: "parallel", timeout: 120_000 });

const root = path.resolve(import.meta.dirname, "../..");
const port = process.env.E2E_PORT ?? "3210";
const database = path.resolve(
  root,
  process.env.E2E_DATA_DIR ?? `data-e2e-${port}`,
  "athenaeum.sqlite",
);

/**
 * Names the interface shows as they are in every language: citation styles and formats, and
 * the search help's example queries, which must be words of the (English) corpus.
 */
const NAMES = [
  ...["Vancouver", "Chicago", "Harvard", "IEEE", "APA", "MLA", "BibTeX", "RIS", "CSL-JSON"],
  ...["frog tadpoles", '"theory of mind"', "frog OR toad", "frog -toad", "ecolog*"],
];

type Screen = { label: string; path: string; signedIn?: boolean };

/** The screens of the issue's list, found from the demo corpus. */
async function screens(page: Page): Promise<Screen[]> {
  const search = await page.request.get(
    `/api/search?q=${encodeURIComponent("10.7554/eLife.00005")}`,
  );
  const paper = ((await search.json()).results.hits as { link: string }[])[0]!.link;
  const journal = paper.split("/").slice(0, 3).join("/");
  const detail = await (
    await page.request.get(`/api${journal.replace("/journal/", "/get_journal/")}`)
  ).json();
  const issue = (await (
    await page.request.get(`/api${journal.replace("/journal/", "/get_publications/")}/Y`)
  ).json()) as { publications: { volume: string; issue: string }[] };
  expect(detail.status).toBe(1);
  const first = issue.publications[0]!;
  return [
    { label: "home", path: "/" },
    { label: "journal", path: journal },
    { label: "issue", path: `${journal}/${first.volume}/${first.issue}` },
    { label: "paper", path: paper },
    { label: "full text", path: `${paper}/fulltext` },
    { label: "search", path: "/search?q=cells" },
    { label: "sign in", path: "/manager" },
    { label: "author sign-up", path: "/author-signup" },
    { label: "a dashboard form", path: "/dashboard/create_journal/1", signedIn: true },
  ];
}

/** Opens `screen` in `locale`: a public page at its language's URL, the others by the cookie. */
async function open(page: Page, screen: Screen, locale: RenderLocale) {
  const base = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: "lang", value: locale, url: base }]);
  await page.goto(localizedPath(locale, screen.path));
  // a dashboard screen loads its data after hydration
  await page.waitForLoadState("networkidle");
}

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// One test per language, so that the six spread over the workers instead of one taking minutes.
for (const locale of LOCALES) {
  test(`${locale}: its lang and direction, no sideways scroll, no axe finding`, async ({
    page,
  }, testInfo) => {
    const list = await screens(page);
    await signInAsNewManager(page, testInfo);
    // axe's rules read the markup, which the phone width changes only through the layout: at
    // 375 px they run in one language of each direction, at 1280 px in every language
    const axe = testInfo.project.name !== "phone" || locale === "en" || locale === "ar";
    const problems: string[] = [];
    for (const screen of list) {
      await open(page, screen, locale);
      const label = `${locale} ${screen.label}`;
      const html = page.locator("html");
      await expect(html, label).toHaveAttribute("lang", locale);
      await expect(html, label).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      const over = await sideways(page);
      if (over > 0) problems.push(`${label}: scrolls ${over} px sideways`);
      if (axe) problems.push(...(await wcagViolations(page, label)));
    }
    expect(problems).toEqual([]);
  });
}

test("the pseudo-locale: no text of these screens is outside the catalogues", async ({
  page,
}, testInfo) => {
  const list = await screens(page);
  const paper = list.find((s) => s.label === "paper")!.path;
  const jats = await (await page.request.get(`${paper}/jats.xml`)).text();
  await signInAsNewManager(page, testInfo);
  const content: ContentIndex = contentIndex(database, xmlTexts(jats));
  const escaped: string[] = [];
  for (const screen of list) {
    await open(page, screen, PSEUDO_LOCALE);
    await expect(page.locator("html")).toHaveAttribute("lang", PSEUDO_LOCALE);
    for (const text of escapedTexts(await pageTexts(page), content, [SITE, ...NAMES])) {
      escaped.push(`${screen.label}: ${text}`);
    }
  }
  expect(escaped).toEqual([]);
});
