/**
 * Issue 7: the fuzzer of tests/helpers/fuzz.ts against the production build, where the
 * server-rendered pages are mounted (vitest has no SSR handler): every page route, with every
 * method and malformed paths, headers and bodies, plus the API, files and crawler routes.
 * FUZZ_PAGES_COUNT requests (default 3000) from FUZZ_SEED; no answer may be a 5xx. The signed-in
 * cookie goes to pages only, so the shared server's catalogue stays as the other specs expect.
 */
import { expect, test } from "@playwright/test";
import { type FuzzTargets, fuzzRequests, runFuzz } from "../helpers/fuzz.ts";
import { signInAsNewManager } from "./helpers/account.ts";

const COUNT = Number(process.env.FUZZ_PAGES_COUNT ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_014);

test("pages and API answer fuzzed requests without a 5xx", async ({ page, baseURL }, testInfo) => {
  // the server is the same for every project; one viewport is enough
  test.skip(testInfo.project.name !== "desktop", "runs once, in the desktop project");
  test.setTimeout(300_000);
  const base = new URL(baseURL!);
  await signInAsNewManager(page, testInfo);
  const cookie = (await page.context().cookies())
    .filter((c) => c.name.endsWith("session"))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  const get = async (path: string) => (await page.request.get(path)).json();

  const journal = (await get("/api/all_journals")).journals[0].link.split("/")[2] as string;
  const issue = (await get(`/api/get_publications/${journal}/Y`)).publications[0];
  const publication = (await get(`/api/get_publication/${journal}/${issue.volume}/${issue.issue}`))
    .publication;
  const proceeding = (await get("/api/all_proceedings")).proceedings[0];
  const partner = (await get("/api/partners")).partners?.[0];
  const targets: FuzzTargets = {
    journal,
    volume: String(issue.volume),
    issue: String(issue.issue),
    publication: Number(issue.value),
    paper: Number(publication.papers[0]?.paperID ?? 1),
    proceeding: Number(proceeding?.id ?? 1),
    slug: String(proceeding?.link ?? "/proceedings/x").split("/")[2] ?? "x",
    partner: Number(partner?.id ?? 1),
    cookie,
    cookieForPagesOnly: true,
    host: base.host,
  };

  const report = await runFuzz(Number(base.port), fuzzRequests(SEED, COUNT, targets, true), 4);
  console.log(`fuzz histogram with pages (seed ${SEED}, ${COUNT} requests):`, report.histogram);
  expect(report.failures).toEqual([]);
  expect(Object.values(report.histogram).reduce((a, b) => a + b, 0)).toBe(COUNT);
  expect(report.histogram[200]).toBeGreaterThan(COUNT / 20);
});
