/**
 * One paper per DOI, held by the database (issue 10, decision 220), on SQLite and PostgreSQL:
 * submissions of one DOI sent at once (journal papers, conference papers, edits) leave exactly
 * one paper with it and answer the others with the dashboard's 409 for a taken DOI, storing no
 * file for them; the database itself refuses a second paper whose DOI differs only in case; and
 * migration 012 stops on a database that already holds a duplicate, naming it and changing
 * nothing. On SQLite the server's writes go through one connection, so the concurrent requests
 * are refused by the check inside the transaction. On PostgreSQL the test holds the row lock
 * every catalogue write takes last (the catalogue version) until all the writes wait for it, so
 * every one has passed its DOI check before any commits and only the unique index can refuse
 * them: without the index these tests fail there (and the "database itself" test on both).
 */
import { type Kysely, sql } from "kysely";
import type request from "supertest";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { up as migrate012 } from "../../server/db/migrations/012-doi-unique.ts";
import { isUniqueViolation, uniqueViolation } from "../../server/db/unique-violation.ts";
import { DOI_INDEX } from "../../server/features/papers/commands.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { corpusPdf } from "../helpers/corpus.ts";
import { paperRow } from "../helpers/fixtures.ts";
import { type Fields, postForm, proceedingIdOf } from "../helpers/form-calls.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";
import { storedFiles } from "../helpers/uploads.ts";

const JOURNAL = "ethics-review";

const TAKEN = /^The DOI \S+ already belongs to the paper "[^"]+"\.$/;

describe(`one paper per DOI on ${dialectUnderTest}`, () => {
  const t = seededFileContext({ manager: true });
  let pdf: Buffer;
  let pldi: number;

  beforeAll(async () => {
    pdf = await corpusPdf("elife-00353-v1.pdf");
    pldi = await proceedingIdOf(t, "pldi-2009");
  });

  function form(title: string, doi: string, extra: Fields = {}): Fields {
    return {
      title,
      doi,
      abstract: "Two submissions of one DOI at the same moment.",
      keywords: "concurrency",
      "authors[0][name]": "Ada Lovelace",
      "authors[0][email]": "",
      "authors[0][institution]": "",
      ...extra,
    };
  }

  const post = (url: string, fields: Fields, file: Buffer | null = pdf) =>
    postForm(t, url, fields, file, t.cookie);

  /**
   * Sends the requests `send` makes all at once. On PostgreSQL they are held at the end of their
   * transactions (see the module comment) until `send().length` of them wait on a lock, then let
   * go together; on SQLite they are simply sent together.
   */
  async function atOnce(send: () => request.Test[]): Promise<request.Response[]> {
    if (t.ctx.dialect !== "postgres") return Promise.all(send());
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const haveLock = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.ctx.db.transaction().execute(async (trx) => {
      await sql`select version from catalogue_state where id = 1 for update`.execute(trx);
      locked();
      await released;
    });
    try {
      await haveLock;
      const requests = send();
      const answers = Promise.all(requests);
      answers.catch(() => {}); // awaited below; not an unhandled rejection while polling
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ n: string | number }>`
            select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(t.ctx.db);
          const waiting = Number(rows[0]?.n ?? 0);
          if (waiting < requests.length) {
            throw new Error(`${waiting} of ${requests.length} writes wait`);
          }
        },
        { timeout: 30_000, interval: 20 },
      );
      release();
      await holder;
      return await answers;
    } finally {
      release();
    }
  }

  const papersWithDoi = (doi: string) =>
    t.ctx.db
      .selectFrom("papers")
      .select(["id", "title", "doi"])
      .where(sql<string>`lower(doi)`, "=", doi.toLowerCase())
      .execute();

  /** Exactly one answer `ok`, every other a 409 with the taken-DOI message and field error. */
  function expectOneWinner(answers: request.Response[], ok: number) {
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s === ok),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== ok)) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.status).toBe(0);
      expect(res.body.msg).toMatch(TAKEN);
      expect(res.body.errors).toEqual({ doi: "Another paper has this DOI." });
    }
  }

  it("creates one of several journal papers sent at once with one DOI; the others get 409", async () => {
    const before = await storedFiles(t);
    const dois = ["10.5555/Race.2026.1", "10.5555/race.2026.1", "10.5555/RACE.2026.1"];
    const answers = await atOnce(() =>
      dois.map((doi, i) =>
        post(
          `/create_paper/${JOURNAL}`,
          form(`Race paper ${i}`, doi, { sel_publication: String(t.seed.issueId) }),
        ),
      ),
    );
    expectOneWinner(answers, 201);
    const rows = await papersWithDoi(dois[0]!);
    expect(rows).toHaveLength(1);
    // the refused submissions' PDFs were removed again: one new file, the winner's
    const after = await storedFiles(t);
    expect(after.filter((f) => !before.includes(f))).toHaveLength(1);
  });

  it("holds a DOI across journal and conference papers sent at once", async () => {
    const doi = "10.5555/race.2026.2";
    const answers = await atOnce(() => [
      post(
        `/create_paper/${JOURNAL}`,
        form("Journal twin", doi, { sel_publication: String(t.seed.issueId) }),
      ),
      post(
        `/create_proceeding_paper/${pldi}`,
        form("Conference twin", doi, { first_page: "1", last_page: "2" }),
      ),
      post(
        `/create_proceeding_paper/${pldi}`,
        form("Conference triplet", doi.toUpperCase(), { first_page: "3", last_page: "4" }),
      ),
    ]);
    expectOneWinner(answers, 201);
    expect(await papersWithDoi(doi)).toHaveLength(1);
  });

  it("lets one of two edits giving two papers one DOI at once through; the other gets 409", async () => {
    const ids: number[] = [];
    for (const title of ["Edited twin A", "Edited twin B"]) {
      const res = await post(
        `/create_paper/${JOURNAL}`,
        form(title, "", { sel_publication: String(t.seed.issueId) }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.paperID);
    }
    const doi = "10.5555/race.2026.3";
    const answers = await atOnce(() =>
      ids.map((id, i) =>
        post(
          `/edit_paper/${JOURNAL}/${id}`,
          form(`Edited twin ${i}`, i === 0 ? doi : doi.toUpperCase(), {
            sel_publication: String(t.seed.issueId),
          }),
          null,
        ),
      ),
    );
    expectOneWinner(answers, 200);
    expect(await papersWithDoi(doi)).toHaveLength(1);
  });

  it("is refused by the database itself for a DOI that differs only in case", async () => {
    const insert = (doi: string | null, title: string) =>
      t.ctx.db
        .insertInto("papers")
        .values(paperRow({ publication_id: t.seed.issueId, doi, title }))
        .execute();
    await insert("10.5555/Direct.1", "Direct one");
    const error = await insert("10.5555/DIRECT.1", "Direct two").then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, "a second row with the DOI was stored").not.toBeNull();
    expect(uniqueViolation(error)).toEqual({ target: DOI_INDEX });
    expect(isUniqueViolation(error, DOI_INDEX)).toBe(true);
    expect(isUniqueViolation(error, "journals_uri")).toBe(false);
    // papers without a DOI are not constrained
    await insert(null, "No DOI one");
    await insert(null, "No DOI two");
  });

  it("tells other unique violations apart on both databases", async () => {
    const error = await t.ctx.db
      .insertInto("journal_old_uris")
      .values([
        { old_uri: "twice", journal_id: t.seed.journalId, renamed_at: "2026-01-01T00:00:00.000Z" },
        { old_uri: "twice", journal_id: t.seed.journalId, renamed_at: "2026-01-01T00:00:00.000Z" },
      ])
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, DOI_INDEX)).toBe(false);
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: papers.doi"))).toBe(false);
  });
});

describe(`migration 012 on a database holding one DOI twice, on ${dialectUnderTest}`, () => {
  const t = seededFileContext();

  it("stops naming the DOI and its papers, changes nothing, and applies once they are resolved", async () => {
    const db = t.ctx.db;
    // the database as it was before migration 012
    await sql`drop index papers_doi_unique`.execute(db);
    const rows = await db
      .insertInto("papers")
      .values([
        paperRow({ publication_id: t.seed.issueId, title: "Twin one", doi: "10.5555/Twin" }),
        paperRow({ publication_id: t.seed.issueId, title: "Twin two", doi: "10.5555/TWIN" }),
        paperRow({ publication_id: t.seed.issueId, title: "Blank", doi: "" }),
      ])
      .returning("id")
      .execute();
    const [one, two, blank] = rows.map((r) => r.id) as [number, number, number];
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("papers")
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const papers = await count();

    const failure = await migrate012(db as unknown as Kysely<unknown>).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(failure?.message).toContain("1 DOI is held by more than one paper");
    expect(failure?.message).toContain(`10.5555/Twin (papers ${one}, ${two})`);
    expect(failure?.message).toContain("Nothing was changed");
    expect(await count()).toBe(papers);
    const kept = await db
      .selectFrom("papers")
      .select(["id", "doi"])
      .where("id", "in", [one, two, blank])
      .orderBy("id")
      .execute();
    expect(kept.map((r) => r.doi)).toEqual(["10.5555/Twin", "10.5555/TWIN", ""]);

    await db.updateTable("papers").set({ doi: null }).where("id", "=", two).execute();
    await migrate012(db as unknown as Kysely<unknown>);
    // the empty DOI now reads as absent, and the index holds
    const blankRow = await db
      .selectFrom("papers")
      .select("doi")
      .where("id", "=", blank)
      .executeTakeFirstOrThrow();
    expect(blankRow.doi).toBeNull();
    const again = await db
      .updateTable("papers")
      .set({ doi: "10.5555/twin" })
      .where("id", "=", two)
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(again, DOI_INDEX)).toBe(true);
  });
});
