/**
 * Where the benchmark catalogue lives, and its reuse: a catalogue is built once per shape, seed
 * and version of the code it depends on (migrations, search row writer, the builder itself) and
 * kept; a later run with the same fingerprint skips the build.
 *
 * - SQLite: `<BENCH_DATA_DIR>/<papers>-<seed>/athenaeum.sqlite`, a DATA_DIR the server can use
 *   as is; `catalogue.json` beside it is written last, so a half-built folder is rebuilt.
 * - PostgreSQL: a database `athenaeum_bench` (`athenaeum_bench_<papers>_<seed>` for other shapes)
 *   created on the server of DATABASE_URL; the database DATABASE_URL names is never written.
 *   Its fingerprint is kept in `<BENCH_DATA_DIR>/<database>.json`. It is built in bulk
 *   (scripts/bench/bulk-catalogue.ts, decision 570) and checked against `indexPaper`.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { migrate, openDatabase } from "../../server/db/database.ts";
import { type BulkCounts, buildBulkCatalogue } from "./bulk-catalogue.ts";
import {
  buildCatalogue,
  type CatalogueCounts,
  type CatalogueShape,
  FULL_SCALE,
} from "./catalogue.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** PostgreSQL `statement_timeout` of the catalogue build: one hour. */
const BUILD_STATEMENT_MS = 3_600_000;

export type StoredCatalogue = {
  counts: CatalogueCounts;
  /** True when this run built it; false when an earlier build was reused. */
  built: boolean;
};

/** SHA-256 of the shape and of every source file the catalogue's content depends on. */
export function catalogueFingerprint(shape: CatalogueShape): string {
  const hash = createHash("sha256").update(JSON.stringify(shape));
  const migrations = path.join(root, "server/db/migrations");
  const files = [
    ...readdirSync(migrations).map((f) => path.join(migrations, f)),
    path.join(root, "server/db/database.ts"),
    path.join(root, "server/features/search/search.ts"),
    ...["catalogue.ts", "bulk-catalogue.ts", "text.ts", "words.ts", "random.ts"].map((f) =>
      path.join(import.meta.dirname, f),
    ),
  ].sort();
  for (const file of files) hash.update(path.relative(root, file)).update(readFileSync(file));
  return hash.digest("hex");
}

/** The folder that holds the SQLite catalogue of `shape` (and the PostgreSQL marker). */
export function catalogueDir(baseDir: string, shape: CatalogueShape): string {
  return path.join(baseDir, `${shape.papers}-${shape.seed}`);
}

type Marker = { fingerprint: string; counts: CatalogueCounts };

function readMarker(file: string, fingerprint: string): CatalogueCounts | null {
  if (!existsSync(file)) return null;
  const marker = JSON.parse(readFileSync(file, "utf8")) as Marker;
  return marker.fingerprint === fingerprint ? marker.counts : null;
}

function progressPrinter(label: string, total: number): (done: number) => void {
  const started = performance.now();
  let lastPrinted = 0;
  return (done) => {
    const now = performance.now();
    if (done < total && now - lastPrinted < 5_000) return;
    lastPrinted = now;
    const seconds = ((now - started) / 1000).toFixed(0);
    console.log(
      `  ${label}: ${done.toLocaleString("en")} / ${total.toLocaleString("en")} papers (${((100 * done) / total).toFixed(0)} %), ${seconds} s`,
    );
  };
}

/**
 * The SQLite catalogue of `shape` in `dir` (a server DATA_DIR), built unless a build with the
 * same fingerprint is there already.
 */
export async function sqliteCatalogue(
  dir: string,
  shape: CatalogueShape,
): Promise<StoredCatalogue> {
  const fingerprint = catalogueFingerprint(shape);
  const markerFile = path.join(dir, "catalogue.json");
  const existing = readMarker(markerFile, fingerprint);
  if (existing) return { counts: existing, built: false };
  rmSync(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const handle = openDatabase({ sqliteFile: path.join(dir, "athenaeum.sqlite") });
  try {
    await migrate(handle);
    const counts = await buildCatalogue(handle, shape, progressPrinter("SQLite", shape.papers));
    writeFileSync(markerFile, `${JSON.stringify({ fingerprint, counts }, null, 2)}\n`);
    return { counts, built: true };
  } finally {
    await handle.close();
  }
}

/** Name of the PostgreSQL benchmark database for `shape`. */
export function postgresDatabaseName(shape: CatalogueShape): string {
  return shape.papers === FULL_SCALE.papers && shape.seed === 1
    ? "athenaeum_bench"
    : `athenaeum_bench_${shape.papers}_${shape.seed}`;
}

/**
 * The PostgreSQL catalogue of `shape` in its own database on the server of `serverUrl`,
 * built unless a build with the same fingerprint exists (marker `<database>.json` in `baseDir`).
 * @returns the connection string of the benchmark database, and the catalogue.
 */
export async function postgresCatalogue(
  serverUrl: string,
  baseDir: string,
  shape: CatalogueShape,
): Promise<StoredCatalogue & { url: string }> {
  const name = postgresDatabaseName(shape);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const fingerprint = catalogueFingerprint(shape);
  const markerFile = path.join(baseDir, `${name}.json`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    const existing = found.rowCount ? readMarker(markerFile, fingerprint) : null;
    if (existing) return { counts: existing, built: false, url: url.toString() };
    rmSync(markerFile, { force: true });
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  // The bulk path's statements (10,000 papers' search rows, the GIN index of a million rows)
  // run for minutes on a loaded machine: past the server's 30 s `statement_timeout`.
  const handle = openDatabase({
    databaseUrl: url.toString(),
    timeouts: { statementMs: BUILD_STATEMENT_MS },
  });
  try {
    await migrate(handle);
    const phaseStarted = performance.now();
    const counts = await buildBulkCatalogue(handle, shape, {
      loaded: progressPrinter("PostgreSQL rows", shape.papers),
      indexed: progressPrinter("PostgreSQL search rows", shape.papers),
      phase: (name) =>
        console.log(
          `  PostgreSQL: ${name}… (${((performance.now() - phaseStarted) / 1000).toFixed(0)} s)`,
        ),
    });
    await mkdir(baseDir, { recursive: true });
    writeFileSync(markerFile, `${JSON.stringify({ fingerprint, counts }, null, 2)}\n`);
    return { counts, built: true, url: url.toString() };
  } finally {
    await handle.close();
  }
}

/**
 * `npm run bench:scale -- --build-only`: builds (or finds built) the PostgreSQL catalogue of
 * `shape` on the server of `serverUrl` ({@link postgresCatalogue}) and prints its build time,
 * papers a second, rows, database size (`pg_database_size`, MB) and the 1-minute load average
 * before, during (lowest and highest, sampled every 10 s) and after: the figures decision 570
 * records.
 */
export async function reportPostgresBuild(
  serverUrl: string,
  baseDir: string,
  shape: CatalogueShape,
): Promise<void> {
  const load = () => loadavg()[0] as number;
  const loadBefore = load();
  const during = [loadBefore];
  const sampler = setInterval(() => during.push(load()), 10_000);
  let built: Awaited<ReturnType<typeof postgresCatalogue>>;
  try {
    built = await postgresCatalogue(serverUrl, baseDir, shape);
  } finally {
    clearInterval(sampler);
  }
  const loadAfter = load();
  const client = new pg.Client({ connectionString: built.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ mb: string; search_mb: string }>(
      `select (pg_database_size(current_database()) / 1e6)::int::text as mb,
        (pg_total_relation_size('paper_search') / 1e6)::int::text as search_mb`,
    );
    const c = built.counts;
    const en = (n: number) => n.toLocaleString("en");
    console.log(
      `PostgreSQL catalogue ${new URL(built.url).pathname.slice(1)}: ${built.built ? "built" : "reused (built earlier)"} in ${c.seconds.toFixed(0)} s (${en(Math.round(c.papers / c.seconds))} papers/s); ${en(c.papers)} papers, ${en(c.authors)} author rows, ${en(c.issues)} issues, ${en(c.journals)} journals, ${en(c.fullText)} full texts; search rows: ${c.searchWriter}; CPU ${"cpu" in c ? `${(c.cpu as BulkCounts["cpu"]).node.toFixed(0)} s Node + ${(c.cpu as BulkCounts["cpu"]).postgres?.toFixed(0) ?? "?"} s PostgreSQL` : "not recorded"}; database ${rows[0]?.mb} MB (paper_search ${rows[0]?.search_mb} MB); load average ${loadBefore.toFixed(1)} before, ${Math.min(...during).toFixed(1)}–${Math.max(...during).toFixed(1)} during, ${loadAfter.toFixed(1)} after`,
    );
  } finally {
    await client.end();
  }
}
