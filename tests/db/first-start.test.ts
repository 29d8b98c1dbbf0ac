import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadingMessage } from "../../app/components/home/loading-notice.tsx";
import { loader as homeLoader } from "../../app/routes/home.tsx";
import { loadCatalogues, serverTranslator } from "../../server/i18n/catalogues.ts";
import { startSeedIfEmpty } from "../../server/import/seed.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import {
  CORPUS_DIR,
  createTestContext,
  dialectUnderTest,
  type TestContext,
} from "../helpers/context.ts";
import { fullTextPageHtml, headingProblems } from "../helpers/fulltext-page.ts";
import { loaderArgs } from "../helpers/loaders.ts";
import { countRows } from "../helpers/rows.ts";
import { missedProbes, sampleRecallProbes } from "../helpers/search-recall.ts";

describe(`first start on an empty catalogue (${dialectUnderTest})`, () => {
  let t: TestContext;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await createTestContext({ SEED: "corpus", CORPUS_DIR });
    t.ctx.log = pino(
      { level: "info" },
      { write: (line: string) => logged.push(JSON.parse(line).msg) },
    );
  });
  afterAll(() => t.close());

  it("serves while the corpus is imported, the home page saying how far it has got", async () => {
    const seeding = await startSeedIfEmpty(t.ctx);
    expect(t.ctx.importStatus?.state).toBe("running");

    // the home page keeps answering during the import and carries the notice
    const seen: { done: number; total: number | null }[] = [];
    let over = false;
    void seeding.finished.then(() => {
      over = true;
    });
    while (!over) {
      const data = (await homeLoader(loaderArgs(t.ctx))) as {
        loading: { done: number; total: number | null } | null;
      };
      if (data.loading) seen.push(data.loading);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await seeding.finished).toBeUndefined();

    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)!.total).toBe(26);
    const done = seen.map((s) => s.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.some((d) => d > 0 && d < 26)).toBe(true);

    expect(t.ctx.importStatus).toEqual({ state: "done", done: 26, total: 26 });
    // the log tells the operator too: the progress line at the start and at the end
    expect(logged).toContain("Papers: 0 of 26 (0%), starting");
    expect(
      logged.some((m) => /^Papers: 26 of 26 \(100%\) in \d+ (s|min), [\d.]+ papers\/s$/.test(m)),
    ).toBe(true);
    expect(await countRows(t, "papers")).toBe(26);
    const after = (await homeLoader(loaderArgs(t.ctx))) as { loading: unknown };
    expect(after.loading).toBeNull();

    // a second start finds journals and imports nothing
    const again = await startSeedIfEmpty(t.ctx);
    await again.finished;
    expect(await countRows(t, "papers")).toBe(26);
  }, 400_000);

  it("finds each paper by every word sampled from what a reader sees of it (decision 472)", async () => {
    expect(await countRows(t, "papers")).toBe(26); // the corpus the test above imported
    const probes = await sampleRecallProbes(t.ctx, 40);
    expect(probes.length).toBe(200);
    const missed = await missedProbes(t.ctx, probes);
    expect(missed.map((p) => `${p.source}: ${p.word} (paper ${p.paperId})`)).toEqual([]);
  }, 300_000);

  it("keeps the headings of every full text in order, none skipping a level (decision 473)", async () => {
    serverTranslator("en"); // every locale's catalogue, as the server loads them at start
    const papers = await t.ctx.db
      .selectFrom("paper_jats as pj")
      .innerJoin("papers as p", "p.id", "pj.paper_id")
      .leftJoin("publications as pub", "pub.id", "p.publication_id")
      .leftJoin("journals as j", "j.id", "pub.journal_id")
      .leftJoin("proceedings as pr", "pr.id", "p.proceeding_id")
      .select(["p.id", "j.uri", "pr.slug"])
      .execute();
    expect(papers.length).toBe(24); // every corpus paper with a JATS galley
    const problems: string[] = [];
    for (const paper of papers) {
      const page = paper.slug
        ? `/proceedings/${paper.slug}/${paper.id}`
        : `/journal/${paper.uri}/${paper.id}`;
      for (const problem of headingProblems(await fullTextPageHtml(t.ctx, paper))) {
        problems.push(`${page}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it("words the notice", () => {
    loadCatalogues();
    const t = translatorFor("en");
    expect(loadingMessage({ done: 12, total: 26 }, t)).toBe(
      "The catalogue is being loaded: 12 of 26 papers so far.",
    );
    expect(loadingMessage({ done: 1234, total: 5678 }, t)).toBe(
      "The catalogue is being loaded: 1,234 of 5,678 papers so far.",
    );
    expect(loadingMessage({ done: 0, total: null }, t)).toBe("The catalogue is being loaded.");
  });

  it("logs a corpus that cannot be imported and keeps the site up", async () => {
    const empty = await createTestContext({ SEED: "corpus", CORPUS_DIR: "/nonexistent-corpus" });
    try {
      const seeding = await startSeedIfEmpty(empty.ctx);
      expect(await seeding.finished).toBeUndefined();
      expect(empty.ctx.importStatus?.state).toBe("failed");
      const data = (await homeLoader(loaderArgs(empty.ctx))) as { loading: unknown };
      expect(data.loading).toBeNull();
    } finally {
      await empty.close();
    }
  });
});
