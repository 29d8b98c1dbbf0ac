/**
 * Roles and ownership on every dashboard call (issue 8), on SQLite and PostgreSQL. The calls are
 * found by walking the routers actually mounted, and each must have a row in CASES (so a call
 * added later fails here until its access rule is stated). Each row gives a valid request; it
 * is sent, on a fresh journal/issue/paper/proceeding/partner each time:
 * - by a journal manager who does not manage the target: 403 with the rule's msg, nothing
 *   changed (calls any manager may make answer 2xx instead);
 * - by the manager who manages it: 2xx (403 for the administrator's calls);
 * - by the site administrator: 2xx.
 */
import type { Router } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardRouters } from "../../server/api/dashboard/index.ts";
import { ACCESS_MESSAGES } from "../../server/features/accounts/access.ts";
import { attachJats, storeJatsGalley } from "../../server/features/fulltext/galley.ts";
import { timestamp } from "../../server/services/write.ts";
import { createManager, sessionCookie } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type StandIn, startCrossrefStandIn } from "../helpers/crossref-stand-in.ts";
import {
  journalFields,
  journalGuideFields,
  journalPaperFields,
  proceedingFields,
} from "../helpers/dashboard-forms.ts";
import {
  insertJournalWithIssue,
  insertPapers,
  insertProceeding,
  paperRow,
} from "../helpers/fixtures.ts";
import { pngImage } from "../helpers/uploads.ts";

type Method = "get" | "post";
type Scope = "any" | "journal" | "proceeding" | "admin";
type Fields = Record<string, string>;

/** What one request works on: fresh rows, managed by `owner`. */
type Target = {
  uri: string;
  issueId: number;
  paperId: number;
  proceedingId: number;
  /** A paper of `proceedingId`. */
  proceedingPaperId: number;
  /** A proceeding of the same manager without papers (only those can be deleted). */
  emptyProceedingId: number;
  partnerId: number;
  otherUserId: number;
  /** A SUSHI API key (issue 17). */
  sushiKeyId: number;
  n: number;
};

type Case = {
  scope: Scope;
  /**
   * The path with parameters filled in for `target`; by default the key's, each `:name` the
   * target's value of it ({@link casePath}).
   */
  path?: (target: Target) => string;
  /** Multipart fields (with a cover `cover_img`/`logo` when `file` names it) or a JSON body. */
  fields?: (target: Target) => Fields;
  json?: (target: Target) => Promise<object> | object;
  file?: string;
  /** A download answered as a file (CSV), not the envelope, when allowed. */
  download?: true;
};

let t: TestContext;
let cover: Buffer;
let counter = 0;
let adminCookie: string;
let ownerId: number;
let ownerCookie: string;
let outsiderCookie: string;
/** The account the Managers calls change (a manager with nothing assigned). */
let otherUserId: number;

/** A journal's step 1 with its own URI (and so its own name). */
const step1 = (uri: string): Fields =>
  journalFields({ journal_uri: uri, journal_name: `Journal ${uri}` });
const step2 = (uri: string): Fields => journalGuideFields({ journal_uri: uri });
const issueFields = (): Fields => ({
  volume: "7",
  issue: "1",
  title: "Virtue Revisited",
  year: "2024",
  "editors[0][name]": "Zoe Chief",
  "editors[0][email]": "",
  "editors[0][institution]": "Oxford",
  "editors[0][role]": "Editor-in-Chief",
});
const paperFields = (target: Target): Fields => journalPaperFields(target.issueId);
const proceedingPaperFields = (): Fields => ({
  title: "Trace Trees",
  doi: "",
  abstract: "Compiling hot loops.",
  keywords: "compilers",
  first_page: "1",
  last_page: "12",
  "authors[0][name]": "Andreas Gal",
  "authors[0][email]": "",
  "authors[0][institution]": "UC Irvine",
});
/**
 * The Crossref calls of a journal issue (`scope` "journal", the target's paper) or of a
 * proceeding ("proceeding", the target's conference paper), for their managers: the XML
 * download (issue 16, decisions 275 and 279), the DOI status, and DOI registration (decision
 * 278), which first gives the paper a DOI; deposits go to the Crossref stand-in started below.
 */
function crossrefCalls(scope: "journal" | "proceeding"): Record<string, Case> {
  const place = scope === "journal" ? ":journal/:volume/:issue" : "proceeding/:proceeding";
  const paperOf = (x: Target) => (scope === "journal" ? x.paperId : x.proceedingPaperId);
  return {
    [`GET /dashboard/crossref_xml/${place}`]: { scope, download: true },
    [`GET /dashboard/doi_status/${place}`]: { scope },
    [`POST /register_dois/${place}`]: {
      scope,
      json: async (x) => {
        await giveDoi(paperOf(x), x.n);
        return {};
      },
    },
  };
}

/** Every dashboard call and its access rule; keys are `METHOD path` as mounted. */
const CASES: Record<string, Case> = {
  "GET /dashboard/admin_nav_items": { scope: "any" },
  "GET /dashboard/all_journals": { scope: "any" },
  // One's own account (decision 198): every signed-in account, on itself only.
  "GET /dashboard/account": { scope: "any" },
  "POST /update_account": {
    scope: "any",
    json: () => ({ fname: "Same", lname: "Name" }),
  },
  "POST /change_password": {
    scope: "any",
    // every account here has createManager's password; "changing" it to itself keeps it valid
    json: () => ({
      current: "correct horse battery",
      pword: "correct horse battery",
      cpword: "correct horse battery",
    }),
  },
  "GET /dashboard/get_journal/:journal": {
    scope: "journal",
  },
  "POST /create_journal/1": {
    scope: "any",
    fields: (x) => step1(`new-journal-${x.n}`),
    file: "cover_img",
  },
  "POST /create_journal/2": {
    scope: "journal",
    fields: (x) => step2(x.uri),
  },
  "POST /edit_journal/1": {
    scope: "journal",
    fields: (x) => ({ ...step1(x.uri), journal_active: "Y", primary_journal_uri: x.uri }),
  },
  "POST /edit_journal/2": {
    scope: "journal",
    fields: (x) => step2(x.uri),
  },
  "GET /all_proceedings/Y": { scope: "any" },
  "GET /get_proceeding_events": { scope: "any" },
  "GET /get_proceeding/:proceeding": {
    scope: "proceeding",
  },
  "POST /create_proceedings": {
    scope: "any",
    fields: () => proceedingFields(),
    file: "cover_img",
  },
  "POST /edit_proceeding/:proceeding": {
    scope: "proceeding",
    fields: () => proceedingFields({ event: "" }),
  },
  "GET /get_proceeding_contents/:proceeding": {
    scope: "proceeding",
  },
  "POST /create_proceeding_paper/:proceeding": {
    scope: "proceeding",
    fields: proceedingPaperFields,
    file: "paper_file",
  },
  "GET /get_proceeding_paper_edit/:proceeding/:paper": {
    scope: "proceeding",
    path: (x) => `/get_proceeding_paper_edit/${x.proceedingId}/${x.proceedingPaperId}`,
  },
  "POST /edit_proceeding_paper/:proceeding/:paper": {
    scope: "proceeding",
    path: (x) => `/edit_proceeding_paper/${x.proceedingId}/${x.proceedingPaperId}`,
    fields: proceedingPaperFields,
  },
  "GET /delete_proceeding_paper/:proceeding/:paper": {
    scope: "proceeding",
    path: (x) => `/delete_proceeding_paper/${x.proceedingId}/${x.proceedingPaperId}`,
  },
  "GET /delete_proceeding/:proceeding": {
    scope: "proceeding",
    // a proceeding with papers is refused (409): the target's empty one
    path: (x) => `/delete_proceeding/${x.emptyProceedingId}`,
  },
  "GET /dashboard/partners": { scope: "admin" },
  "POST /create_partner": {
    scope: "admin",
    fields: (x) => ({ name: `Partner ${x.n}`, link: "https://partner.example" }),
    file: "logo",
  },
  "POST /edit_partner/:partner": {
    scope: "admin",
    fields: (x) => ({ name: `Renamed partner ${x.n}`, link: "" }),
  },
  "POST /reorder_partners": {
    scope: "admin",
    json: async () => ({
      ids: (
        await t.ctx.db.selectFrom("partners").select("id").orderBy("position", "desc").execute()
      ).map((r) => r.id),
    }),
  },
  "POST /delete_partner/:partner": {
    scope: "admin",
  },
  "GET /get_publications/:journal": {
    scope: "journal",
  },
  "GET /publication_action/:journal/:publication/:action": {
    scope: "journal",
    path: (x) => `/publication_action/${x.uri}/${x.issueId}/unpublish`,
  },
  "POST /create_publication/:journal": {
    scope: "journal",
    fields: issueFields,
    file: "cover_img",
  },
  "GET /get_publication_only/:journal/:publication": {
    scope: "journal",
  },
  "POST /edit_publication/:journal/:publication": {
    scope: "journal",
    fields: issueFields,
  },
  "POST /create_paper/:journal": {
    scope: "journal",
    fields: paperFields,
    file: "paper_file",
  },
  "GET /get_paper/:journal/:paper": {
    scope: "journal",
  },
  "POST /edit_paper/:journal/:paper": {
    scope: "journal",
    fields: paperFields,
  },
  "GET /delete_paper/:journal/:paper": {
    scope: "journal",
  },
  // JATS galleys (issue 18, decisions 316 and 317): removal by the paper's managers (the target's
  // paper given a galley first), reading a file's metadata by any manager (nothing stored)
  "POST /remove_paper_jats/:journal/:paper": {
    scope: "journal",
    json: async (x) => {
      await giveGalley(x.paperId);
      return {};
    },
  },
  "POST /remove_proceeding_paper_jats/:proceeding/:paper": {
    scope: "proceeding",
    path: (x) => `/remove_proceeding_paper_jats/${x.proceedingId}/${x.proceedingPaperId}`,
    json: async (x) => {
      await giveGalley(x.proceedingPaperId);
      return {};
    },
  },
  "POST /read_jats": { scope: "any", file: "jats_file" },
  // PDF galleys (issue 34, decision 510): removal by the paper's managers (the paper given a PDF)
  "POST /remove_paper_pdf/:journal/:paper": {
    scope: "journal",
    json: async (x) => {
      await givePdf(x.paperId);
      return {};
    },
  },
  "POST /remove_proceeding_paper_pdf/:proceeding/:paper": {
    scope: "proceeding",
    path: (x) => `/remove_proceeding_paper_pdf/${x.proceedingId}/${x.proceedingPaperId}`,
    json: async (x) => {
      await givePdf(x.proceedingPaperId);
      return {};
    },
  },
  // update notices (issue 33, decision 490): by the paper's journal's managers
  "POST /add_paper_update/:journal/:paper": {
    scope: "journal",
    json: () => ({
      type: "correction",
      title: "Correction",
      text: "A figure.",
      date: "2026-01-02",
    }),
  },
  // …and a conference paper's by its proceeding's managers (decision 496)
  "POST /add_proceeding_paper_update/:proceeding/:paper": {
    scope: "proceeding",
    path: (x) => `/add_proceeding_paper_update/${x.proceedingId}/${x.proceedingPaperId}`,
    json: () => ({
      type: "correction",
      title: "Correction",
      text: "A figure.",
      date: "2026-01-02",
    }),
  },
  "GET /dashboard/managers": { scope: "admin" },
  "POST /manager_journal/:user": {
    scope: "admin",
    json: (x) => ({ journal_uri: x.uri, assign: true }),
  },
  "POST /manager_proceeding/:user": {
    scope: "admin",
    json: (x) => ({ proceeding_id: x.proceedingId, assign: true }),
  },
  "POST /manager_account/:user": {
    scope: "admin",
    json: () => ({ role: "manager" }),
  },
  "POST /invite_manager": {
    scope: "admin",
    json: (x) => ({ email: `invited-${x.n}@example.org` }),
  },
  // a pending invitation revoked (issue 34, decision 511): the target's own invitation
  "POST /revoke_invitation/:invitation": {
    scope: "admin",
    path: () => `/revoke_invitation/${lastInvitation}`,
    json: async (x) => {
      lastInvitation = await giveInvitation(x.n);
      return {};
    },
  },
  // usage statistics (issue 17, decision 283): a journal's to its managers, SUSHI keys to
  // administrators (the site's figures too: tests/api/usage-statistics.test.ts)
  "GET /dashboard/statistics": {
    scope: "journal",
    path: (x) => `/dashboard/statistics?journal=${x.uri}`,
  },
  "GET /dashboard/statistics_csv": {
    scope: "journal",
    path: (x) => `/dashboard/statistics_csv?journal=${x.uri}`,
    download: true,
  },
  "GET /dashboard/sushi_keys": { scope: "admin" },
  // scholarly exports and DOI registration of journal issues and proceedings
  ...crossrefCalls("journal"),
  ...crossrefCalls("proceeding"),
  "GET /dashboard/doaj_xml/:journal": {
    scope: "journal",
    download: true,
  },
  "POST /create_sushi_key": {
    scope: "admin",
    json: (x) => ({ label: `Harvester ${x.n}` }),
  },
  "POST /revoke_sushi_key/:key": {
    scope: "admin",
  },
  "POST /sushi_settings": {
    scope: "admin",
    json: () => ({ require_api_key: false }),
  },
};

/** Routes of a router and the routers mounted in it. */
function callsOf(router: Router): string[] {
  const calls: string[] = [];
  for (const layer of router.stack as unknown as {
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: unknown };
  }[]) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        if (method === "get" || method === "post") {
          calls.push(`${method.toUpperCase()} ${layer.route.path}`);
        }
      }
    } else if (layer.handle?.stack) {
      calls.push(...callsOf(layer.handle as unknown as Router));
    }
  }
  return calls;
}

/** Fresh rows for one request, managed by `owner` (journal and proceeding). */
async function makeTarget(owner: number): Promise<Target> {
  counter += 1;
  const n = counter;
  const db = t.ctx.db;
  const uri = `roles-journal-${n}`;
  const { journalId, issueId } = await insertJournalWithIssue(db, {
    uri,
    name: `Roles Journal ${n}`,
    abbreviation: "Roles J",
  });
  const {
    proceedingIds: [proceedingId, emptyProceedingId],
  } = await insertProceeding(
    db,
    { name: `Event ${n}`, start_date: "2025-01-01", end_date: "2025-01-02", location: null },
    { slug: `roles-proceeding-${n}`, title: `Roles Proceeding ${n}` },
    { slug: `roles-empty-proceeding-${n}`, title: `Roles Empty Proceeding ${n}` },
  );
  const [paperId, proceedingPaperId] = await insertPapers(db, [
    paperRow({ publication_id: issueId, doi: null, title: `Paper ${n}` }),
    paperRow({ proceeding_id: proceedingId, doi: null, title: `Conference paper ${n}` }),
  ]);
  const now = new Date().toISOString();
  const { id: partnerId } = await db
    .insertInto("partners")
    .values({
      name: `Roles Partner ${n}`,
      logo: null,
      link: null,
      position: 1000 + n,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: sushiKeyId } = await db
    .insertInto("sushi_api_keys")
    .values({
      label: `Roles harvester ${n}`,
      key_hash: `hash-${n}`,
      prefix: "sushi_roles",
      created_at: now,
      created_by: null,
      revoked_at: null,
      last_used_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("journal_managers")
    .values({ journal_id: journalId, user_id: owner, created_at: now })
    .execute();
  await db
    .insertInto("proceeding_managers")
    .values([
      { proceeding_id: proceedingId, user_id: owner, created_at: now },
      { proceeding_id: emptyProceedingId, user_id: owner, created_at: now },
    ])
    .execute();
  return {
    uri,
    issueId,
    paperId,
    proceedingId,
    proceedingPaperId,
    emptyProceedingId,
    partnerId,
    otherUserId,
    sushiKeyId,
    n,
  };
}

/** The target's value of each route parameter the calls name. */
function valuesOf(x: Target): Record<string, string | number> {
  return {
    journal: x.uri,
    paper: x.paperId,
    proceeding: x.proceedingId,
    publication: x.issueId,
    partner: x.partnerId,
    user: x.otherUserId,
    key: x.sushiKeyId,
    volume: 1,
    issue: 1,
  };
}

/** The case's path for `target`: its own, else the call's with the target's values in it. */
function casePath(call: string, c: Case, target: Target): string {
  if (c.path) return c.path(target);
  const values = valuesOf(target);
  return call.slice(call.indexOf(" ") + 1).replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${call}: no value for :${name}`);
    return String(value);
  });
}

function send(call: string, c: Case, target: Target, cookie: string, body?: object) {
  const method = call.split(" ")[0]!.toLowerCase() as Method;
  let req = request(t.app)
    [method](`/api${casePath(call, c, target)}`)
    .set("Cookie", cookie);
  if (body) return req.send(body);
  if (c.fields) {
    for (const [k, v] of Object.entries(c.fields(target))) req = req.field(k, v);
  }
  if (c.file === "paper_file") req = req.attach("paper_file", pdfBytes, "paper.pdf");
  else if (c.file === "jats_file") req = req.attach("jats_file", jatsBytes, "paper.xml");
  else if (c.file) req = req.attach(c.file, cover, "cover.png");
  return req;
}

let pdfBytes: Buffer;
let jatsBytes: Buffer;

/** Makes a corpus JATS file the galley of paper `paperId`, as the paper forms store one. */
async function giveGalley(paperId: number): Promise<void> {
  const stored = await storeJatsGalley(t.ctx, jatsBytes);
  await t.ctx.db.transaction().execute((trx) => attachJats(trx, paperId, stored, timestamp()));
}

/** Makes a stored PDF the file of paper `paperId`, as the paper forms store one. */
async function givePdf(paperId: number): Promise<void> {
  const key = `papers/roles-${paperId}.pdf`;
  await t.ctx.storage.put(key, pdfBytes);
  await t.ctx.db.updateTable("papers").set({ file: key }).where("id", "=", paperId).execute();
}

/** The id of the invitation the last revoke case made. */
let lastInvitation = 0;

/** A pending invitation of its own for target `n` (its token is never needed). */
async function giveInvitation(n: number): Promise<number> {
  const now = Date.now();
  const row = await t.ctx.db
    .insertInto("invitations")
    .values({
      email: `pending-${n}@example.org`,
      token_hash: `roles-${n}`,
      invited_by: null,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 86_400_000).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A snapshot of what the calls can change, to prove a refused call changed nothing. */
async function snapshot(): Promise<string> {
  const db = t.ctx.db;
  const tables = {
    journals: db.selectFrom("journals").selectAll().orderBy("id").execute(),
    publications: db.selectFrom("publications").selectAll().orderBy("id").execute(),
    papers: db.selectFrom("papers").select(["id", "title", "doi", "file"]).orderBy("id").execute(),
    galleys: db
      .selectFrom("paper_jats")
      .select(["paper_id", "storage_key"])
      .orderBy("paper_id")
      .execute(),
    proceedings: db.selectFrom("proceedings").selectAll().orderBy("id").execute(),
    partners: db.selectFrom("partners").selectAll().orderBy("id").execute(),
    users: db.selectFrom("users").select(["id", "role", "disabled_at"]).orderBy("id").execute(),
    jm: db.selectFrom("journal_managers").select(["journal_id", "user_id"]).execute(),
    pm: db.selectFrom("proceeding_managers").select(["proceeding_id", "user_id"]).execute(),
    invitations: db.selectFrom("invitations").select("id").execute(),
    sushiKeys: db.selectFrom("sushi_api_keys").select(["id", "revoked_at"]).orderBy("id").execute(),
    settings: db.selectFrom("site_settings").selectAll().orderBy("key").execute(),
  };
  const rows = await Promise.all(
    Object.entries(tables).map(async ([name, query]) => [name, await query] as const),
  );
  return JSON.stringify(Object.fromEntries(rows));
}

const MSG: Record<Exclude<Scope, "any">, string> = {
  journal: ACCESS_MESSAGES.journal,
  proceeding: ACCESS_MESSAGES.proceeding,
  admin: ACCESS_MESSAGES.adminOnly,
};

/** Gives paper `id` a DOI of its own, so it can be deposited. */
async function giveDoi(id: number, n: number): Promise<void> {
  await t.ctx.db
    .updateTable("papers")
    .set({ doi: `10.55555/roles.${n}.${id}` })
    .where("id", "=", id)
    .execute();
}

let standIn: StandIn;

beforeAll(async () => {
  standIn = await startCrossrefStandIn({ username: "roles", password: "roles" });
  t = await createTestContext({
    CROSSREF_USERNAME: "roles",
    CROSSREF_PASSWORD: "roles",
    CROSSREF_DEPOSIT_URL: standIn.depositUrl,
  });
  cover = await pngImage();
  const { readFile } = await import("node:fs/promises");
  const path = await import("node:path");
  const { CORPUS_DIR } = await import("../helpers/context.ts");
  pdfBytes = await readFile(path.join(CORPUS_DIR, "pdfs", "metabolites-04-00932.pdf"));
  jatsBytes = await readFile(path.join(CORPUS_DIR, "jats", "elife_poa_e13833.xml"));
  const admin = await createManager(t.ctx, { fname: "Site", lname: "Admin" });
  adminCookie = await sessionCookie(t.ctx, admin.user.id);
  const owner = await createManager(t.ctx, { fname: "Owner", lname: "Manager" });
  ownerId = owner.user.id;
  ownerCookie = await sessionCookie(t.ctx, owner.user.id);
  const outsider = await createManager(t.ctx, { fname: "Other", lname: "Manager" });
  outsiderCookie = await sessionCookie(t.ctx, outsider.user.id);
  otherUserId = (await createManager(t.ctx, { fname: "Third", lname: "Manager" })).user.id;
  expect(admin.user.role).toBe("admin");
  expect(owner.user.role).toBe("manager");
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe(`roles on every dashboard call on ${dialectUnderTest}`, { timeout: 180_000 }, () => {
  const mounted = () => dashboardRouters.flatMap((create) => callsOf(create(t.ctx)));

  it("states an access rule for every mounted dashboard call", () => {
    const calls = mounted();
    expect(calls.length).toBeGreaterThan(25);
    for (const call of calls) expect(CASES[call], `${call} has no row in CASES`).toBeDefined();
    for (const call of Object.keys(CASES)) expect(calls, call).toContain(call);
  });

  it("answers 403 with the rule's msg to a manager outside the target, changing nothing", async () => {
    for (const call of mounted()) {
      const c = CASES[call]!;
      const target = await makeTarget(ownerId);
      const body = c.json ? await c.json(target) : undefined;
      const before = await snapshot();
      const res = await send(call, c, target, outsiderCookie, body);
      if (c.scope === "any") {
        expect([200, 201], `${call}: ${JSON.stringify(res.body)}`).toContain(res.status);
        continue;
      }
      expect(res.status, `${call}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body).toMatchObject({ status: 0, msg: MSG[c.scope] });
      expect(await snapshot(), call).toBe(before);
    }
  });

  it("answers 2xx to the manager of the target (403 only for the administrator's calls)", async () => {
    for (const call of mounted()) {
      const c = CASES[call]!;
      const target = await makeTarget(ownerId);
      const body = c.json ? await c.json(target) : undefined;
      const res = await send(call, c, target, ownerCookie, body);
      if (c.scope === "admin") {
        expect(res.status, call).toBe(403);
        expect(res.body.msg).toBe(ACCESS_MESSAGES.adminOnly);
      } else if (c.download) {
        expect(res.status, call).toBe(200);
        expect(res.headers["content-disposition"], call).toMatch(/^attachment/);
      } else {
        expect([200, 201], `${call}: ${JSON.stringify(res.body)}`).toContain(res.status);
        expect(res.body.status, call).toBe(1);
      }
    }
  });

  it("answers 2xx to the site administrator on every call", async () => {
    for (const call of mounted()) {
      const c = CASES[call]!;
      const target = await makeTarget(ownerId);
      const body = c.json ? await c.json(target) : undefined;
      const res = await send(call, c, target, adminCookie, body);
      expect([200, 201], `${call}: ${JSON.stringify(res.body)}`).toContain(res.status);
      if (!c.download) expect(res.body.status, call).toBe(1);
    }
  });
});
