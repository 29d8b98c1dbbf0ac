/**
 * Stale names in the docs (issue 35): a name in backticks in README.md, docs/*.md (with
 * docs/product/ and docs/translations/) or an accepted decision record (docs/decisions/*.md whose `Status:` starts with "accepted") that
 * looks like code and is found nowhere in the code. Run by scripts/check-docs.ts
 * (`npm run lint`); tested by tests/unit/doc-names.test.ts. docs/decisions/550-stale-names-in-docs.md
 * gives the reasons.
 *
 * What is checked, so that the check has few false positives (every rule is about one inline
 * code span, `` `…` ``, outside fenced code blocks):
 * - a **path**: no space, `/` inside, ends with a file extension of {@link CODE_EXTENSIONS}, not
 *   starting with `/` (that is a URL of the site), no `{`, `*`, `…`, `:` or `<` (a pattern, not a
 *   file). Present when the file exists from the repository root, or a file's path ends with it
 *   (`lib/api.ts` for `app/lib/api.ts`), or the text of the code contains it.
 * - a **file name**: no `/`, a name and one of {@link CODE_EXTENSIONS}. Present when a file has
 *   that name or the code's text contains it (`citations.json` is a URL the code builds).
 * - an **identifier**: camelCase with a capital inside (`utf8Prefix`, `loadPaperPage`) or
 *   snake_case with an underscore inside (`text_truncated`, `get_journal`), letters and digits
 *   only, optionally followed by `()`; a dotted name (`ctx.readDb`) is checked by its last part.
 *   Present when the code's text contains it as a whole word. ALL_CAPS names (environment
 *   variables, constants), PascalCase type names and kebab-case words are not checked: the
 *   first are configuration as often as code, the others are as often product words.
 * - {@link NOT_OURS}: names of other software that docs cite (browser and Node APIs, pdf.js),
 *   which our code need not contain.
 *
 * The code is app/, server/, shared/, scripts/, tests/ (fixtures included: the corpus's names),
 * the files at the repository root (package.json, configurations), locales/ and .ci/.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Extensions that make a backticked word a file of ours. */
export const CODE_EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|json|css|sql|sh|po|yml|yaml|toml)$/;

/** Names of other software that the docs may cite in backticks. */
const NOT_OURS = new Set([
  "getDocument",
  "structuredClone",
  "requestIdleCallback",
  "getBoundingClientRect",
  "scrollIntoView",
  "preventDefault",
  "readFileSync",
  "setTimeout",
  "setInterval",
  "toLocaleString",
  "localStorage",
  "innerHTML",
  "textContent",
  "customElements",
  "connectedCallback",
  "adoptedCallback",
  "attributeChangedCallback",
  "disconnectedCallback",
  "pg_dump",
  "pg_restore",
  "pg_trgm",
  "ts_rank",
  "ts_rank_cd",
  "ts_headline",
  "to_tsvector",
  "websearch_to_tsquery",
  "work_mem",
  "shared_buffers",
  "max_connections",
  "max_wal_size",
  "last_analyze",
  "used_heap_size",
  "total_heap_size",
  // pdf.js
  "disableFontFace",
  "isEvalSupported",
  "annotationStorage",
  "bitmapUrl",
  "getNonHCMColorName",
  "telemetryInitialData",
  // axe-core, Lighthouse, uPlot
  "finishRun",
  "getOverflowHiddenAncestors",
  "benchmarkIndex",
  "fmtDate",
]);

/** Objects of the platform: a dotted name starting with one is not ours (`v8.getHeapStatistics`). */
const PLATFORM =
  /^(v8|process|module|window|document|navigator|console|Math|JSON|Object|Array|Intl|performance|crypto|pg_class)\./;

/** Words that make a line about code of the past (`` `apiAction` is gone ``): its spans are not checked. */
const HISTORY =
  /\b(gone|deleted|removed|dropped|renamed|formerly|became|was dead|no longer exists?|replaced by|superseded by)\b/i;

/** Sections whose text is about the past: a record's Context, a document's Archive. */
const PAST_SECTION = /^##\s+(Context|Archive)\b/;

/** The code folders and root-level files searched; see the module docstring. */
const CODE_DIRS = ["app", "server", "shared", "scripts", "tests", "locales", ".ci", "corpus"];
const SKIP = new Set(["node_modules", "build", ".react-router", "test-results", "+types"]);
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|css|sql|sh|po|yml|yaml|toml|xml|xsd|md|txt|html)$|^run$/;
const BINARY_LIMIT = 2_000_000;
/** This check and its test, whose examples name code that does not exist. */
const SELF = new Set(["scripts/doc-names.ts", "tests/unit/doc-names.test.ts"]);

/** What the code holds: every file's repository path, and the text of the text files. */
export type CodeIndex = { paths: string[]; text: string };

function* walk(dir: string, root: string): Generator<string> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, root);
    else yield path.relative(root, full).split(path.sep).join("/");
  }
}

/** The {@link CodeIndex} of the repository at `root`. */
export function codeIndex(root: string): CodeIndex {
  const paths = [
    ...CODE_DIRS.flatMap((dir) => [...walk(path.join(root, dir), root)]),
    ...readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name),
  ];
  const texts: string[] = [];
  for (const rel of paths) {
    if (!TEXT.test(path.basename(rel)) || rel.endsWith(".md") || SELF.has(rel)) continue;
    const full = path.join(root, rel);
    if (statSync(full).size > BINARY_LIMIT) continue;
    texts.push(readFileSync(full, "utf8"));
  }
  return { paths, text: texts.join("\n") };
}

/** What kind of code name `span` is, or null when it is not checked. */
export function nameKind(span: string): "path" | "file" | "identifier" | null {
  const name = span.replace(/\(\)$/, "");
  if (/\s/.test(name) || name.length < 3) return null;
  // the build's output, a scratch database, an alternation or hidden folder (`cite.bib/.ris`)
  if (/^(build|BUILD_DIR)\/|^athenaeum_|\/\./.test(name)) return null;
  if (PLATFORM.test(name)) return null;
  if (CODE_EXTENSIONS.test(name)) {
    if (/^[/.~]|[{}*…:<>?=&]|^[a-z]+:/.test(name) && !name.startsWith("./")) return null;
    return name.includes("/") ? "path" : /^[\w.-]+$/.test(name) ? "file" : null;
  }
  if (/^(app|server|shared|scripts|tests|locales)\/[\w./+-]*$/.test(name)) return "path";
  const last = name.split(".").at(-1) ?? "";
  if (name.includes(".") && !/^[a-z]\w*(\.[A-Za-z_]\w*)+$/.test(name)) return null;
  if (/^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/.test(last)) return "identifier";
  if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(last)) return "identifier";
  return null;
}

/** Whether the code holds `span` (a name of kind `kind`); see the module docstring. */
export function present(
  span: string,
  kind: "path" | "file" | "identifier",
  code: CodeIndex,
): boolean {
  const name = span.replace(/\(\)$/, "").replace(/^\.\//, "");
  if (kind === "identifier") {
    const last = name.split(".").at(-1) ?? name;
    if (NOT_OURS.has(last)) return true;
    return new RegExp(`(?<![\\w$])${last}(?![\\w$])`).test(code.text);
  }
  if (kind === "file") {
    return code.paths.some((p) => p === name || p.endsWith(`/${name}`)) || code.text.includes(name);
  }
  const folder = name.replace(/\/$/, "");
  return code.paths.some((p) => p === name || p.endsWith(`/${name}`) || p.startsWith(`${folder}/`));
}

/** Whether a decision record's text is checked: its `Status:` starts with "accepted". */
export function isAccepted(recordText: string): boolean {
  return /^Status: accepted\b/im.test(recordText);
}

/**
 * `line: name` (1-based line) for each backticked code name of `markdown` that `code` lacks.
 * Fenced code blocks (```) are skipped; so is a span inside a link's text when the link points
 * at the file (the dead-link check covers it).
 */
export function staleNames(markdown: string, code: CodeIndex): string[] {
  const found: string[] = [];
  let fenced = false;
  let past = false;
  markdown.split("\n").forEach((line, i) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (/^##\s/.test(line)) past = PAST_SECTION.test(line);
    if (fenced || past || HISTORY.test(line)) return;
    for (const m of line.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)) {
      const span = (m[1] ?? "").trim();
      const kind = nameKind(span);
      if (kind && !present(span, kind, code)) found.push(`${i + 1}: ${span}`);
    }
  });
  return found;
}
