/**
 * Issue 6: every public page is valid HTML by the Nu HTML Checker (npm `vnu-jar`, the checker
 * behind validator.w3.org/nu), run with the machine's Java (Debian's `default-jre-headless`,
 * installed by .ci/run). The server-rendered HTML of each page, as a crawler or validator gets it,
 * is written to a temporary folder and checked in one `java -jar vnu.jar` run; any error fails the
 * test and is printed with its page, line and extract. Decision 160.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { javaAvailable, nuErrors } from "./helpers/nu-checker.ts";

function first<T>(items: T[] | undefined, what: string): T {
  const item = items?.[0];
  if (item === undefined) throw new Error(`the e2e catalogue has no ${what}`);
  return item;
}

/**
 * The public pages of the spec (section 2) as `{name: path}`: the fixed pages, and for every
 * journal its page, newest issue and that issue's first paper, and for every proceeding its page
 * and first paper (ids from the public API, so the catalogue's variety is covered).
 */
async function publicPages(request: APIRequestContext): Promise<Record<string, string>> {
  const get = async (url: string) => {
    const response = await request.get(url);
    expect(response.ok(), url).toBe(true);
    return response.json();
  };
  const pages: Record<string, string> = {
    home: "/",
    journals: "/journals",
    proceedings: "/proceedings",
    categories: "/categories",
    contact: "/contact",
    search: "/search?q=language+model",
    "search-empty": "/search?q=zzqqxxnothing",
    manager: "/manager",
    registration: "/registration",
    "not-found": "/no-such-page",
  };
  const journals = (await get("/api/all_journals")).journals as { link: string }[];
  first(journals, "journal");
  for (const { link } of journals) {
    const journal = link.split("/")[2];
    pages[`journal-${journal}`] = link;
    const issues = (await get(`/api/get_publications/${journal}/Y`)).publications as {
      volume: string;
      issue: string;
      link: string;
    }[];
    if (issues.length === 0) continue;
    const issue = first(issues, "issue");
    pages[`issue-${journal}`] = issue.link;
    const publication = (
      await get(`/api/get_publication/${journal}/${issue.volume}/${issue.issue}`)
    ).publication as { papers: { paperID: number }[] };
    if (publication.papers.length === 0) continue;
    pages[`paper-${journal}`] = `/journal/${journal}/${first(publication.papers, "paper").paperID}`;
  }
  const proceedings = (await get("/api/all_proceedings")).proceedings as { link: string }[];
  first(proceedings, "proceeding");
  for (const { link } of proceedings) {
    const slug = link.split("/")[2];
    pages[`proceeding-${slug}`] = link;
    const proceeding = (await get(`/api/get_proceeding_page/${slug}`)).proceeding as {
      papers: { link: string }[];
    };
    if (proceeding.papers.length > 0) {
      pages[`proceeding-paper-${slug}`] = first(proceeding.papers, "proceeding paper").link;
    }
  }
  // the kinds the issue names must all be there
  for (const kind of ["journal-", "issue-", "paper-", "proceeding-", "proceeding-paper-"]) {
    expect(
      Object.keys(pages).some((name) => name.startsWith(kind)),
      kind,
    ).toBe(true);
  }
  return pages;
}

test("every public page is valid HTML by the Nu HTML Checker", async ({ request }, testInfo) => {
  // the HTML is the same for every viewport; one run is enough
  test.skip(testInfo.project.name !== "desktop", "runs once, in the desktop project");
  const noJava =
    "java is missing: install Debian's default-jre-headless (.ci/run does) to run the Nu HTML Checker";
  // the list reporter does not print skip reasons; say it where CI logs show it
  if (!javaAvailable()) console.warn(`html-valid skipped: ${noJava}`);
  test.skip(!javaAvailable(), noJava);
  test.setTimeout(120_000);

  const pages = await publicPages(request);
  const checked: { label: string; html: string }[] = [];
  for (const [name, url] of Object.entries(pages)) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(name === "not-found" ? 404 : 200);
    expect(response.headers()["content-type"], url).toContain("text/html");
    checked.push({ label: url, html: await response.text() });
  }
  const errors = nuErrors(checked);
  console.log(`Nu HTML Checker: ${checked.length} pages, ${errors.length} errors`);
  if (errors.length > 0) console.log(`Nu HTML Checker errors:\n${errors.join("\n")}`);
  expect(errors, `${errors.length} HTML errors over ${checked.length} pages`).toEqual([]);
  expect(checked).toHaveLength(Object.keys(pages).length);
});
