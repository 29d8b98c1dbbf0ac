/**
 * `npm run bench:search`: search at scale (issue 11), printed as a table with each target
 * beside it. Builds a synthetic catalogue of `BENCH_PAPERS` papers (default 100,000; one in 20
 * with a ~4,000-word full text, "species" in about half, "holotype" in one in 1,000) in a fresh
 * SQLite database, then measures:
 *
 * 1. `searchPapers` p50/p95 for a common word (~48 % of papers), a rare word, two words, and a
 *    deep page (`BENCH_REQUESTS` timed calls each after 3 warm-ups, default 30);
 * 2. re-indexing one paper (`indexPaper`), p50/p95 over 200 random papers without and 200 with
 *    a full text;
 * 3. a cheap API call (`GET /api/partners`) alone, then while another client loops
 *    `GET /api/search?q=species` over HTTP: the added p50/p95.
 *
 * Listens on 127.0.0.1:`BENCH_PORT` (default: any free port). Prints the load average beside the
 * figures, since a busy machine inflates them. Exits 1 when a target is missed.
 */
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { sql } from "kysely";
import { rebuildSqliteSearch } from "../server/db/migrations/020-text-limits.ts";
import { indexPaper, searchPapers } from "../server/features/search/search.ts";
import { createHttpApp } from "../server/http/app.ts";
import type { AppContext } from "../server/services/context.ts";
import { insertBareJournal } from "./bench/bare-journal.ts";
import { scratchAppContext } from "./bench/scratch-context.ts";

const PAPERS = Number(process.env.BENCH_PAPERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 0);

type Row = { what: string; figure: string; target: string; ok: boolean };
const rows: Row[] = [];
/** A figure with its target, or without one (`max` undefined: printed for context only). */
const record = (what: string, ms: number, max?: number) =>
  rows.push({
    what,
    figure: `${ms.toFixed(1)} ms`,
    target: max === undefined ? "" : `≤ ${max} ms`,
    ok: max === undefined || ms <= max,
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** p50/p95 of `n` calls of `run` after 3 warm-ups; `pauseMs` between calls, not timed. */
async function timed(n: number, run: (i: number) => Promise<unknown>, pauseMs = 0) {
  const times: number[] = [];
  for (let i = 0; i < n + 3; i++) {
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    const start = performance.now();
    await run(i);
    if (i >= 3) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** A deterministic pseudo-random generator, so every run measures the same catalogue. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

async function generate(ctx: AppContext) {
  const rnd = random(42);
  const syllables = "ka lo mi ne ru ta po si de gu ba fe zo vi qu ar en ol".split(" ");
  const vocabulary = Array.from({ length: 8000 }, () =>
    Array.from(
      { length: 2 + Math.floor(rnd() * 3) },
      () => syllables[Math.floor(rnd() * syllables.length)],
    ).join(""),
  );
  // Squaring skews choices toward the start of the vocabulary: a few common words, many rare.
  const words = (n: number) =>
    Array.from({ length: n }, () => vocabulary[Math.floor(rnd() ** 2 * vocabulary.length)]).join(
      " ",
    );
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const journalId = await insertBareJournal(
      trx,
      { uri: "bench", name: "Bench", abbreviation: "B" },
      now,
    );
    const issues = await trx
      .insertInto("publications")
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          journal_id: journalId,
          volume: String(i + 1),
          number: "1",
          year: 2020,
          published_on: now,
          created_at: now,
          updated_at: now,
          status: i % 50 === 0 ? "draft" : "published",
        })),
      )
      .returning("id")
      .execute();
    for (let start = 0; start < PAPERS; start += 500) {
      const batch = Array.from({ length: Math.min(500, PAPERS - start) }, (_, k) => {
        const i = start + k;
        const species = rnd() < 0.48 ? " species" : "";
        // Not 0: paper i goes to issue i % 1000, and issue 0 is a draft.
        const holotype = i % 1000 === 1 ? " holotype" : "";
        return {
          publication_id: issues[i % issues.length]!.id,
          title: words(8),
          abstract: words(150) + species + holotype,
          keywords: words(4),
          full_text: i % 20 === 0 ? words(4000) + species : null,
          encrypted: 0,
          position: i,
          created_at: now,
          updated_at: now,
        };
      });
      const ids = await trx.insertInto("papers").values(batch).returning("id").execute();
      await trx
        .insertInto("paper_authors")
        .values(
          ids.flatMap(({ id }) =>
            [0, 1].map((position) => ({ paper_id: id, position, name: words(2) })),
          ),
        )
        .execute();
    }
  });
  // the search table as today's migrations leave it (body and body_rest, migration 020)
  await rebuildSqliteSearch(ctx.db as never);
  // Measure a settled database, not one whose writes still sit in the WAL.
  await sql`pragma wal_checkpoint(truncate)`.execute(ctx.db);
  return { common: vocabulary[0]! };
}

async function main() {
  const { ctx, close } = await scratchAppContext("bench-search");
  try {
    const t0 = performance.now();
    const { common } = await generate(ctx);
    console.log(
      `${PAPERS} papers generated and indexed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const searches: [string, string, number][] = [
      ["common word", "species", 1],
      ["rare word", "holotype", 1],
      ["two words", `species ${common}`, 1],
      ["page 50 of a common word", "species", 50],
    ];
    for (const [what, q, page] of searches) {
      const first = await searchPapers(ctx, q, { page });
      const { p50, p95 } = await timed(REQUESTS, () => searchPapers(ctx, q, { page }));
      const count = `${first.total}${first.totalCapped ? "+" : ""}`;
      record(`search "${q}" p${page} (${what}, ${count} matches), p50`, p50);
      record(`search "${q}" p${page}, p95`, p95, 100);
    }

    // Paper ids start at 1 in the fresh database; ids 1, 21, 41, … have a full text, whose
    // tokens make re-indexing cost more.
    const rnd = random(7);
    const slot = () => 20 * Math.floor(rnd() * (PAPERS / 20 - 1));
    // 200 each: a WAL checkpoint every few dozen saves makes the tail, so p95 needs many.
    const short = await timed(200, () => indexPaper(ctx.db, ctx.dialect, 2 + slot()));
    record("re-index one paper without full text: p50", short.p50);
    record("re-index one paper without full text: p95", short.p95, 10);
    const long = await timed(200, () => indexPaper(ctx.db, ctx.dialect, 1 + slot()));
    record("re-index one paper with a 4,000-word full text: p50", long.p50);
    record("re-index one paper with a 4,000-word full text: p95", long.p95, 10);

    const server = createHttpApp(ctx).listen(PORT, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cheap = () => fetch(`${base}/api/partners`).then((r) => r.arrayBuffer());
    // A pause between cheap calls spreads them over many searches of the looping client.
    const alone = await timed(REQUESTS * 2, cheap, 10);
    let looping = true;
    let loops = 0;
    const loop = (async () => {
      while (looping) {
        await fetch(`${base}/api/search?q=species`).then((r) => r.arrayBuffer());
        loops++;
      }
    })();
    const busy = await timed(REQUESTS * 2, cheap, 10);
    looping = false;
    await loop;
    server.close();
    console.log(
      `cheap call alone p50 ${alone.p50.toFixed(1)} ms p95 ${alone.p95.toFixed(1)} ms; ` +
        `during ${loops} looped searches p50 ${busy.p50.toFixed(1)} ms p95 ${busy.p95.toFixed(1)} ms`,
    );
    record("cheap API call while searches loop: added p50", busy.p50 - alone.p50, 20);
    record("cheap API call while searches loop: added p95", busy.p95 - alone.p95, 20);
  } finally {
    await close();
  }

  const width = Math.max(...rows.map((r) => r.what.length));
  console.log(`\n${"measure".padEnd(width)}  ${"figure".padStart(10)}  ${"target".padStart(10)}`);
  for (const r of rows) {
    console.log(
      `${r.what.padEnd(width)}  ${r.figure.padStart(10)}  ${r.target.padStart(10)}  ${r.ok ? "ok" : "MISSED"}`,
    );
  }
  console.log(`\nLoad average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}`);
  const missed = rows.filter((r) => !r.ok).length;
  console.log(missed ? `\n${missed} target(s) missed.` : "\nAll targets met.");
  process.exit(missed ? 1 : 0);
}

await main();
