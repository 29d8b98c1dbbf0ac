/**
 * Issue 7: fuzzed requests never get a 5xx. 10,000 requests (FUZZ_COUNT) from a fixed seed
 * (FUZZ_SEED) over every API call, signed out and signed in, /files, the galleys, /pdfjs, /oai,
 * /robots.txt, /sitemap.xml and /feed.xml, against a seeded catalogue, served as production
 * serves them: the output cache's fast path, then the app, with React Router's request handling
 * over a small server build (tests/helpers/router-pages.ts), so that the paths React Router
 * reads as other paths reach it (issue 30, decision 395). The app's own pages are fuzzed against
 * the production build by tests/e2e/fuzz-pages.spec.ts. Prints the status histogram.
 */
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { seedCatalogue } from "../helpers/fixtures.ts";
import { type FuzzTargets, fuzzRequests, runFuzz } from "../helpers/fuzz.ts";
import { seedProceedingPapers } from "../helpers/proceeding-fixtures.ts";
import { listenWithPages } from "../helpers/router-pages.ts";

const COUNT = Number(process.env.FUZZ_COUNT ?? (dialectUnderTest === "postgres" ? 3000 : 10_000));
const SEED = Number(process.env.FUZZ_SEED ?? 20_014);

let t: TestContext;
let server: Server;
let port: number;
let targets: FuzzTargets;

beforeAll(async () => {
  // generous sign-in limits so that the fuzzer reaches the validation behind them too
  t = await createTestContext({ RATE_LIMITS: "signin_ip=100000/60,register_ip=100000/3600" });
  const seed = await seedCatalogue(t.ctx);
  const conf = await seedProceedingPapers(t.ctx, seed);
  const partner = await t.ctx.db.selectFrom("partners").select("id").executeTakeFirstOrThrow();
  const { cookie } = await signedInManager(t);
  ({ server, port } = await listenWithPages(t.ctx));
  targets = {
    journal: "ethics-review",
    paper: seed.paperWithPdfId,
    volume: "3",
    issue: "2",
    publication: seed.issueId,
    proceeding: conf.proceedingId,
    slug: conf.slug,
    partner: partner.id,
    cookie,
    host: `127.0.0.1:${port}`,
  };
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe(`fuzzing the API (${dialectUnderTest})`, () => {
  it(`answers ${COUNT} malformed and hostile requests (seed ${SEED}) without a 5xx`, async () => {
    const report = await runFuzz(port, fuzzRequests(SEED, COUNT, targets, false));
    console.log(`fuzz histogram (seed ${SEED}, ${COUNT} requests):`, report.histogram);
    expect(report.failures).toEqual([]);
    const answered = Object.values(report.histogram).reduce((a, b) => a + b, 0);
    expect(answered).toBe(COUNT);
    // the fuzzer must reach past the guards: successes and several kinds of refusal
    expect(report.histogram[200]).toBeGreaterThan(COUNT / 20);
    for (const status of [400, 401, 403, 404]) expect(report.histogram[status]).toBeGreaterThan(0);
  }, 300_000);
});
