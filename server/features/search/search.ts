/**
 * Full-text search over papers behind one interface (docs/product/overview.md#shape-of-the-system): SQLite FTS5 with bm25
 * ranking, or PostgreSQL `tsvector` with `ts_rank_cd`. Each paper has one search row made of its
 * title, author names, keywords, abstract and the text extracted from its PDF, weighted in that
 * order. Readers find papers of active journals in published issues, and papers of proceedings
 * (which are all public), each hit linking to its own reading page (docs/decisions/092-search-
 * proceeding-papers.md).
 *
 * Snippets mark matched words with U+0002 … U+0003 (never HTML), so the page can highlight them
 * without injecting markup.
 *
 * Languages (decision 442): a paper's translated titles, keywords and abstracts are indexed with
 * its own, in the same fields. On PostgreSQL each text is stemmed with its language's text
 * search configuration (shared/languages.ts, `simple` when PostgreSQL has none), the
 * configurations used are kept in `search_configs`, and a query is spelt for each of them and
 * matched by any: a word finds a paper in any of its languages. SQLite's FTS5 has one
 * tokenizer (porter, English) for every language.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { SearchHit, SearchResult } from "../../../shared/api.ts";
import {
  paperLink,
  proceedingLink,
  proceedingPaperLink,
  publicationLabel,
  publicationLink,
} from "../../../shared/format.ts";
import { CONTENT_LANGUAGES, searchConfigOf } from "../../../shared/languages.ts";
import { MARK_END, MARK_START } from "../../../shared/search-marks.ts";
import type { SearchFilters } from "../../../shared/search-params.ts";
import type { Dialect } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { announceCatalogueWrite, bumpCatalogueVersion } from "../../services/catalogue-version.ts";
import type { AppContext } from "../../services/context.ts";
import { utf8Prefix } from "../../services/pdf-text.ts";
import { translationsOf } from "../papers/scholarly.ts";
import { retractedAmong } from "../updates/notices.ts";
import { type ParsedQuery, parseQuery, toFts5, toWebsearch } from "./search-query.ts";
import { bestPassage, SNIPPET_TEXT_CHARS, splitOpening } from "./search-snippet.ts";

export { MARK_END, MARK_START };

/**
 * Most bytes of a PDF's text in its search row: `MAX_PDF_TEXT_KB`'s largest value (texts are cut
 * when stored; this holds for rows written some other way). PostgreSQL's `tsvector` holds at
 * most 1 MB of distinct words.
 */
const MAX_INDEXED_TEXT_BYTES = 900 * 1024;

/**
 * Most matches counted (docs/decisions/100-search-top-k.md): past this a count costs more than
 * it tells a reader, so the page shows "10,000+".
 */
export const SEARCH_COUNT_CAP = 10_000;

type Executor = Kysely<Database>;

/**
 * The text search configurations of `names` that this PostgreSQL server has (`pg_ts_config`);
 * the others are indexed with `simple`.
 */
async function availableConfigs(db: Executor, names: readonly string[]): Promise<Set<string>> {
  const rows = await sql<{ cfgname: string }>`select cfgname::text as cfgname from pg_ts_config
    where cfgname::text in (${sql.join(names)})`.execute(db);
  return new Set(rows.rows.map((r) => r.cfgname));
}

/**
 * The words of `other` that `text` does not have, each once, as written (whitespace-delimited,
 * punctuation around them taken off), space-separated: what a second text of the same paper
 * adds to its search row (decision 472). Compared in lower case.
 */
export function wordsNotIn(text: string, other: string): string {
  const key = (token: string) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  const seen = new Set<string>();
  for (const token of text.split(/\s+/)) {
    const word = key(token);
    if (word) seen.add(word.toLowerCase());
  }
  const out: string[] = [];
  for (const token of other.split(/\s+/)) {
    const word = key(token);
    const lower = word.toLowerCase();
    if (!word || seen.has(lower)) continue;
    seen.add(lower);
    out.push(word);
  }
  return out.join(" ");
}

/**
 * Writes (or rewrites) the search row of one paper; a missing paper just loses its row. The row
 * is keyed by the paper id (SQLite `rowid` since migration 003, PostgreSQL `paper_id`), so the
 * old row is found in one lookup whatever the catalogue's size. A paper's translations
 * (decision 442) join its own title, keywords and abstract, each stemmed on PostgreSQL with its
 * language's configuration.
 *
 * The text (decisions 289, 472): the JATS galley's body text, else the PDF's, is the row's body
 * (snippets quote its opening); a paper with both also gets the words of its PDF that the JATS
 * text lacks (running heads, a PDF-only appendix, a JATS without `<body>`), and every paper its
 * authors' affiliations as printed (institutions, cities, countries), both after the text, at
 * the body's weight, within `MAX_INDEXED_TEXT_BYTES` together.
 */
export async function indexPaper(db: Executor, dialect: Dialect, paperId: number): Promise<void> {
  // A JATS galley's body text is preferred to the PDF's (decision 289): one index, one text.
  const paper = await db
    .selectFrom("papers")
    .leftJoin("paper_jats", "paper_jats.paper_id", "papers.id")
    .select([
      "id",
      "title",
      "abstract",
      "keywords",
      "language",
      "full_text",
      "paper_jats.body_text",
    ])
    .where("id", "=", paperId)
    .executeTakeFirst();
  if (dialect === "sqlite") {
    await sql`delete from paper_search where rowid = ${paperId}`.execute(db);
  } else {
    await sql`delete from paper_search where paper_id = ${paperId}`.execute(db);
  }
  if (!paper) return;
  const [authors, translations, affiliations] = await Promise.all([
    db
      .selectFrom("paper_authors")
      .select("name")
      .where("paper_id", "=", paperId)
      .orderBy("position")
      .execute(),
    translationsOf(db, paperId),
    db
      .selectFrom("paper_author_affiliations as af")
      .innerJoin("paper_authors as pa", "pa.id", "af.author_id")
      .select("af.name")
      .where("pa.paper_id", "=", paperId)
      .orderBy("pa.position")
      .orderBy("af.position")
      .execute(),
  ]);
  const names = authors.map((a) => a.name).join(", ");
  const text = paper.body_text || paper.full_text || "";
  const body = utf8Prefix(text, MAX_INDEXED_TEXT_BYTES);
  // what a reader also sees: the PDF's words the JATS text lacks, the affiliations (decision 472)
  const pdfWords = paper.body_text && paper.full_text ? wordsNotIn(text, paper.full_text) : "";
  const extra = utf8Prefix(
    [affiliations.map((a) => a.name).join("\n"), pdfWords].filter(Boolean).join("\n\n"),
    Math.max(MAX_INDEXED_TEXT_BYTES - Buffer.byteLength(body), 0),
  );
  if (dialect === "sqlite") {
    // One tokenizer for every language: a translation's texts join the paper's own fields.
    const joined = (own: string, pick: (t: (typeof translations)[number]) => string) =>
      [own, ...translations.map(pick)].filter(Boolean).join("\n\n");
    // The text's opening apart from the rest: snippets read only the opening (migration 020).
    const [opening, rest] = splitOpening(body);
    const restAndExtra = [rest, extra].filter(Boolean).join("\n\n");
    await sql`insert into paper_search (rowid, title, authors, keywords, abstract, body, body_rest)
      values (${paperId}, ${joined(paper.title, (t) => t.title)}, ${names},
        ${joined(paper.keywords ?? "", (t) => t.keywords)},
        ${joined(paper.abstract, (t) => t.abstract)}, ${opening}, ${restAndExtra})`.execute(db);
    return;
  }
  const wanted = [paper.language, ...translations.map((t) => t.language)].map(searchConfigOf);
  const available = await availableConfigs(db, [...new Set(wanted)]);
  const configOf = (language: string) => {
    const name = searchConfigOf(language);
    return available.has(name) ? name : "simple";
  };
  const own = configOf(paper.language);
  const vector = (config: string, text: string, weight: "A" | "B" | "C" | "D") =>
    sql`setweight(to_tsvector(${config}::regconfig, ${text}), ${sql.lit(weight)})`;
  const parts = [
    vector(own, paper.title, "A"),
    vector("simple", names, "A"),
    vector(own, paper.keywords ?? "", "B"),
    vector(own, paper.abstract, "C"),
    ...translations.flatMap((t) => [
      vector(configOf(t.language), t.title, "A"),
      vector(configOf(t.language), t.keywords, "B"),
      vector(configOf(t.language), t.abstract, "C"),
    ]),
    vector(own, body, "D"),
    vector(own, extra, "D"),
  ];
  // `rank_doc` is the row without the PDF's text (weight D), for ranking (migration 007).
  await sql`insert into paper_search (paper_id, document, rank_doc)
    select id, d, ts_filter(d, '{a,b,c}') from (select ${paperId}::integer as id,
      ${sql.join(parts, sql` || `)} as d) x`.execute(db);
  // The configurations a query is spelt for (decision 442); known ones cost one index probe.
  const used = [own, ...translations.map((t) => configOf(t.language))];
  await sql`insert into search_configs (config)
    values ${sql.join([...new Set(used)].map((c) => sql`(${c})`))}
    on conflict (config) do nothing`.execute(db);
}

/** Rebuilds every paper's search row (after an import, or to repair drift). */
export async function rebuildSearchIndex(ctx: AppContext): Promise<number> {
  const papers = await ctx.db.selectFrom("papers").select("id").execute();
  await sql`delete from paper_search`.execute(ctx.db);
  for (const { id } of papers) await indexPaper(ctx.db, ctx.dialect, id);
  await bumpCatalogueVersion(ctx.db);
  announceCatalogueWrite(ctx.db);
  return papers.length;
}

type Row = {
  id: number;
  title: string;
  year: number;
  /** Journal papers: the issue and journal; null for conference papers. */
  volume: string | null;
  number: string | null;
  show_number: number | null;
  journal_name: string | null;
  uri: string | null;
  /** Conference papers: the proceeding and event; null for journal papers. */
  slug: string | null;
  proceeding_title: string | null;
  event_name: string | null;
};

/** Where paper `p` was published; {@link VISIBLE} keeps what readers may see. */
const JOINS = sql`left join publications pub on pub.id = p.publication_id
      left join journals j on j.id = pub.journal_id
      left join proceedings pr on pr.id = p.proceeding_id
      left join proceeding_events e on e.id = pr.event_id`;
/** {@link JOINS} for each candidate `c` (a paper id). */
const SOURCES = sql`join papers p on p.id = c.id ${JOINS}`;
const VISIBLE = sql`((j.active = 1 and pub.status = 'published') or pr.id is not null)`;
const SOURCE_COLUMNS = sql`coalesce(pub.year, pr.year) as year, pub.volume, pub.number, pub.show_number,
        j.name as journal_name, j.uri, pr.slug, pr.title as proceeding_title,
        e.name as event_name`;

/**
 * The filters as one condition over {@link JOINS} (docs/decisions/172-search-filters-and-api.md):
 * journal and proceeding are alternatives (a paper in either), year and type narrow further.
 * Null when no filter is set.
 */
function filterCondition(f: SearchFilters): RawBuilder<unknown> | null {
  const conditions: RawBuilder<unknown>[] = [];
  const places: RawBuilder<unknown>[] = [];
  if (f.journal) places.push(sql`j.uri = ${f.journal}`);
  if (f.proceeding) places.push(sql`pr.slug = ${f.proceeding}`);
  if (places.length) conditions.push(sql`(${sql.join(places, sql` or `)})`);
  if (f.year) conditions.push(sql`coalesce(pub.year, pr.year) = ${f.year}`);
  if (f.type === "journal-paper") conditions.push(sql`pub.id is not null`);
  if (f.type === "proceeding-paper") conditions.push(sql`pr.id is not null`);
  return conditions.length ? sql.join(conditions, sql` and `) : null;
}

/**
 * Papers readers may not see: those of draft issues or inactive journals, and papers of
 * neither an issue nor a proceeding. Read from the (few) hidden issues through
 * `papers_publication`, so it costs nothing like a pass over every paper.
 */
const HIDDEN = sql`select p.id from publications pub
      join journals j on j.id = pub.journal_id
      join papers p on p.publication_id = pub.id
      where not (j.active = 1 and pub.status = 'published')
    union all
    select p.id from papers p where p.publication_id is null and p.proceeding_id is null`;

/**
 * Most matches ranked by relevance (docs/decisions/173-search-ranking-window.md): the newest
 * this many matches, and the newest this many matching in the title, author names or keywords.
 * Past them, matches follow newest first. Ranking cost grows with the matches ranked; this
 * bounds it whatever the catalogue's size.
 */
export const RANK_WINDOW = 4_000;

/**
 * {@link RANK_WINDOW} on PostgreSQL (docs/decisions/335-postgresql-smaller-ranking-window.md,
 * 336-postgresql-title-window.md): the newest this many matches and the newest this many
 * matching in the title, names or keywords are ranked. Each ranked match costs PostgreSQL a
 * TOAST read of its `rank_doc` and a `ts_rank_cd` (about 6 µs of CPU), where SQLite's bm25
 * reads the match's row anyway.
 */
export const POSTGRES_RANK_WINDOW = 500;

/** Hidden papers' ids, or `within` (the visible papers passing the filters) when given. */
type Within = RawBuilder<unknown> | null;

/** The dialect's spelling of one query's matches, ranking and snippets. */
type Matcher = {
  /**
   * `n`: matching papers readers may see (among `within` when given), counted up to `limit`.
   */
  count: (within: Within, limit: number) => RawBuilder<{ n: number | string }>;
  /**
   * Matches as `id` and `r` (ascending `r` is better), among `within` when given. Not
   * `complete`: the window ({@link RANK_WINDOW}) only, ranked, best first, at most `limit`.
   * `complete`: every match, the window ranked, then the rest newest first (in no order;
   * the caller sorts by `r`, then `id`). On PostgreSQL the rest is cut to its newest `limit`
   * papers readers may see, which holds every page ending before `limit` (decision 335): a
   * page past the window no longer joins and sorts every match.
   */
  ranked: (limit: number, within: Within, complete: boolean) => RawBuilder<unknown>;
  /**
   * PostgreSQL only: `ranked(limit, within, false)` with the count of `count(within, limit)`
   * as a third column `n` on every row, both read from one pass over the matches (decision
   * 335). Null on SQLite, where counting and ranking run in two workers at once.
   */
  rankedCounted:
    | ((limit: number, within: Within, countLimit: number) => RawBuilder<unknown>)
    | null;
  /**
   * The given matching papers' abstract and the opening of their text (at most
   * {@link SNIPPET_TEXT_CHARS} characters), every match marked, as `id` and `marked`; the
   * passage is picked by {@link bestPassage}.
   */
  snippets: (ids: number[]) => RawBuilder<{ id: number; marked: string | null }>;
};

type Terms = Extract<ParsedQuery, { kind: "terms" }>;

/** `ts_headline`'s options: every match marked with U+0002 … U+0003 (decision 272). */
const HEADLINE_OPTIONS = sql`'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', HighlightAll=true'`;

/** Score of a match outside the ranking window: after every ranked one, newest first. */
const UNRANKED = sql`1000000000000`;

function sqliteMatcher(parsed: Terms, window: number): Matcher {
  const match = toFts5(parsed);
  // The same query within the title, author names and keywords only (FTS5 column filter).
  const headMatch = `{title authors keywords} : (${match})`;
  const scope = (within: Within) => (within ? sql`and +rowid in w` : sql``);
  const withW = (within: Within) => (within ? sql`with w as materialized (${within}) ` : sql``);
  // The window: matches at or above the RANK_WINDOW-th newest, and the newest RANK_WINDOW
  // matching in the head columns. Both subqueries are computed once per statement.
  const inWindow = (within: Within) => sql`(rowid >= coalesce((select rowid from paper_search
        where paper_search match ${match} ${scope(within)}
        order by rowid desc limit 1 offset ${window - 1}), 0)
      or +rowid in (select rowid from paper_search where paper_search match ${headMatch}
        ${scope(within)} order by rowid desc limit ${window}))`;
  // Column weights: title, authors, keywords, abstract, body (the text's opening), body_rest.
  const score = sql`bm25(paper_search, 10.0, 8.0, 6.0, 3.0, 1.0, 1.0)`;
  return {
    // `+rowid` keeps an id list a filter over one pass of the match: as a rowid constraint,
    // FTS5 would run the match (prefix expansion included) once per id, ~10 times slower.
    count: (within, limit) => sql`select count(*) as n from (select 1 from paper_search
        where paper_search match ${match}
        and ${within ? sql`+rowid in (${within})` : sql`+rowid not in (${HIDDEN})`}
        limit ${limit}) x`,
    // A plain bm25() with LIMIT lets SQLite keep only the best rows while it scans.
    ranked: (limit, within, complete) =>
      complete
        ? sql`${withW(within)}select rowid as id, ${score} as r from paper_search
            where paper_search match ${match} ${scope(within)} and ${inWindow(within)}
          union all
          select rowid as id, ${UNRANKED} - rowid as r from paper_search
            where paper_search match ${match} ${scope(within)} and not ${inWindow(within)}`
        : sql`${withW(within)}select rowid as id, ${score} as r from paper_search
            where paper_search match ${match} ${scope(within)} and ${inWindow(within)}
            order by r, rowid limit ${limit}`,
    rankedCounted: null,
    // highlight() costs what its column's text costs; snippet() would cost the square of the
    // row's matches (decision 272).
    snippets: (ids) => sql`select rowid as id,
        highlight(paper_search, 3, char(2), char(3)) || ' ' ||
          highlight(paper_search, 4, char(2), char(3)) as marked
      from paper_search where paper_search match ${match} and +rowid in (${sql.join(ids)})`,
  };
}

/**
 * `config` (a configuration name of `search_configs`) as a literal, for the query's text: the
 * names come from the database but are checked to be plain words first.
 */
function configLiteral(config: string): RawBuilder<unknown> {
  return sql.lit(/^[a-z_]+$/.test(config) ? config : "simple");
}

/**
 * The `regconfig` of a paper's language column `column` (`p.language`, `t.language`): its
 * language's configuration when it is among `configs` (those search rows were written with),
 * else `simple`, as `indexPaper` stemmed it; for `ts_headline` of the snippets.
 */
function configOfColumn(column: RawBuilder<unknown>, configs: readonly string[]) {
  const cases = CONTENT_LANGUAGES.filter(
    (l) => l.searchConfig !== null && configs.includes(l.searchConfig),
  ).map((l) => sql`when ${sql.lit(l.code)} then ${configLiteral(l.searchConfig ?? "simple")}`);
  if (cases.length === 0) return sql`'simple'::regconfig`;
  return sql`(case lower(split_part(${column}, '-', 1)) ${sql.join(cases, sql` `)}
    else 'simple' end)::regconfig`;
}

/** Translated abstracts marked in a snippet, at most (decision 442: bounded work per hit). */
const SNIPPET_TRANSLATIONS = 4;

/**
 * The text search configurations search rows were written with (`search_configs`, decision
 * 442), `english` first; a query is spelt for each.
 */
async function searchConfigs(db: Executor): Promise<string[]> {
  const rows = await sql<{ config: string }>`select config from search_configs`.execute(db);
  const configs = rows.rows.map((r) => r.config).sort();
  return configs.includes("english")
    ? ["english", ...configs.filter((c) => c !== "english")]
    : configs.length > 0
      ? configs
      : ["english"];
}

function postgresMatcher(parsed: Terms, window: number, configs: readonly string[]): Matcher {
  const { websearch, prefix } = toWebsearch(parsed);
  // The query in each configuration, matched by any (decision 442): with one configuration,
  // the query decision 170 spelt.
  const spelt = configs.map((config) => {
    const parts: RawBuilder<unknown>[] = [];
    const c = configLiteral(config);
    if (websearch) parts.push(sql`websearch_to_tsquery(${c}, ${websearch})`);
    // The prefix word is letters and digits only, so `:*` is its only operator.
    if (prefix) parts.push(sql`to_tsquery(${c}, ${`${prefix}:*`})`);
    return sql`(${sql.join(parts, sql` && `)})`;
  });
  const tsquery = spelt.length === 1 ? spelt[0]! : sql`(${sql.join(spelt, sql` || `)})`;
  // The query computed once per statement, as `qx.q`.
  const q = sql`(select ${tsquery} as q) qx`;
  const scope = (within: Within) => (within ? sql`and s.paper_id in (select id from w)` : sql``);
  // Every match's id (`a`), read once through the GIN index's bitmap (which names the
  // matching rows without testing them); the rows are narrow (migration 026), so this touches
  // at most the table's few heap pages once (decisions 302, 320).
  // The window (`m`, decision 173 as on SQLite): the newest `window` matches, and the newest
  // `window` matching in the title, author names or keywords (`h`: the weights A and B of
  // `rank_doc`, through their own GIN index, migration 027). Top-N sorts of ids, no row read;
  // `+ 0` keeps the planner from walking the primary key. Those fields' words are among the
  // row's, so a match there matches the row, unless the query excludes a word (`-word`
  // absent from the title may be in the text): then `h` keeps only the ids in `a`.
  const headMatches = sql`select s.paper_id from paper_search s cross join ${q}
        where ts_filter(s.rank_doc, '{a,b}') @@ qx.q`;
  const windows = (within: Within, count: RawBuilder<unknown> | null) => sql`with ${
    within ? sql`w as materialized (${within}), ` : sql``
  }a as materialized (select s.paper_id from paper_search s cross join ${q}
        where s.document @@ qx.q ${scope(within)}),
      h as materialized (${
        parsed.excluded.length === 0
          ? sql`${headMatches} ${scope(within)} order by s.paper_id + 0 desc limit ${window}`
          : sql`select x.paper_id from (${headMatches} ${scope(within)}) x
              join a on a.paper_id = x.paper_id order by x.paper_id desc limit ${window}`
      }),
      m as materialized ((select paper_id from a order by paper_id desc limit ${window})
        union select paper_id from h)${count ? sql`, n as materialized (${count})` : sql``} `;
  // Ranked on `rank_doc` (no full text): `document` of a paper with a PDF is large and
  // compressed, and decompressing thousands of them was most of a search's time. The window's
  // rows are read by primary key; their `document` is never read.
  // `float8`: `ts_rank_cd` is a `real`, and beside the unranked scores (about 10^12) in one
  // column a `real` cannot tell neighbouring ids apart.
  const rankedWindow = (extra: RawBuilder<unknown>) => sql`select s.paper_id as id,
        -ts_rank_cd(s.rank_doc, qx.q)::float8 as r${extra}
      from m join paper_search s on s.paper_id = m.paper_id cross join ${q}`;
  // Whether match `a.paper_id` may be shown: `within` holds only such papers.
  const visible = (within: Within) => (within ? sql`true` : sql`a.paper_id not in (${HIDDEN})`);
  return {
    count: (within, limit) => sql`select count(*) as n from (select 1 from paper_search s
        where s.document @@ ${tsquery}
        and ${within ? sql`s.paper_id in (${within})` : sql`s.paper_id not in (${HIDDEN})`}
        limit ${limit}) x`,
    ranked: (limit, within, complete) =>
      complete
        ? sql`${windows(within, null)}${rankedWindow(sql``)}
          union all
          (select a.paper_id as id, ${UNRANKED} - a.paper_id as r from a
            where a.paper_id not in (select paper_id from m) and ${visible(within)}
            order by a.paper_id desc limit ${limit})`
        : sql`${windows(within, null)}${rankedWindow(sql``)}
            order by r, s.paper_id limit ${limit}`,
    // Counted from `a` too: one bitmap scan of the matches instead of one for the count and
    // one for the window (decision 335).
    rankedCounted: (limit, within, countLimit) => sql`${windows(
      within,
      sql`select count(*) as n from (select 1 from a where ${visible(within)}
        limit ${countLimit}) x`,
    )}${rankedWindow(sql`, n.n`)} cross join n
      order by r, s.paper_id limit ${limit}`,
    // ts_headline costs what its text costs: the abstract, the first translated abstracts and
    // the opening of the indexed text (a JATS galley's body before the PDF's text, decision
    // 289), in that order as on SQLite, each in its language's configuration (decision 442).
    snippets: (ids) => sql`select p.id,
        ts_headline(${configOfColumn(sql`p.language`, configs)}, p.abstract, qx.q,
            ${HEADLINE_OPTIONS}) ||
          coalesce(' ' || (select string_agg(ts_headline(
              ${configOfColumn(sql`t.language`, configs)},
              left(t.abstract, ${sql.lit(SNIPPET_TEXT_CHARS)}), qx.q, ${HEADLINE_OPTIONS}),
              ' ' order by t.position)
            from (select language, abstract, position from paper_translations
              where paper_id = p.id and abstract is not null
              order by position limit ${sql.lit(SNIPPET_TRANSLATIONS)}) t), '') || ' ' ||
          ts_headline(${configOfColumn(sql`p.language`, configs)},
            left(coalesce(nullif(j.body_text, ''), p.full_text, ''),
              ${sql.lit(SNIPPET_TEXT_CHARS)}), qx.q, ${HEADLINE_OPTIONS}) as marked
      from papers p left join paper_jats j on j.paper_id = p.id cross join ${q}
      where p.id in (${sql.join(ids)})`,
  };
}

function hitSource(
  r: Row,
): Pick<SearchHit, "kind" | "link" | "journal_name" | "publication" | "publication_link"> {
  if (r.slug !== null) {
    return {
      kind: "proceeding",
      link: proceedingPaperLink(r.slug, r.id),
      journal_name: r.proceeding_title ?? "",
      publication: `${r.event_name ?? ""} (${r.year})`,
      publication_link: proceedingLink(r.slug),
    };
  }
  const uri = r.uri ?? "";
  const volume = r.volume ?? "";
  const number = r.number ?? "";
  return {
    kind: "journal",
    link: paperLink(uri, r.id),
    journal_name: r.journal_name ?? "",
    publication: publicationLabel(volume, number, r.year, r.show_number ?? 1),
    publication_link: publicationLink(uri, volume, number),
  };
}

/** The opening of an abstract, cut at a word, for a hit without a matched passage. */
function opening(text: string, words = 40): string {
  const all = text.replace(/\s+/g, " ").trim().split(" ");
  return all.length > words ? `${all.slice(0, words).join(" ")} …` : all.join(" ");
}

export type SearchOptions = {
  /** 1-based page number. */
  page?: number;
  /** Hits per page, 1 to 50 (default 20). */
  pageSize?: number;
  /** Most matches counted (default {@link SEARCH_COUNT_CAP}). */
  countCap?: number;
  /**
   * Size of the ranking window (default {@link RANK_WINDOW} on SQLite,
   * {@link POSTGRES_RANK_WINDOW} on PostgreSQL); tests make it small.
   */
  rankWindow?: number;
  filters?: SearchFilters;
};

/**
 * Papers matching `query`, best first, read as web-search syntax (./search-query.ts;
 * docs/decisions/170-search-query-syntax.md): every word (the last one also as a
 * prefix), `"phrases"`, `OR`, `-word`; a pasted DOI finds its paper. Reads go through
 * `ctx.readDb`, so on SQLite a long search does not hold up other requests.
 *
 * Only the best `2 × (offset + pageSize)` matches (at least 100) are ranked and then filtered to
 * the papers readers may see; when hidden papers leave the page short although more visible
 * matches exist, every match is ranked. With filters, only papers passing them are ranked.
 * Matches are counted up to `countCap` (default {@link SEARCH_COUNT_CAP});
 * docs/decisions/100-search-top-k.md. A query with no searchable word (only stop words such
 * as `the the the`) does no database work and finds nothing.
 */
export async function searchPapers(
  ctx: AppContext,
  query: string,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const pageSize = Math.min(Math.max(options.pageSize ?? 20, 1), 50);
  const page = Math.max(options.page ?? 1, 1);
  const cap = options.countCap ?? SEARCH_COUNT_CAP;
  const parsed = parseQuery(query);
  const filter = filterCondition(options.filters ?? {});
  const where = filter ? sql`${VISIBLE} and ${filter}` : VISIBLE;
  const empty: SearchResult = {
    query,
    total: 0,
    totalCapped: false,
    page,
    pageSize,
    hits: [],
    doi: parsed.kind === "doi" ? parsed.doi : null,
    ignored: parsed.kind === "terms" ? parsed.ignored : [],
  };
  const db = ctx.readDb;
  // PostgreSQL estimates a common word's matches as cheaper to find by reading every row than
  // through the GIN index, but each row's tsvector must then be decompressed: 1.5 s instead of
  // 17 ms for "species" at 100,000 papers. Each search query turns sequential scans off for
  // its own transaction. For the same reason the planner prefers walking the primary key and
  // testing `document @@ q` on each row to combining the GIN index with the key's; the ranking
  // query (`bitmapOnly`) turns plain index scans off too, so only bitmap scans remain, which
  // read the rows the indexes point at and no others (decision 302).
  const run = <R>(q: RawBuilder<R>, bitmapOnly = false): Promise<R[]> =>
    ctx.dialect === "postgres"
      ? db.transaction().execute(async (trx) => {
          // One round trip: `set_config(…, true)` is `set local`. With both scans off, the
          // ranking query's list of hidden papers (a few hundred rows, no condition an index
          // could bound) can only be read by a disabled scan, whose penalty cost (10^10) makes
          // PostgreSQL start parallel workers and compile the query with JIT: 400 ms of CPU
          // for a 20 ms query (decision 335). Neither pays at these sizes.
          await (bitmapOnly
            ? sql`select set_config('enable_seqscan', 'off', true),
                set_config('enable_indexscan', 'off', true),
                set_config('max_parallel_workers_per_gather', '0', true),
                set_config('jit', 'off', true)`
            : sql`select set_config('enable_seqscan', 'off', true)`
          ).execute(trx);
          return (await q.execute(trx)).rows;
        })
      : q.execute(db).then((r) => r.rows);
  const authorsOf = (ids: number[]) =>
    db
      .selectFrom("paper_authors")
      .select(["paper_id", "name"])
      .where("paper_id", "in", ids)
      .orderBy("paper_id")
      .orderBy("position")
      .execute();
  const toHits = async (
    rows: Row[],
    authors: { paper_id: number; name: string }[],
    snippetOf: (id: number) => string,
  ): Promise<SearchHit[]> => {
    // a retracted paper is marked in the results (decision 490)
    const retracted = await retractedAmong(
      ctx.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      paperID: r.id,
      title: r.title,
      authors: authors.filter((a) => a.paper_id === r.id).map((a) => a.name),
      ...hitSource(r),
      snippet: snippetOf(r.id).replace(/\s+/g, " ").trim(),
      retracted: retracted.has(r.id),
    }));
  };

  if (parsed.kind === "doi") {
    // DOIs are case-insensitive (DOI Handbook 2.4); `papers_doi_unique` indexes lower(doi).
    const rows = await run(sql<Row & { abstract: string }>`select p.id, p.title, p.abstract,
        ${SOURCE_COLUMNS}
      from papers p ${JOINS}
      where lower(p.doi) = ${parsed.doi} and ${where}
      order by p.id limit ${pageSize}`);
    if (rows.length > 0) {
      const ids = rows.map((r) => r.id);
      const authors = page === 1 ? await authorsOf(ids) : [];
      const hits = await toHits(rows, authors, (id) =>
        opening(rows.find((r) => r.id === id)?.abstract ?? ""),
      );
      return { ...empty, total: rows.length, hits: page === 1 ? hits : [] };
    }
    // No paper has this DOI: look for papers that cite it (the DOI as a phrase of its parts).
    const cited = parseQuery(`"${parsed.doi}"`);
    if (cited.kind !== "terms" || cited.groups.length === 0) return empty;
    return { ...(await rankedSearch(cited)), doi: parsed.doi };
  }
  if (parsed.groups.length === 0) return empty;
  return rankedSearch(parsed);

  async function rankedSearch(terms: Terms): Promise<SearchResult> {
    const offset = (page - 1) * pageSize;
    const rankWindow =
      options.rankWindow ?? (ctx.dialect === "sqlite" ? RANK_WINDOW : POSTGRES_RANK_WINDOW);
    const matcher =
      ctx.dialect === "sqlite"
        ? sqliteMatcher(terms, rankWindow)
        : postgresMatcher(terms, rankWindow, await searchConfigs(db));
    // With filters, only papers passing them are ranked and counted: a filter to one journal
    // or year would otherwise leave the best matches of the whole catalogue mostly filtered out.
    const within = filter ? sql`select p.id from papers p ${JOINS} where ${where}` : null;
    const pageOf = (ranked: RawBuilder<unknown>, counted = false) =>
      run(
        sql<Row & { n?: number | string }>`select p.id, p.title, ${SOURCE_COLUMNS}
          ${counted ? sql`, c.n` : sql``}
          from (${ranked}) c ${SOURCES}
          where ${where}
          order by c.r, c.id
          limit ${pageSize} offset ${offset}`,
        true,
      );
    const limit = Math.max(100, 2 * (offset + pageSize));
    const countOf = async () => Number((await run(matcher.count(within, cap + 1)))[0]?.n ?? 0);
    let firstRows: Row[];
    let n: number;
    if (matcher.rankedCounted) {
      // PostgreSQL: the count rides on the page's rows (one pass over the matches); a page
      // with no row (past the window, or only hidden papers in it) asks for it on its own.
      const counted = await pageOf(matcher.rankedCounted(limit, within, cap + 1), true);
      firstRows = counted;
      n = counted.length > 0 ? Number(counted[0]?.n) : await countOf();
    } else {
      // Counting and ranking each scan the matches; on SQLite they run in two workers at once.
      [n, firstRows] = await Promise.all([countOf(), pageOf(matcher.ranked(limit, within, false))]);
    }
    if (n === 0) return empty;
    const total = Math.min(n, cap);
    const totalCapped = n > cap;
    let rows = firstRows;
    // Short page although more visible matches exist: the page lies past the ranking window,
    // or hidden papers took the window's places. Every match, in the same order.
    if (rows.length < pageSize && (totalCapped || offset + rows.length < total)) {
      rows = await pageOf(matcher.ranked(limit, within, true));
    }
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return { ...empty, total, totalCapped };
    const [snippets, authors] = await Promise.all([run(matcher.snippets(ids)), authorsOf(ids)]);
    // The best passage; without a match there (title, names, keywords, later text only), the
    // abstract's opening, as for a DOI.
    const snippetOf = (id: number) => {
      const marked = snippets.find((s) => Number(s.id) === id)?.marked ?? "";
      return bestPassage(marked) || opening(marked);
    };
    return { ...empty, total, totalCapped, hits: await toHits(rows, authors, snippetOf) };
  }
}

export type SearchFilterOptions = {
  /** Active journals, by name. */
  journals: { uri: string; name: string }[];
  /** Proceedings, by title. */
  proceedings: { slug: string; title: string }[];
  /** Years of published issues and of proceedings, newest first. */
  years: number[];
};

/**
 * What the search page offers to filter by (docs/decisions/172-search-filters-and-api.md):
 * small lists (one row per journal, proceeding and year), read through `ctx.readDb`.
 */
export async function listSearchFilters(ctx: AppContext): Promise<SearchFilterOptions> {
  const db = ctx.readDb;
  const [journals, proceedings, issueYears, proceedingYears] = await Promise.all([
    db
      .selectFrom("journals")
      .select(["uri", "name"])
      .where("active", "=", 1)
      .orderBy("name")
      .execute(),
    db.selectFrom("proceedings").select(["slug", "title"]).orderBy("title").execute(),
    db
      .selectFrom("publications")
      .select("year")
      .distinct()
      .where("status", "=", "published")
      .execute(),
    db.selectFrom("proceedings").select("year").distinct().execute(),
  ]);
  const years = [...new Set([...issueYears, ...proceedingYears].map((r) => Number(r.year)))];
  return { journals, proceedings, years: years.sort((a, b) => b - a) };
}
