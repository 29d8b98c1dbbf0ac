/**
 * Server loaders of the public pages (docs/product/errors.md: a public load that fails leaves its
 * section empty and the page still renders; unknown journals and issues are 404), run against
 * a real database with one table made to fail at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as homeLoader } from "../../app/routes/home.tsx";
import { loader as issueLoader } from "../../app/routes/issue.tsx";
import { loader as journalLoader } from "../../app/routes/journal.tsx";
import { loader as journalsLoader } from "../../app/routes/journals.tsx";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { insertJournalWithIssue, paperRow } from "../helpers/fixtures.ts";
import { loaderArgs as args, failing, runLoader as run } from "../helpers/loaders.ts";

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  const now = new Date().toISOString();
  const issue = await insertJournalWithIssue(
    t.ctx.db,
    {
      uri: "test-journal",
      name: "Test Journal",
      abbreviation: "Test J",
      issn: "1234-5678",
      publisher: "Test Press",
      frequency: "monthly",
      intro: "About.",
      subject: "philosophy",
      created_at: now,
      updated_at: now,
    },
    {
      volume: "3",
      number: "2",
      year: 2025,
      published_on: "2025-06-01",
      created_at: now,
      updated_at: now,
    },
  );
  // public lists feature an issue only once it has papers (decision 258)
  await t.ctx.db
    .insertInto("papers")
    .values(paperRow({ publication_id: issue.issueId, title: "On Tests", doi: null }))
    .execute();
  await t.ctx.db
    .insertInto("partners")
    .values({ name: "Test University", logo: null, link: null, position: 1, created_at: now })
    .execute();
});

afterAll(async () => {
  await t?.close();
});

describe(`public page loaders (${dialectUnderTest})`, () => {
  it("home: every section loads", async () => {
    const { status, data } = await run(() => homeLoader(args(t.ctx)));
    expect(status).toBe(200);
    expect(data).toMatchObject({
      journals: [{ journal_name: "Test Journal" }],
      latest: [{ title: "Test Journal Vol. 3 No. 2 (2025)" }],
      partners: [{ name: "Test University" }],
      proceedings: [], // the home page then has no proceedings section
      featured: { publication: "Vol. 3 No. 2 (2025)", papers: [{ title: "On Tests" }] },
    });
  });

  it("home: a failing partners load leaves only that section empty", async () => {
    const { status, data } = await run(() => homeLoader(args(failing(t.ctx, ["partners"]))));
    expect(status).toBe(200);
    expect(data).toMatchObject({
      partners: null,
      journals: [{ journal_name: "Test Journal" }],
      latest: [{ link: "/journal/test-journal/3/2" }],
    });
  });

  it("home: with the database down the page still renders, every section empty", async () => {
    const { status, data } = await run(() => homeLoader(args(failing(t.ctx, "all"))));
    expect(status).toBe(200);
    expect(data).toEqual({
      featured: null,
      latest: null,
      journals: null,
      proceedings: null,
      partners: null,
      subjectCounts: null, // the subject cards show no counts
      popular: null, // no 'Most read' (decision 284)
      loading: null, // no first-start import running
    });
  });

  it("journals: each column fails on its own", async () => {
    const { data } = await run(() => journalsLoader(args(failing(t.ctx, "all"))));
    expect(data).toEqual({ journals: null, latest: null });
  });

  it("journal: the journal with its issues and its name as header text", async () => {
    const { status, data } = await run(() =>
      journalLoader(args(t.ctx, { journalUrl: "test-journal" })),
    );
    expect(status).toBe(200);
    expect(data).toMatchObject({
      headerText: "Test Journal",
      journal: { name: "Test Journal", publisher: "Test Press" },
      publications: [{ label: "Vol. 3 No. 2 (2025)", volume: "3", issue: "2" }],
    });
  });

  it("journal: unknown or malformed journal URIs are 404", async () => {
    for (const journalUrl of ["no-such-journal", "Bad_Slug", "-x"]) {
      const { status } = await run(() => journalLoader(args(t.ctx, { journalUrl })));
      expect(status, journalUrl).toBe(404);
    }
  });

  it("journal: a failing load leaves the page empty (503), not a 404", async () => {
    const { status, data } = await run(() =>
      journalLoader(args(failing(t.ctx, ["journals"]), { journalUrl: "test-journal" })),
    );
    expect(status).toBe(503);
    expect(data).toEqual({ journal: null, publications: null, headerText: "", popular: null });
  });

  it("journal: a failing issue list leaves only the Publications section empty", async () => {
    const { status, data } = await run(() =>
      journalLoader(args(failing(t.ctx, ["publications"]), { journalUrl: "test-journal" })),
    );
    expect(status).toBe(200);
    expect(data).toMatchObject({ journal: { name: "Test Journal" }, publications: null });
  });

  it("issue: the issue, with the journal's name as header text", async () => {
    const { status, data } = await run(() =>
      issueLoader(args(t.ctx, { journalUrl: "test-journal", volume: "3", issue: "2" })),
    );
    expect(status).toBe(200);
    expect(data).toMatchObject({
      headerText: "Test Journal",
      publication: { journal_abbreviation: "Test J", volume: "3", issue: "2", year: 2025 },
    });
  });

  it("issue: unknown issues and volumes or issues that are not numbers are 404", async () => {
    const cases = [
      { journalUrl: "test-journal", volume: "3", issue: "9" },
      { journalUrl: "test-journal", volume: "x", issue: "2" },
      { journalUrl: "test-journal", volume: "3", issue: "2a" },
      { journalUrl: "no-such-journal", volume: "3", issue: "2" },
    ];
    for (const params of cases) {
      const { status } = await run(() => issueLoader(args(t.ctx, params)));
      expect(status, JSON.stringify(params)).toBe(404);
    }
  });

  it("issue: a failing load leaves the page empty (503)", async () => {
    const { status, data } = await run(() =>
      issueLoader(
        args(failing(t.ctx, ["publications"]), {
          journalUrl: "test-journal",
          volume: "3",
          issue: "2",
        }),
      ),
    );
    expect(status).toBe(503);
    expect(data).toEqual({ publication: null, headerText: "" });
  });
});
