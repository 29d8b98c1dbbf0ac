/**
 * Registering DOIs with Crossref from the dashboard (issue 16, decision 278), against the local
 * stand-in of tests/helpers/crossref-stand-in.ts: a deposit is posted as Crossref's HTTPS API
 * expects, the batch recorded, the submission log polled, and each paper's status goes from not
 * registered to queued to registered, or failed with Crossref's message. Papers without a DOI
 * get one from the journal's prefix and pattern.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("says what Crossref answered when it refuses the credentials", async () => {
    const other = await createSeededContext({
      manager: true,
      env: {
        CROSSREF_USERNAME: "press",
        CROSSREF_PASSWORD: "wrong",
        CROSSREF_DEPOSIT_URL: standIn.depositUrl,
      },
    });
    try {
      const { id: userId } = await other.ctx.db
        .selectFrom("users")
        .select("id")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      await other.ctx.db
        .insertInto("journal_managers")
        .values({
          journal_id: other.seed.journalId,
          user_id: userId,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const res = await request(other.app).post(REGISTER).set("Cookie", other.cookie);
      expect(res.status).toBe(503);
      expect(res.body.msg).toMatch(/^Crossref refused the deposit \(HTTP 401\): FAILURE/);
      const status = await request(other.app).get(STATUS).set("Cookie", other.cookie);
      expect(status.body.deposit.papers.map((p: { status: string }) => p.status)).toEqual([
        "not_registered",
        "not_registered",
      ]);
    } finally {
      await other.close();
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
