/**
 * Registering DOIs with Crossref from the dashboard (issue 16, decision 278), against the local
 * stand-in of tests/helpers/crossref-stand-in.ts: a deposit is posted as Crossref's HTTPS API
 * expects, the batch recorded, the submission log polled, and each paper's status goes from not
 * registered to queued to registered, or failed with Crossref's message. Papers without a DOI
 * get one from the journal's prefix and pattern. What Crossref's side may not make the site do
 * (issue 30, decision 397): follow a redirect with the password, or show a manager (or the log)
 * the text of an answer.
 */
import { Writable } from "node:stream";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import {
  FAILURE_MESSAGE,
  type StandIn,
  startCrossrefStandIn,
} from "../helpers/crossref-stand-in.ts";
import { createSeededContext, type SeededContext } from "../helpers/seeded-context.ts";
import { CROSSREF_XSD, schemaErrors } from "../helpers/xml-validate.ts";

let standIn: StandIn;
let t: SeededContext<{ manager: true }>;
const STATUS = "/api/dashboard/doi_status/ethics-review/3/2";
const REGISTER = "/api/register_dois/ethics-review/3/2";

beforeAll(async () => {
  standIn = await startCrossrefStandIn({
    username: "press",
    password: "secret",
    failDois: ["10.7554/eLife.00353"],
    // the register answer reads the log once, the first status read once more
    pollsBeforeDone: 2,
  });
  t = await createSeededContext({
    manager: true,
    env: {
      CROSSREF_USERNAME: "press",
      CROSSREF_PASSWORD: "secret",
      CROSSREF_DEPOSIT_URL: standIn.depositUrl,
      CROSSREF_DEPOSITOR_EMAIL: "dois@example.edu",
    },
  });
  // the signed-in manager manages the seeded journal
  const { id: userId } = await t.ctx.db
    .selectFrom("users")
    .select("id")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("journal_managers")
    .values({ journal_id: t.seed.journalId, user_id: userId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const get = (url: string) => request(t.app).get(url).set("Cookie", t.cookie);
const post = (url: string) => request(t.app).post(url).set("Cookie", t.cookie);

/**
 * A seeded context whose signed-in manager manages the seeded journal, with `env`, and its app
 * logging into `lines` (what the site logs about Crossref's answers).
 */
async function managedContext(env: Record<string, string>) {
  const c = await createSeededContext({ manager: true, env });
  const { id: userId } = await c.ctx.db
    .selectFrom("users")
    .select("id")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  await c.ctx.db
    .insertInto("journal_managers")
    .values({ journal_id: c.seed.journalId, user_id: userId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = createHttpApp({ ...c.ctx, log: pino({ level: "info" }, sink) });
  return { c, app, lines };
}

describe(`DOI registration with Crossref on ${dialectUnderTest}`, () => {
  it("lists the issue's papers as not registered before any deposit", async () => {
    const res = await get(STATUS);
    expect(res.status).toBe(200);
    expect(res.body.deposit.configured).toBe(true);
    expect(res.body.deposit.test_system).toBe(false);
    expect(res.body.deposit.last_batch).toBeNull();
    expect(res.body.deposit.papers.map((p: { status: string }) => p.status)).toEqual([
      "not_registered",
      "not_registered",
    ]);
  });

  it("assigns DOIs from the pattern, deposits, polls the log and shows registered or failed", async () => {
    await t.ctx.db
      .updateTable("journals")
      .set({ doi_prefix: "10.55555", doi_pattern: null })
      .where("id", "=", t.seed.journalId)
      .execute();
    const res = await post(REGISTER);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const papers = res.body.deposit.papers as { doi: string; status: string; paperID: number }[];
    expect(papers.map((p) => p.status)).toEqual(["queued", "queued"]);
    const onDuty = papers.find((p) => p.doi.startsWith("10.55555/"))!;
    expect(onDuty.doi).toBe(`10.55555/ethics-review.v3i2.${onDuty.paperID}`);

    // what Crossref received: one valid 5.3.1 batch with both DOIs
    expect(standIn.batches).toHaveLength(1);
    const batch = standIn.batches[0]!;
    expect(batch.id).toBe(res.body.deposit.last_batch.batch_id);
    expect([...batch.dois].sort()).toEqual(["10.7554/eLife.00353", onDuty.doi].sort());
    expect(schemaErrors(CROSSREF_XSD, { batch: batch.xml })).toBe("");

    // first read of the log: still queued at Crossref
    const queued = await get(STATUS);
    expect(queued.body.deposit.papers.map((p: { status: string }) => p.status)).toEqual([
      "queued",
      "queued",
    ]);
    // then processed: one registered, one refused with Crossref's message
    const done = await get(STATUS);
    const rows = done.body.deposit.papers as { doi: string; status: string; message: string }[];
    const good = rows.find((p) => p.doi === onDuty.doi)!;
    const bad = rows.find((p) => p.doi === "10.7554/eLife.00353")!;
    expect(good.status).toBe("registered");
    expect(bad.status).toBe("failed");
    expect(bad.message).toBe(FAILURE_MESSAGE);
    expect(done.body.deposit.last_batch.state).toBe("failed");
  });

  it("shows a paper whose DOI changed since as not registered", async () => {
    const { id } = await t.ctx.db
      .selectFrom("papers")
      .select("id")
      .where("doi", "like", "10.55555/%")
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable("papers")
      .set({ doi: "10.55555/renamed" })
      .where("id", "=", id)
      .execute();
    const res = await get(STATUS);
    const row = res.body.deposit.papers.find((p: { paperID: number }) => p.paperID === id);
    expect(row.status).toBe("not_registered");
  });

  it("says Crossref refused the account when it answers 401, in words of its own", async () => {
    const { c, app, lines } = await managedContext({
      CROSSREF_USERNAME: "press",
      CROSSREF_PASSWORD: "wrong",
      CROSSREF_DEPOSIT_URL: standIn.depositUrl,
    });
    try {
      const res = await request(app).post(REGISTER).set("Cookie", c.cookie);
      expect(res.status).toBe(503);
      expect(res.body.msg).toBe(
        "Crossref refused the account (HTTP 401): check CROSSREF_USERNAME and CROSSREF_PASSWORD.",
      );
      expect(lines.join("")).not.toMatch(/wrong|Unauthorized/);
      const status = await request(app).get(STATUS).set("Cookie", c.cookie);
      expect(status.body.deposit.papers.map((p: { status: string }) => p.status)).toEqual([
        "not_registered",
        "not_registered",
      ]);
    } finally {
      await c.close();
    }
  });

  it("refuses to deposit when Crossref is not configured", async () => {
    const bare = await createSeededContext({ manager: true });
    try {
      const { id: userId } = await bare.ctx.db
        .selectFrom("users")
        .select("id")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      await bare.ctx.db
        .insertInto("journal_managers")
        .values({
          journal_id: bare.seed.journalId,
          user_id: userId,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const res = await request(bare.app).post(REGISTER).set("Cookie", bare.cookie);
      expect(res.status).toBe(409);
      expect(res.body.msg).toMatch(/CROSSREF_USERNAME/);
      const status = await request(bare.app).get(STATUS).set("Cookie", bare.cookie);
      expect(status.body.deposit.configured).toBe(false);
      expect(status.body.deposit.test_system).toBe(true);
    } finally {
      await bare.close();
    }
  });
});

describe(`what Crossref's side may not make the site do (issue 30) on ${dialectUnderTest}`, () => {
  const origin = () => new URL(standIn.depositUrl).origin;
  const env = (path: string) => ({
    CROSSREF_USERNAME: "press",
    CROSSREF_PASSWORD: "secret",
    CROSSREF_DEPOSIT_URL: `${origin()}${path}`,
  });

  it("a 307 from the deposit URL is a failure naming it; the password is not sent on", async () => {
    const { c, app, lines } = await managedContext(env("/moved/servlet/deposit"));
    const before = standIn.received.length;
    const batches = standIn.batches.length;
    try {
      const res = await request(app).post(REGISTER).set("Cookie", c.cookie);
      expect(res.status).toBe(503);
      expect(res.body.msg).toBe(
        `Nothing was deposited: ${origin()}/moved/servlet/deposit (CROSSREF_DEPOSIT_URL) answered HTTP 307, a redirect to another address, and the site does not send the Crossref password on to an address it was not given. It starts with http://; Crossref's deposit address starts with https://. Set CROSSREF_DEPOSIT_URL to the deposit address itself (Crossref's: https://doi.crossref.org/servlet/deposit, its test system: https://test.crossref.org/servlet/deposit).`,
      );
      // the password went to the configured address once, and nowhere else
      expect(standIn.received.slice(before)).toEqual([
        { method: "POST", path: "/moved/servlet/deposit", password: true },
      ]);
      expect(standIn.batches).toHaveLength(batches);
      const logged = lines.join("");
      expect(logged).toMatch(/"status":307/);
      expect(logged).not.toMatch(/secret|location/i);
    } finally {
      await c.close();
    }
  });

  it("the text of an answer is never shown: an endpoint that echoes the form", async () => {
    const { c, app, lines } = await managedContext(env("/echo/servlet/deposit"));
    try {
      const res = await request(app).post(REGISTER).set("Cookie", c.cookie);
      expect(res.status).toBe(503);
      expect(res.body.msg).toBe("Crossref refused the deposit (HTTP 400).");
      const logged = lines.join("");
      expect(logged).toMatch(/"status":400/);
      expect(logged).not.toMatch(/secret|login_id|You sent/);
    } finally {
      await c.close();
    }
  });

  it("an answer that is not Crossref's SUCCESS page deposits nothing", async () => {
    for (const [path, answer] of [
      [
        "/ok/servlet/deposit",
        "answered HTTP 200 with a page that is not Crossref's answer to a deposit.",
      ],
      ["/servlet/nothing-here", "answered HTTP 404, so it is not a Crossref deposit address."],
    ] as const) {
      const { c, app } = await managedContext(env(path));
      try {
        const res = await request(app).post(REGISTER).set("Cookie", c.cookie);
        expect(res.status).toBe(503);
        expect(res.body.msg).toBe(
          `Nothing was deposited: ${origin()}${path} (CROSSREF_DEPOSIT_URL) ${answer}`,
        );
      } finally {
        await c.close();
      }
    }
  });

  it("the submission log is not read through a redirect, which would carry the password", async () => {
    const { c, app } = await managedContext(env("/servlet/deposit"));
    try {
      const res = await request(app).post(REGISTER).set("Cookie", c.cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const statuses = (body: { deposit: { papers: { status: string }[] } }) =>
        body.deposit.papers.map((p) => p.status);
      const deposited = statuses(res.body);
      expect(deposited).toContain("queued");
      // the log's address now redirects (it sits beside the deposit URL); read through the
      // redirect, the third read would find the batch completed
      c.ctx.config.crossref.depositUrl = `${origin()}/moved/servlet/deposit`;
      const before = standIn.received.length;
      for (let i = 0; i < 3; i++) {
        const status = await request(app).get(STATUS).set("Cookie", c.cookie);
        expect(statuses(status.body)).toEqual(deposited);
      }
      expect(standIn.received.slice(before).map((r) => r.path)).toEqual([
        "/moved/servlet/submissionDownload",
        "/moved/servlet/submissionDownload",
        "/moved/servlet/submissionDownload",
      ]);
    } finally {
      await c.close();
    }
  });
});
