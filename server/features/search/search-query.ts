/**
 * Reads a search box query the way people write web searches (issue 6; docs/decisions/170-
 * search-query-syntax.md) and spells it for each database without passing user text through:
 *
 * - words are all required: `frog tadpole`;
 * - `"quoted words"` match the phrase;
 * - `OR` (upper case) between two terms matches either: `frog OR toad`;
 * - `-word` or `-"a phrase"` excludes papers containing it;
 * - `word*` (four letters or more, standing alone) also matches words that begin with it;
 * - a pasted DOI (`10.1234/x`, `doi:10.1234/x`, `https://doi.org/10.1234/x`) is a DOI lookup.
 *
 * Only runs of letters and digits reach a database, so no other character can act as syntax.
 * Work is bounded whatever is typed: English stop words (PostgreSQL's `english.stop`) and
 * repeated terms are dropped, phrases lose their leading and trailing stop words, at most
 * {@link MAX_WORDS} words are kept in all, and at most one truncated word (`word*`) is matched
 * as a prefix. One-letter words are dropped when a longer word remains.
 */

/** Most words of a query used, over all its terms and phrases (the rest are ignored). */
export const MAX_WORDS = 12;

/** Shortest truncated word matched as a prefix: shorter ones expand to much of the index. */
const MIN_PREFIX = 4;

/** PostgreSQL 15's `tsearch_data/english.stop`, so both databases drop the same words. */
const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself " +
    "she her hers herself it its itself they them their theirs themselves what which who whom " +
    "this that these those am is are was were be been being have has had having do does did " +
    "doing a an the and but if or because as until while of at by for with about against between " +
    "into through during before after above below to from up down in out on off over under again " +
    "further then once here there when where why how all any both each few more most other some " +
    "such no nor not only own same so than too very s t can will just don should now"
  ).split(" "),
);

/** One required or excluded term: a word (one entry in `words`) or a quoted phrase. */
export type QueryTerm = {
  /** Lower-cased runs of letters and digits, in order. */
  words: string[];
  /** True for a quoted phrase (also for an unquoted `covid-19`, which is two adjacent words). */
  phrase: boolean;
  /** True when the word is also matched as a prefix (`word*`; one required word at most). */
  prefix: boolean;
  /**
   * An unquoted hyphenated word as typed, lower-cased (`covid-19`): PostgreSQL's parser keeps
   * such words whole (`-19` is a signed number), so its query spells them as typed.
   */
  hyphenated?: string;
};

/** The query as parsed: a DOI, or terms. */
export type ParsedQuery =
  | {
      kind: "doi";
      /** The DOI, lower-cased (DOIs are case-insensitive), without a resolver prefix. */
      doi: string;
    }
  | {
      kind: "terms";
      /** Every group must match; a group matches when any of its terms does (`OR`). */
      groups: QueryTerm[][];
      /** Papers matching any of these are left out. */
      excluded: QueryTerm[];
      /** Words typed but not searched for (stop words), lower-cased, each once. */
      ignored: string[];
    };

/**
 * `10.` + registrant + `/` + suffix, as in the DOI Handbook (section 2.2); the suffix is any
 * printable characters. Accepts a `doi:` prefix or a doi.org resolver URL before it.
 */
const DOI_PATTERN =
  /^(?:(?:https?:\/\/)?(?:dx\.)?doi\.org\/|doi:\s*)?(10\.\d{4,9}(?:\.\d+)*\/\S+?)[.,;]?$/i;

/** The DOI the whole of `text` names, lower-cased, or null. */
export function parseDoi(text: string): string | null {
  const trimmed = text.trim();
  let decoded = trimmed;
  // A DOI copied from a resolver link may be percent-encoded (`10.1000%2Fxyz`).
  if (/%[0-9a-f]{2}/i.test(trimmed)) {
    try {
      decoded = decodeURIComponent(trimmed);
    } catch {
      return null;
    }
  }
  const match = DOI_PATTERN.exec(decoded);
  return match ? (match[1] as string).toLowerCase() : null;
}

type Token =
  | {
      type: "term";
      words: string[];
      quoted: boolean;
      negated: boolean;
      hyphenated?: string;
      /** Typed with a trailing `*`. */
      truncated?: boolean;
    }
  | { type: "or" };

const WORD = /[\p{L}\p{N}]+/gu;
const HYPHENATED = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+$/u;
const wordsOf = (text: string) => (text.match(WORD) ?? []).map((w) => w.toLowerCase());

/** Splits `text` into terms, phrases and `OR`s; any other character only separates words. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/u.test(c)) {
      i++;
      continue;
    }
    const negated = c === "-" && i + 1 < text.length && !/\s/u.test(text[i + 1] as string);
    const start = negated ? i + 1 : i;
    if (text[start] === '"') {
      const end = text.indexOf('"', start + 1);
      const stop = end === -1 ? text.length : end;
      tokens.push({
        type: "term",
        words: wordsOf(text.slice(start + 1, stop)),
        quoted: true,
        negated,
      });
      i = stop + 1;
      continue;
    }
    let stop = start;
    while (stop < text.length && !/\s/u.test(text[stop] as string) && text[stop] !== '"') stop++;
    const chunk = text.slice(start, stop);
    if (chunk === "OR" && !negated) tokens.push({ type: "or" });
    else if (HYPHENATED.test(chunk))
      tokens.push({
        type: "term",
        words: wordsOf(chunk),
        quoted: false,
        negated,
        hyphenated: chunk.toLowerCase(),
      });
    else {
      const truncated = /^[\p{L}\p{N}]+\*+$/u.test(chunk);
      tokens.push({ type: "term", words: wordsOf(chunk), quoted: false, negated, truncated });
    }
    i = stop;
  }
  return tokens;
}

/** Drops stop words from both ends of a phrase (inside, they keep the words apart). */
function trimStopWords(words: string[]): string[] {
  let from = 0;
  let to = words.length;
  while (from < to && STOP_WORDS.has(words[from] as string)) from++;
  while (to > from && STOP_WORDS.has(words[to - 1] as string)) to--;
  return words.slice(from, to);
}

/**
 * Parses a search box query (callers cut it to 200 characters). Never throws: text that is not
 * syntax is read as words, an unclosed quote runs to the end, a stray `OR` or `-` is ignored.
 */
export function parseQuery(text: string): ParsedQuery {
  const normalized = text.normalize("NFKC");
  const doi = parseDoi(normalized);
  if (doi) return { kind: "doi", doi };

  const ignored = new Set<string>();
  // Terms after stop words: null when nothing searchable is left, so an `OR` next to it is void.
  type Item = { term: QueryTerm | null; negated: boolean } | "or";
  const items: Item[] = tokenize(normalized).map((token) => {
    if (token.type === "or") return "or";
    const words = token.quoted || token.words.length > 1 ? trimStopWords(token.words) : token.words;
    for (const w of token.words) if (STOP_WORDS.has(w) && !words.includes(w)) ignored.add(w);
    if (words.length === 1 && STOP_WORDS.has(words[0] as string)) {
      ignored.add(words[0] as string);
      return { term: null, negated: token.negated };
    }
    const hyphenated =
      token.type === "term" && token.hyphenated && words.length === token.words.length
        ? { hyphenated: token.hyphenated }
        : {};
    const truncated =
      token.truncated && !token.negated && [...(words[0] as string)].length >= MIN_PREFIX;
    const term = words.length
      ? { words, phrase: words.length > 1, prefix: Boolean(truncated), ...hyphenated }
      : (null as QueryTerm | null);
    return { term, negated: token.negated };
  });

  // Groups of required terms joined by OR, in order; excluded terms apart.
  const groups: QueryTerm[][] = [];
  const excluded: QueryTerm[] = [];
  let joinNext = false;
  for (const item of items) {
    if (item === "or") {
      joinNext = groups.length > 0;
      continue;
    }
    if (!item.term) {
      // `a OR the b`: the stop word leaves `a` and `b` as separate required terms.
      joinNext = false;
      continue;
    }
    if (item.negated) {
      excluded.push(item.term);
      joinNext = false;
      continue;
    }
    if (joinNext) (groups.at(-1) as QueryTerm[]).push(item.term);
    else groups.push([item.term]);
    joinNext = false;
  }

  const key = (t: QueryTerm) => `${t.phrase ? '"' : ""}${t.words.join(" ")}${t.prefix ? "*" : ""}`;
  // Each term once within a group, each group once; an excluded term also required is dropped
  // from the exclusions (the query could match nothing).
  const seenGroups = new Set<string>();
  let unique = groups
    .map((g) => g.filter((t, i) => g.findIndex((u) => key(u) === key(t)) === i))
    .filter((g) => {
      const k = g.map(key).sort().join("|");
      if (seenGroups.has(k)) return false;
      seenGroups.add(k);
      return true;
    });
  const required = new Set(unique.flat().map(key));
  let without = excluded.filter(
    (t, i) => !required.has(key(t)) && excluded.findIndex((u) => key(u) === key(t)) === i,
  );

  // One-letter words match almost everything as words of a longer query: dropped when a longer
  // word remains (decision 100).
  const longer = unique.flat().some((t) => t.phrase || [...(t.words[0] as string)].length > 1);
  if (longer) {
    unique = unique
      .map((g) => g.filter((t) => t.phrase || [...(t.words[0] as string)].length > 1))
      .filter((g) => g.length > 0);
    without = without.filter((t) => t.phrase || [...(t.words[0] as string)].length > 1);
  }

  // At most MAX_WORDS words in all, required terms first (they decide what matches).
  let budget = MAX_WORDS;
  const take = (t: QueryTerm): QueryTerm | null => {
    if (budget <= 0) return null;
    const words = t.words.slice(0, budget);
    budget -= words.length;
    const whole =
      words.length === t.words.length && t.hyphenated ? { hyphenated: t.hyphenated } : {};
    return { words, phrase: words.length > 1, prefix: t.prefix && words.length === 1, ...whole };
  };
  const cappedGroups = unique
    .map((g) => g.map(take).filter((t): t is QueryTerm => t !== null))
    .filter((g) => g.length > 0);
  const cappedExcluded = cappedGroups.length
    ? without.map(take).filter((t): t is QueryTerm => t !== null)
    : [];

  // One truncated word at most, and only as a required term of its own: each prefix merges
  // the index entries of every word it begins, and PostgreSQL's web-search syntax has none.
  let truncatedSeen = false;
  for (const group of cappedGroups) {
    for (const term of group) {
      if (!term.prefix) continue;
      if (group.length > 1 || truncatedSeen) term.prefix = false;
      truncatedSeen ||= term.prefix;
    }
  }
  for (const term of cappedExcluded) term.prefix = false;

  return {
    kind: "terms",
    groups: cappedGroups,
    excluded: cappedExcluded,
    ignored: [...ignored],
  };
}

/** FTS5 string literal of one word: our words are letters and digits, never a quote. */
const fts5Word = (w: string) => `"${w}"`;

function fts5Term(t: QueryTerm): string {
  if (t.phrase) return fts5Word(t.words.join(" "));
  return `${fts5Word(t.words[0] as string)}${t.prefix ? "*" : ""}`;
}

/**
 * The FTS5 MATCH expression of a parsed query with terms (docs: sqlite.org/fts5.html section
 * 3): each word a double-quoted string, phrases one string, `OR` groups in parentheses,
 * exclusions after `NOT`. Empty when there is nothing to match.
 */
export function toFts5(q: Extract<ParsedQuery, { kind: "terms" }>): string {
  if (!q.groups.length) return "";
  const required = q.groups
    .map((g) =>
      g.length === 1 ? fts5Term(g[0] as QueryTerm) : `(${g.map(fts5Term).join(" OR ")})`,
    )
    .join(" AND ");
  if (!q.excluded.length) return required;
  return `(${required}) NOT (${q.excluded.map(fts5Term).join(" OR ")})`;
}

/**
 * The query for PostgreSQL (docs: postgresql.org/docs/15/textsearch-controls.html): `websearch`
 * is the same query re-spelt in `websearch_to_tsquery` syntax from the parsed words only (so
 * stop words, repeats and the word cap apply as on SQLite), without the prefix word; `prefix`
 * is that word, for `to_tsquery('english', prefix || ':*')`, or null.
 */
export function toWebsearch(q: Extract<ParsedQuery, { kind: "terms" }>): {
  websearch: string;
  prefix: string | null;
} {
  let prefix: string | null = null;
  const spell = (t: QueryTerm) =>
    t.hyphenated ?? (t.phrase ? `"${t.words.join(" ")}"` : (t.words[0] as string));
  const groups: string[] = [];
  for (const g of q.groups) {
    const only = g[0] as QueryTerm;
    if (g.length === 1 && only.prefix) prefix = only.words[0] as string;
    else groups.push(g.map(spell).join(" or "));
  }
  const excluded = q.excluded.map((t) => `-${spell(t)}`);
  return { websearch: [...groups, ...excluded].join(" "), prefix };
}
