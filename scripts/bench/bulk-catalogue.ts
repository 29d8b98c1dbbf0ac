/**
 * The PostgreSQL benchmark catalogue in bulk (issue 36; docs/decisions/570-bulk-million-catalogue.md):
 * the catalogue of a {@link CatalogueShape}, up to 1,000,000 papers and beyond, written by bulk
 * SQL into the product's own schema (`migrate` first), with the search rows `indexPaper`
 * (server/features/search/search.ts) would write, checked against `indexPaper` afterwards.
 *
 * How it differs from scripts/bench/catalogue.ts's PostgreSQL path (decision 325), which took
 * 55 minutes for a million papers and needed finishing by hand:
 * - ids are given in Node (each table's next id on), so nothing waits for `returning`: journals,
 *   issues, editors, papers and authors of 10,000 papers go in one statement per table whose
 *   parameters are column arrays (`insert … select * from unnest($1::integer[], …)`);
 * - the load runs with `session_replication_role = replica` (no foreign-key triggers: the rows
 *   are consistent by construction) and `synchronous_commit = off`, with every secondary index
 *   of the catalogue tables dropped and built again at the end (the primary keys and unique
 *   constraints stay);
 * - each batch's search rows are computed inside PostgreSQL from the stored rows
 *   (`insert into paper_search select … setweight(to_tsvector(…))`) on a second connection while
 *   Node writes the next batch, so the text maker and `to_tsvector` share the two cores;
 * - the sequences are moved past the ids given, `search_configs` gets the configuration, and
 *   the tables are analysed.
 *
 * The search row's rules are `indexPaper`'s for the bench's papers: the paper's language's text
 * search configuration (`searchConfigOf`, `simple` where the server has none) for title (A),
 * keywords (B), abstract (C) and full text (D), `simple` for the author names joined with ", "
 * in position order (A); `rank_doc` is the row without weight D. The bench's papers have no
 * translations, JATS galleys or affiliations, and their texts are far below search.ts's 900 KB
 * indexing limit. {@link checkAgainstIndexPaper} runs `indexPaper` on a sample of papers (rolled
 * back) and throws when a row differs, so a change to search.ts cannot leave the bench measuring
 * rows the app would not write.
 */
import { readFileSync } from "node:fs";
import { type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "../../server/db/database.ts";
import type { Database } from "../../server/db/schema.ts";
import { indexPaper } from "../../server/features/search/search.ts";
import { searchConfigOf } from "../../shared/languages.ts";
import type { CatalogueCounts, CatalogueShape } from "./catalogue.ts";
import { createRandom } from "./random.ts";
import { createTextMaker } from "./text.ts";
import { FREQUENCIES, INSTITUTIONS, SUBJECTS } from "./words.ts";

type Db = Kysely<Database>;

/** Papers per load statement (and per search-row statement). */
const PAPERS_PER_BATCH = 10_000;
/** Search-row statements queued behind the loader at most (bounds the loader's lead). */
const SEARCH_QUEUE = 2;
/** The language of every bench paper (the column's default). */
const PAPER_LANGUAGE = "en";
/** Papers {@link checkAgainstIndexPaper} checks after a build. */
export const CHECKED_PAPERS = 50;

/** The tables the builder writes; their secondary indexes are rebuilt after the load. */
const TABLES = [
  "journals",
  "partners",
  "publications",
  "editors",
  "papers",
  "paper_authors",
  "paper_search",
] as const;
/** The tables whose ids the builder gives, and so whose sequences it moves on. */
const SEQUENCED = ["journals", "partners", "publications", "editors", "papers", "paper_authors"];

type PgType = "integer" | "text";
/** A table's columns as loaded: name and PostgreSQL type. */
type Columns = readonly (readonly [string, PgType])[];
type Value = string | number | null;

const JOURNAL_COLUMNS = [
  ["id", "integer"],
  ["uri", "text"],
  ["name", "text"],
  ["abbreviation", "text"],
  ["issn", "text"],
  ["publisher", "text"],
  ["frequency", "text"],
  ["intro", "text"],
  ["sub_guide", "text"],
  ["other_guide", "text"],
  ["email", "text"],
  ["cost", "text"],
  ["contact_name", "text"],
  ["contact_email", "text"],
  ["subject", "text"],
  ["active", "integer"],
  ["created_at", "text"],
  ["updated_at", "text"],
] as const;
const PARTNER_COLUMNS = [
  ["id", "integer"],
  ["name", "text"],
  ["link", "text"],
  ["position", "integer"],
  ["created_at", "text"],
] as const;
const ISSUE_COLUMNS = [
  ["id", "integer"],
  ["journal_id", "integer"],
  ["volume", "text"],
  ["number", "text"],
  ["year", "integer"],
  ["status", "text"],
  ["published_on", "text"],
  ["created_at", "text"],
  ["updated_at", "text"],
] as const;
const EDITOR_COLUMNS = [
  ["id", "integer"],
  ["publication_id", "integer"],
  ["name", "text"],
  ["institution", "text"],
  ["role", "text"],
  ["position", "integer"],
] as const;
const PAPER_COLUMNS = [
  ["id", "integer"],
  ["publication_id", "integer"],
  ["title", "text"],
  ["doi", "text"],
  ["abstract", "text"],
  ["keywords", "text"],
  ["file", "text"],
  ["file_size", "integer"],
  ["page_count", "integer"],
  ["encrypted", "integer"],
  ["full_text", "text"],
  ["first_page", "text"],
  ["last_page", "text"],
  ["published_on", "text"],
  ["license_url", "text"],
  ["language", "text"],
  ["position", "integer"],
  ["created_at", "text"],
  ["updated_at", "text"],
] as const;
const AUTHOR_COLUMNS = [
  ["id", "integer"],
  ["paper_id", "integer"],
  ["position", "integer"],
  ["name", "text"],
  ["email", "text"],
  ["institution", "text"],
] as const;

/**
 * Column-major rows for {@link insertColumns}: one array per column of `columns`.
 */
class ColumnRows {
  readonly arrays: Value[][];
  readonly columns: Columns;
  constructor(columns: Columns) {
    this.columns = columns;
    this.arrays = columns.map(() => []);
  }
  /** Appends one row; `values` in the order of the columns. */
  push(...values: Value[]): void {
    for (const [i, v] of values.entries()) (this.arrays[i] as Value[]).push(v);
  }
  get length(): number {
    return this.arrays[0]?.length ?? 0;
  }
}

/**
 * Inserts every row of `rows` into `table` in one statement, one array parameter per column
 * (`insert into t (a, b) select * from unnest($1::integer[], $2::text[])`): one parse per batch,
 * no parameter limit.
 */
async function insertColumns(db: Db, table: string, rows: ColumnRows): Promise<void> {
  if (rows.length === 0) return;
  const names = sql.join(rows.columns.map(([name]) => sql.ref(name)));
  const arrays = rows.columns.map(([, type], i) => sql`${rows.arrays[i]}::${sql.raw(type)}[]`);
  await sql`insert into ${sql.table(table)} (${names})
    select * from unnest(${sql.join(arrays)})`.execute(db);
}

/** The next id of each of {@link SEQUENCED} (one past the largest there). */
async function nextIds(db: Db): Promise<Record<string, number>> {
  const next: Record<string, number> = {};
  for (const table of SEQUENCED) {
    const { rows } = await sql<{ n: string }>`select coalesce(max(id), 0)::text as n
      from ${sql.table(table)}`.execute(db);
    next[table] = Number(rows[0]?.n) + 1;
  }
  return next;
}

/**
 * Drops the secondary indexes of {@link TABLES} (those backing no constraint: primary keys and
 * unique constraints stay).
 * @returns their definitions (`CREATE INDEX …`), to run again after the load.
 */
async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string; def: string }>`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join([...TABLES])})
      and not exists (select 1 from pg_constraint c
        where c.conname = i.indexname and c.connamespace = current_schema()::regnamespace)
    order by i.tablename, i.indexname`.execute(db);
  for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(db);
  return rows.map((r) => r.def);
}

/**
 * The text search configuration `indexPaper` uses for a paper in `language`: its own where the
 * server has it, else `simple`.
 */
async function configFor(db: Db, language: string): Promise<string> {
  const name = searchConfigOf(language);
  const { rows } = await sql`select 1 from pg_ts_config where cfgname::text = ${name}`.execute(db);
  return rows.length ? name : "simple";
}

/**
 * The search rows of the papers with `from <= id <= to`, computed in PostgreSQL from the stored
 * papers and authors by `indexPaper`'s rules (see the module comment), with `config` for the
 * paper's own texts.
 */
async function writeSearchRows(db: Db, config: string, from: number, to: number): Promise<void> {
  const own = sql`${config}::regconfig`;
  await sql`insert into paper_search (paper_id, document, rank_doc)
    select id, d, ts_filter(d, '{a,b,c}') from (
      select p.id,
        setweight(to_tsvector(${own}, p.title), 'A') ||
        setweight(to_tsvector('simple'::regconfig, coalesce(a.names, '')), 'A') ||
        setweight(to_tsvector(${own}, coalesce(p.keywords, '')), 'B') ||
        setweight(to_tsvector(${own}, p.abstract), 'C') ||
        setweight(to_tsvector(${own}, coalesce(p.full_text, '')), 'D') as d
      from papers p
      left join (
        select paper_id, string_agg(name, ', ' order by position) as names
        from paper_authors where paper_id between ${from} and ${to} group by paper_id
      ) a on a.paper_id = p.id
      where p.id between ${from} and ${to}
    ) x`.execute(db);
}

/** Session settings of the load's connections: no foreign-key triggers, no commit flushes. */
async function bulkSession(db: Db, on: boolean): Promise<void> {
  if (on) {
    await sql`set session_replication_role = replica`.execute(db);
    await sql`set synchronous_commit = off`.execute(db);
  } else {
    await sql`reset session_replication_role`.execute(db);
    await sql`reset synchronous_commit`.execute(db);
  }
}

/**
 * CPU seconds a PostgreSQL backend of `db`'s connection has run so far, from Linux's
 * `/proc/<pid>/schedstat`; null where PostgreSQL runs on another machine (or the file cannot be
 * read). The machine's load does not inflate it as it does wall-clock time.
 */
async function backendCpuSeconds(db: Db): Promise<number | null> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  try {
    const ns = Number(readFileSync(`/proc/${rows[0]?.pid}/schedstat`, "utf8").split(" ")[0]);
    return Number.isFinite(ns) ? ns / 1e9 : null;
  } catch {
    return null;
  }
}

/** A bulk build's counts, with the CPU it took. */
export type BulkCounts = CatalogueCounts & {
  /**
   * CPU seconds of the build: this Node process (text making, parameters; the whole process)
   * and the two PostgreSQL backends of the load (rows, search rows, indexes; null where they
   * cannot be read). The ANALYZE and the check run on other connections and are not counted.
   */
  cpu: { node: number; postgres: number | null };
};

/** What a build reports besides the counts. */
export type BulkProgress = {
  /** Called after each batch is loaded, with papers loaded so far. */
  loaded?: (papers: number) => void;
  /** Called after each batch's search rows are written, with papers indexed so far. */
  indexed?: (papers: number) => void;
  /** Called as each phase starts ("indexes", "analyse", "check"). */
  phase?: (name: string) => void;
};

/**
 * Writes the catalogue of `shape` into the migrated PostgreSQL database of `handle` (normally
 * empty; rows already there are kept and the new ones numbered after them), then checks
 * {@link CHECKED_PAPERS} papers' search rows against `indexPaper` ({@link checkAgainstIndexPaper}).
 * The catalogue has issue 11's shape (scripts/bench/catalogue.ts's `catalogueShape`): issue k
 * belongs to journal k mod journals, issues come out 1990–2026 in date order, 3 editors an
 * issue, 1 to 8 authors a paper, about half the papers mention "species", and
 * `shape.fullText` papers spread evenly have a PDF and a full text of 2,000 to 6,000 words.
 * Deterministic for a seed.
 * @throws when the dialect is not PostgreSQL, and when a checked row differs from `indexPaper`'s.
 * @returns the counts, the build's wall-clock seconds (the check included) and its CPU seconds.
 */
export async function buildBulkCatalogue(
  handle: DatabaseHandle,
  shape: CatalogueShape,
  progress: BulkProgress = {},
): Promise<BulkCounts> {
  if (handle.dialect !== "postgres") throw new Error("buildBulkCatalogue: PostgreSQL only");
  const started = performance.now();
  const random = createRandom(shape.seed);
  const text = createTextMaker(random);
  const firstDay = Date.UTC(1990, 0, 1);
  const span = Date.UTC(2026, 10, 1) - firstDay;
  const iso = (ms: number) => new Date(ms).toISOString();
  const nodeCpu = process.cpuUsage();
  const counts: BulkCounts = {
    cpu: { node: 0, postgres: null },
    journals: shape.journals,
    issues: shape.issues,
    papers: 0,
    authors: 0,
    fullText: 0,
    frequent: 0,
    searchWriter: "bulk",
    seconds: 0,
  };

  await handle.db.connection().execute(async (load) => {
    await handle.db.connection().execute(async (search) => {
      const cpuBefore = [await backendCpuSeconds(load), await backendCpuSeconds(search)];
      await bulkSession(load, true);
      await bulkSession(search, true);
      let searchChain: Promise<void> = Promise.resolve();
      // the pooled connections go back to the pool as they came, whatever happens
      try {
        const config = await configFor(load, PAPER_LANGUAGE);
        const next = await nextIds(load);
        const indexes = await dropSecondaryIndexes(load);

        // Journals and partners.
        const journalIds: number[] = [];
        const journals = new ColumnRows(JOURNAL_COLUMNS);
        for (let j = 0; j < shape.journals; j++) {
          const name = text.journalName();
          const created = iso(firstDay + (span * j) / shape.journals / 4);
          const id = (next.journals as number) + j;
          journalIds.push(id);
          journals.push(
            id,
            `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${j + 1}`,
            name,
            name
              .split(" ")
              .filter((w) => w.length > 3)
              .map((w) => w.slice(0, 4))
              .join(". "),
            `${String(1000 + j).padStart(4, "0")}-${String(random.int(100, 999))}X`,
            random.pick(INSTITUTIONS),
            random.pick(FREQUENCIES),
            `${text.abstract(false)}\n\n${text.abstract(false)}`,
            text.abstract(false),
            text.abstract(false),
            `editor${j + 1}@journals.example.org`,
            "No article processing charge.",
            text.personName(),
            `contact${j + 1}@journals.example.org`,
            SUBJECTS[j % SUBJECTS.length] as string,
            1,
            created,
            created,
          );
        }
        await insertColumns(load, "journals", journals);
        const partners = new ColumnRows(PARTNER_COLUMNS);
        for (const [i, name] of INSTITUTIONS.entries())
          partners.push(
            (next.partners as number) + i,
            name,
            `https://www.example.org/partner/${i + 1}`,
            i,
            iso(firstDay),
          );
        await insertColumns(load, "partners", partners);

        // Issues, editors, papers and authors, a batch of about PAPERS_PER_BATCH papers at a time;
        // each batch's search rows on the second connection while the next batch is written.
        const perJournal = new Map<number, number>();
        let paperId = next.papers as number;
        let authorId = next.paper_authors as number;
        let editorId = next.editors as number;
        const pending: Promise<void>[] = [];
        let indexed = 0;
        let issue = 0;
        while (issue < shape.issues) {
          const issues = new ColumnRows(ISSUE_COLUMNS);
          const editors = new ColumnRows(EDITOR_COLUMNS);
          const papers = new ColumnRows(PAPER_COLUMNS);
          const authors = new ColumnRows(AUTHOR_COLUMNS);
          const firstPaper = paperId;
          while (issue < shape.issues && papers.length < PAPERS_PER_BATCH) {
            const issueId = (next.publications as number) + issue;
            const date = iso(firstDay + Math.floor((span * (issue + 1)) / shape.issues));
            const journal = issue % shape.journals;
            const nth = perJournal.get(journal) ?? 0;
            perJournal.set(journal, nth + 1);
            const publishedOn = date.slice(0, 10);
            issues.push(
              issueId,
              journalIds[journal] as number,
              String(Math.floor(nth / 4) + 1),
              String((nth % 4) + 1),
              Number(date.slice(0, 4)),
              "published",
              publishedOn,
              date,
              date,
            );
            for (const [position, role] of [
              "Editor-in-Chief",
              "Academic Editor",
              "Academic Editor",
            ].entries())
              editors.push(
                editorId++,
                issueId,
                text.personName(),
                random.pick(INSTITUTIONS),
                role,
                position,
              );
            const from = Math.floor((shape.papers * issue) / shape.issues);
            const to = Math.floor((shape.papers * (issue + 1)) / shape.issues);
            let page = 1;
            for (let n = from; n < to; n++) {
              const full =
                Math.floor(((n + 1) * shape.fullText) / shape.papers) >
                Math.floor((n * shape.fullText) / shape.papers);
              const frequent = random.next() < 0.5;
              const pages = random.int(6, 30);
              const added = iso(Date.parse(date) + (n - from) * 60_000);
              const id = paperId++;
              papers.push(
                id,
                issueId,
                text.title(),
                `10.5555/bench.${shape.seed}.${n + 1}`,
                text.abstract(frequent && !full),
                text.keywords(),
                full ? `papers/bench-${n + 1}.pdf` : null,
                full ? pages * 90_000 : null,
                full ? pages : null,
                0,
                full ? text.fullText(random.int(2_000, 6_000), frequent) : null,
                String(page),
                String(page + pages - 1),
                publishedOn,
                "https://creativecommons.org/licenses/by/4.0/",
                PAPER_LANGUAGE,
                n - from,
                added,
                added,
              );
              page += pages;
              for (let position = 0, k = random.int(1, 8); position < k; position++) {
                authors.push(
                  authorId,
                  id,
                  position,
                  text.personName(),
                  position === 0 ? `author${id}@example.org` : null,
                  random.pick(INSTITUTIONS),
                );
                authorId++;
              }
              if (full) counts.fullText++;
              if (frequent) counts.frequent++;
            }
            issue++;
          }
          await insertColumns(load, "publications", issues);
          await insertColumns(load, "editors", editors);
          await insertColumns(load, "papers", papers);
          await insertColumns(load, "paper_authors", authors);
          counts.papers += papers.length;
          counts.authors += authors.length;
          progress.loaded?.(counts.papers);
          const lastPaper = paperId - 1;
          if (lastPaper < firstPaper) continue;
          searchChain = searchChain.then(async () => {
            await writeSearchRows(search, config, firstPaper, lastPaper);
            indexed += lastPaper - firstPaper + 1;
            progress.indexed?.(indexed);
          });
          // keep the rejection observed until it is awaited below
          searchChain.catch(() => {});
          pending.push(searchChain);
          if (pending.length > SEARCH_QUEUE) await pending.shift();
        }
        await searchChain;

        progress.phase?.("indexes");
        // The sort of an index build spills to disk below this; the bench machine has 24 GB.
        await sql`set maintenance_work_mem = '1GB'`.execute(load);
        await sql`set maintenance_work_mem = '1GB'`.execute(search);
        // the GIN indexes (the slow ones) on one connection, the btrees on the other
        const gin = indexes.filter((def) => / using gin /i.test(def));
        const btree = indexes.filter((def) => !/ using gin /i.test(def));
        const build = async (conn: Db, defs: string[]) => {
          for (const def of defs) await sql.raw(def).execute(conn);
        };
        await Promise.all([build(search, gin), build(load, btree)]);
        for (const table of SEQUENCED) {
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'),
          (select max(id) from ${sql.table(table)}))`.execute(load);
        }
        await sql`insert into search_configs (config) values (${config})
        on conflict (config) do nothing`.execute(load);
      } finally {
        await searchChain.catch(() => {});
        for (const conn of [load, search]) {
          await sql`reset maintenance_work_mem`.execute(conn);
          await bulkSession(conn, false);
        }
      }
      const cpuAfter = [await backendCpuSeconds(load), await backendCpuSeconds(search)];
      const sum = (xs: (number | null)[]) =>
        xs.some((x) => x === null) ? null : xs.reduce<number>((t, x) => t + (x ?? 0), 0);
      const [before, after] = [sum(cpuBefore), sum(cpuAfter)];
      counts.cpu.postgres = before === null || after === null ? null : after - before;
    });
  });
  progress.phase?.("analyse");
  await sql`analyze`.execute(handle.db);
  progress.phase?.("check");
  await checkAgainstIndexPaper(handle.db, await samplePaperIds(handle.db, shape.seed));
  counts.seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(nodeCpu);
  counts.cpu.node = (used.user + used.system) / 1e6;
  return counts;
}

/**
 * {@link CHECKED_PAPERS} paper ids for {@link checkAgainstIndexPaper}, drawn with `seed`: a fifth
 * of them among the papers with a full text (5 % of the catalogue, so a plain draw would often
 * miss them), the rest among all papers. Ascending, without repeats.
 */
export async function samplePaperIds(db: Db, seed: number): Promise<number[]> {
  const random = createRandom(seed * 7919 + 1);
  const ids = new Set<number>();
  const pick = async (withText: boolean, n: number) => {
    const { rows } = await sql<{ lo: number | null; hi: number | null; n: string }>`
      select min(id) as lo, max(id) as hi, count(*)::text as n from papers
      where ${withText ? sql`full_text is not null` : sql`true`}`.execute(db);
    const row = rows[0];
    if (!row || row.lo === null || row.hi === null) return;
    const wanted = ids.size + Math.min(n, Number(row.n));
    // a random id, then the first paper at or after it; repeats are drawn again
    for (let tries = 0; ids.size < wanted && tries < 20 * n; tries++) {
      const { rows: hit } = await sql<{ id: number }>`select id from papers
        where id >= ${random.int(row.lo, row.hi)}
          and ${withText ? sql`full_text is not null` : sql`true`}
        order by id limit 1`.execute(db);
      if (hit[0]) ids.add(Number(hit[0].id));
    }
  };
  await pick(true, Math.round(CHECKED_PAPERS / 5));
  await pick(false, CHECKED_PAPERS - ids.size);
  return [...ids].sort((a, b) => a - b);
}

class Rollback extends Error {}

/**
 * Compares the stored search row (`document`, `rank_doc`) of each paper of `paperIds` with the
 * one `indexPaper` writes for it, in a transaction that is rolled back (the catalogue is left as
 * it was).
 * @throws an Error naming the papers whose rows differ (or are missing).
 */
export async function checkAgainstIndexPaper(db: Db, paperIds: readonly number[]): Promise<void> {
  const differ: number[] = [];
  const row = async (trx: Db, id: number) =>
    JSON.stringify(
      (
        await sql`select document::text as d, rank_doc::text as r from paper_search
          where paper_id = ${id}`.execute(trx)
      ).rows,
    );
  try {
    await db.transaction().execute(async (trx) => {
      for (const id of paperIds) {
        const bulk = await row(trx, id);
        await indexPaper(trx, "postgres", id);
        if (bulk === "[]" || bulk !== (await row(trx, id))) differ.push(id);
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (differ.length)
    throw new Error(
      `bulk catalogue: the search rows of ${differ.length} of ${paperIds.length} checked papers differ from indexPaper's (ids ${differ.slice(0, 10).join(", ")}); server/features/search/search.ts's rules changed: update scripts/bench/bulk-catalogue.ts's writeSearchRows`,
    );
}
