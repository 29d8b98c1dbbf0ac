/**
 * Issue 15, "Authorisation of unpublished content" (docs/decisions/260-unpublished-content.md), on
 * SQLite and PostgreSQL. Journal B ("ethics-review", with a draft issue) and the inactive journal
 * "hidden-annals" are managed by `owner`; `managerA` manages another journal only. Two unpublished
 * papers, each with a PDF: one of B's draft issue, one of the inactive journal.
 *
 * Table ROUTES lists every route serving one unpublished record, by id and by URI: a reader signed
 * out, a signed-in account with nothing assigned and the manager of journal A all get 404 (the
 * answer a reader gets); the owner and the administrator get it (so the row tests something).
 * Table LISTS lists every route listing papers: none of the unpublished papers shows for anybody
 * but (where the list has a manager's view) their own managers.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as issueLoader } from "../../app/routes/issue.tsx";
import { loader as journalLoader } from "../../app/routes/journal.tsx";
import { loader as paperLoader } from "../../app/routes/paper.tsx";
import { rebuildSearchIndex } from "../../server/features/search/search.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { createOutputCache } from "../../server/http/output-cache.ts";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../../server/http/session.ts";
import type { SignedInUser } from "../../shared/api.ts";
import { signedInAdministrator, signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { insertJournalWithIssue, paperRow, seedCatalogue } from "../helpers/fixtures.ts";
import { loaderArgs, runLoader } from "../helpers/loaders.ts";

const HOST = "journals.example.edu";
const WORLD = "0000000000000000";
const month = new Date().toISOString().slice(0, 7);

type Who = "anonymous" | "stranger" | "managerA" | "owner" | "admin";
const OUTSIDERS: Who[] = ["anonymous", "stranger", "managerA"];

let t: TestContext;
const cookies: Partial<Record<Who, string>> = {};
const users: Partial<Record<Who, SignedInUser>> = {};
/** The draft issue's paper (journal B) and the inactive journal's paper. */
let draft: { id: number; uri: string; volume: string; issue: string };
let hidden: { id: number; uri: string; volume: string; issue: string };

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: `https://${HOST}` });
  const admin = await signedInAdministrator(t);
  const seed = await seedCatalogue(t.ctx);
  const owner = await signedInManager(t);
  const stranger = await signedInManager(t);
  const managerA = await signedInManager(t);
  const { journalId: journalA } = await insertJournalWithIssue(t.ctx.db, {
    uri: "open-letters",
    name: "Open Letters",
    abbreviation: "Open Lett",
  });
  const now = new Date().toISOString();
  await t.ctx.db
    .insertInto("journal_managers")
    .values([
      { journal_id: seed.journalId, user_id: owner.user.id, created_at: now },
      { journal_id: seed.inactiveJournalId, user_id: owner.user.id, created_at: now },
      { journal_id: journalA, user_id: managerA.user.id, created_at: now },
    ])
    .execute();
  const file = { file: seed.pdfKey, file_size: seed.pdfBytes.length, page_count: 2 };
  const { id: draftId } = await t.ctx.db
    .insertInto("papers")
    .values(
      paperRow({
        publication_id: seed.draftIssueId,
        title: "Zephyrine drafts of moral luck",
        doi: null,
        abstract: "Zephyrine unpublished work.",
        ...file,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable("papers")
    .set({ title: "Quixotic hidden annals", abstract: "Quixotic unpublished work.", ...file })
    .where("id", "=", seed.inactivePaperId)
    .execute();
  draft = { id: draftId, uri: "ethics-review", volume: "3", issue: "3" };
  hidden = { id: seed.inactivePaperId, uri: "hidden-annals", volume: "1", issue: "1" };
  // the inactive journal was renamed once: its old address must not give the new one away
  await t.ctx.db
    .insertInto("journal_old_uris")
    .values({ old_uri: "old-annals", journal_id: seed.inactiveJournalId, renamed_at: now })
    .execute();
  await rebuildSearchIndex(t.ctx);
  // usage of both, as if read before they were unpublished
  const figures = {
    total_item_investigations: 5,
    total_item_requests: 3,
    unique_item_investigations: 4,
    unique_item_requests: 2,
  };
  await t.ctx.db
    .updateTable("site_settings")
    .set({ value: `${month}-01` })
    .where("key", "=", "usage.first_day")
    .execute();
  await t.ctx.db
    .insertInto("usage_item_monthly")
    .values(
      [draftId, seed.inactivePaperId, seed.paperWithPdfId].map((paper_id) => ({
        month,
        paper_id,
        yop: 2025,
        access_type: "Open",
        ...figures,
      })),
    )
    .execute();

  for (const [who, account] of Object.entries({ admin, owner, stranger, managerA })) {
    cookies[who as Who] = account.cookie;
    users[who as Who] = {
      id: account.user.id,
      role: account.user.role,
      email: account.user.email,
      name: account.user.first_name,
    };
  }
});
afterAll(() => t?.close());

function get(path: string, who: Who) {
  const req = request(t.app).get(path).set("Host", HOST);
  // the site is https (PUBLIC_URL): its cookie is the `__Host-` one
  const cookie = cookies[who]?.replace(`${SESSION_COOKIE}=`, `${SECURE_SESSION_COOKIE}=`);
  return cookie ? req.set("Cookie", cookie) : req;
}

type Paper = typeof draft;
/** Routes serving one record; `of` picks the unpublished paper(s) each applies to. */
const ROUTES: { name: string; of: "both" | "hidden" | "draft"; path: (p: Paper) => string }[] = [
  { name: "public API paper", of: "both", path: (p) => `/api/get_journal_paper/${p.uri}/${p.id}` },
  {
    name: "public API issue",
    of: "both",
    path: (p) => `/api/get_publication/${p.uri}/${p.volume}/${p.issue}`,
  },
  { name: "public API journal", of: "hidden", path: (p) => `/api/get_journal/${p.uri}` },
  { name: "public API issues", of: "hidden", path: (p) => `/api/get_publications/${p.uri}/Y` },
  { name: "PDF galley", of: "both", path: (p) => `/journal/${p.uri}/download/${p.id}/paper.pdf` },
  { name: "BibTeX", of: "both", path: (p) => `/journal/${p.uri}/${p.id}/cite.bib` },
  { name: "RIS", of: "both", path: (p) => `/journal/${p.uri}/${p.id}/cite.ris` },
  { name: "CSL-JSON", of: "both", path: (p) => `/journal/${p.uri}/${p.id}/cite.json` },
  { name: "citations.json", of: "both", path: (p) => `/journal/${p.uri}/${p.id}/citations.json` },
];

/** The same papers by id under the URI of journal A, which managerA manages: 404 for everybody. */
const BY_OTHER_URI = [
  (p: Paper) => `/api/get_journal_paper/open-letters/${p.id}`,
  (p: Paper) => `/journal/open-letters/download/${p.id}/paper.pdf`,
  (p: Paper) => `/journal/open-letters/${p.id}/cite.bib`,
  (p: Paper) => `/journal/open-letters/${p.id}/citations.json`,
];

/** Routes listing papers: neither unpublished title may appear for an outsider. */
const LISTS: {
  name: string;
  path: () => string;
  shown?: (body: { results: { hits: unknown[] } }) => unknown;
}[] = [
  { name: "site feed", path: () => "/feed.xml" },
  { name: "journal feed", path: () => "/journal/ethics-review/feed.xml" },
  { name: "inactive journal feed", path: () => "/journal/hidden-annals/feed.xml" },
  { name: "OAI ListRecords", path: () => "/oai?verb=ListRecords&metadataPrefix=oai_dc" },
  { name: "OAI ListIdentifiers", path: () => "/oai?verb=ListIdentifiers&metadataPrefix=oai_dc" },
  {
    name: "OAI GetRecord (draft)",
    path: () =>
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:paper/${draft.id}`,
  },
  {
    name: "OAI GetRecord (inactive)",
    path: () =>
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:paper/${hidden.id}`,
  },
  // the query is echoed: only the hits count
  {
    name: "search API (draft)",
    path: () => "/api/search?q=zephyrine",
    shown: (b) => b.results.hits,
  },
  {
    name: "search API (inactive)",
    path: () => "/api/search?q=quixotic",
    shown: (b) => b.results.hits,
  },
  { name: "latest publications", path: () => "/api/latest_publications" },
  { name: "all journals", path: () => "/api/all_journals" },
  { name: "journal's issues", path: () => "/api/get_publications/ethics-review/Y" },
  {
    name: "SUSHI item report",
    path: () => `/sushi/r51/reports/ir?customer_id=${WORLD}&begin_date=${month}&end_date=${month}`,
  },
  {
    name: "SUSHI title report",
    path: () => `/sushi/r51/reports/tr?customer_id=${WORLD}&begin_date=${month}&end_date=${month}`,
  },
];

/** What shows that a list leaked an unpublished paper, issue or journal. */
const LEAKS = [/zephyrine/i, /quixotic/i, /hidden.annals/i, /"number":"3"/];

describe(`unpublished content on ${dialectUnderTest}`, () => {
  for (const route of ROUTES) {
    for (const which of ["draft", "hidden"] as const) {
      if (route.of !== "both" && route.of !== which) continue;
      const paper = () => (which === "draft" ? draft : hidden);
      it(`${route.name} of the ${which} paper: 404 to outsiders, served to its managers`, async () => {
        const path = route.path(paper());
        for (const who of OUTSIDERS) {
          const res = await get(path, who);
          expect(res.status, `${who} GET ${path}`).toBe(404);
        }
        for (const who of ["owner", "admin"] as const) {
          const res = await get(path, who);
          expect(res.status, `${who} GET ${path}`).toBe(200);
        }
      });
    }
  }

  it("a paper asked for under another journal's URI is 404, even to that journal's manager", async () => {
    for (const p of [draft, hidden]) {
      for (const path of BY_OTHER_URI.map((f) => f(p))) {
        for (const who of [...OUTSIDERS, "owner", "admin"] as const) {
          expect((await get(path, who)).status, `${who} GET ${path}`).toBe(404);
        }
      }
    }
  });

  for (const list of LISTS) {
    it(`${list.name} lists no unpublished paper to outsiders`, async () => {
      for (const who of OUTSIDERS) {
        const res = await get(list.path(), who);
        expect(res.status, `${who} GET ${list.path()}`).toBeLessThan(500);
        const shown = list.shown ? JSON.stringify(list.shown(res.body)) : res.text;
        for (const leak of LEAKS) expect(shown, `${who} ${list.name}`).not.toMatch(leak);
      }
    });
  }

  it("an inactive journal's old address redirects only its managers", async () => {
    for (const path of ["/api/get_journal/old-annals", `/journal/old-annals/${hidden.id}`]) {
      for (const who of OUTSIDERS) {
        const res = await get(path, who);
        expect(res.status, `${who} GET ${path}`).toBe(404);
        expect(res.headers.location).toBeUndefined();
      }
      for (const who of ["owner", "admin"] as const) {
        const res = await get(path, who);
        expect(res.status, `${who} GET ${path}`).toBe(301);
        expect(res.headers.location).toContain("/hidden-annals");
      }
    }
  });

  it("the SUSHI item report still lists published items (the filter is not everything)", async () => {
    const res = await get(LISTS.at(-2)!.path(), "anonymous");
    expect(res.status).toBe(200);
    expect(res.text).toContain("A good life");
  });

  it("the output cache never hands a manager's view of a draft to anybody else", async () => {
    const app = createHttpApp(t.ctx, {
      outputCache: createOutputCache(t.ctx, { versionTtlMs: 0 }),
    });
    const cookie = cookies.owner!.replace(`${SESSION_COOKIE}=`, `${SECURE_SESSION_COOKIE}=`);
    for (const path of [
      `/api/get_journal_paper/${draft.uri}/${draft.id}`,
      `/journal/${draft.uri}/${draft.id}/citations.json`,
      `/api/get_publications/${draft.uri}/Y`,
    ]) {
      const managed = await request(app).get(path).set("Host", HOST).set("Cookie", cookie);
      expect(managed.status).toBe(200);
      expect(managed.headers["cache-control"]).toMatch(/no-store/);
      for (let i = 0; i < 2; i++) {
        const anonymous = await request(app).get(path).set("Host", HOST);
        expect(anonymous.text).not.toMatch(/zephyrine|"number":"3"/i);
      }
    }
  });

  it("the pages (journal, issue, paper) are the 404 page to outsiders", async () => {
    const args = (who: Who, params: Record<string, string>) =>
      loaderArgs(t.ctx, params, users[who] ?? null);
    const pages = [
      () => ({ load: journalLoader, params: { journalUrl: hidden.uri } }),
      ...[draft, hidden].map((p) => () => ({
        load: issueLoader,
        params: { journalUrl: p.uri, volume: p.volume, issue: p.issue },
      })),
      ...[draft, hidden].map((p) => () => ({
        load: paperLoader,
        params: { journalUrl: p.uri, paper: String(p.id) },
      })),
    ];
    for (const page of pages) {
      const { load, params } = page();
      for (const who of OUTSIDERS) {
        const out = await runLoader(() => load(args(who, params)));
        expect(out.status, `${who} ${JSON.stringify(params)}`).toBe(404);
      }
    }
    // the managers see the inactive journal's page and both papers
    for (const who of ["owner", "admin"] as const) {
      expect(
        (await runLoader(() => journalLoader(args(who, { journalUrl: hidden.uri })))).status,
      ).toBe(200);
      for (const p of [draft, hidden]) {
        const params = { journalUrl: p.uri, paper: String(p.id) };
        expect((await runLoader(() => paperLoader(args(who, params)))).status).toBe(200);
      }
    }
  });
});
