/**
 * Documentation check run by `npm run lint`:
 * - every relative link in the Markdown files (README.md, docs/) names a file that exists, and
 *   every `docs/decisions/…md` path or "decision NNN" that code, tests or docs cite names a
 *   decision record that exists;
 * - code, tests and scripts cite the project's own docs (docs/product/, docs/decisions/), never
 *   documents outside the repository (the seed specification, its design notes or stack notes);
 * - every decision record has `Date:`, `Status:` and the sections Context, Decision and
 *   Consequences (the form docs/decisions/README.md describes);
 * - no name in backticks in README.md, docs/*.md (product/ and translations/ too) or an accepted
 *   decision record that looks like code (a path, a file name, a camelCase or snake_case
 *   identifier) is missing from the code (./doc-names.ts, docs/decisions/550-stale-names-in-docs.md);
 * - docs/performance.md starts with its table of current figures and keeps its archive newest
 *   first (./performance-doc.ts, docs/decisions/553-docs-as-a-map.md).
 *
 * Prints one line per problem (`file:line: target`) and exits 1 when there is any; 0 otherwise.
 * External links (a scheme such as https:) and in-page anchors are not checked.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { codeIndex, isAccepted, staleNames } from "./doc-names.ts";
import { performanceProblems } from "./performance-doc.ts";

const root = path.resolve(import.meta.dirname, "..");
const SOURCE_DIRS = ["app", "server", "shared", "tests", "scripts", "docs", ".ci"];
const SKIP = new Set(["node_modules", "build", ".react-router", "test-results", "fixtures"]);
const TEXT_FILE = /\.(ts|tsx|md|css|sh)$|^run$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT_FILE.test(entry.name)) yield full;
  }
}

const exists = (p: string) => {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
};

const decisionNumbers = new Set(
  readdirSync(path.join(root, "docs/decisions"))
    .map((name) => /^(\d{3})-.*\.md$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined),
);

const CODE_DIRS = new Set(["app", "server", "shared", "tests", "scripts"]);
const OUTSIDE_DOC = /\b(spec|design) sections?\b|\b(STACK|SPEC|DESIGN)\.md\b/i;
const dead: string[] = [];
const all = [
  path.join(root, "README.md"),
  ...SOURCE_DIRS.filter((d) => exists(path.join(root, d))).flatMap((d) => [
    ...files(path.join(root, d)),
  ]),
];

for (const file of all) {
  const rel = path.relative(root, file);
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((line, i) => {
    const where = `${rel}:${i + 1}`;
    if (file.endsWith(".md")) {
      for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (m[1] ?? "").split("#")[0];
        if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        if (!exists(path.resolve(path.dirname(file), target))) dead.push(`${where}: ${m[1]}`);
      }
    }
    for (const m of line.matchAll(/docs\/decisions\/(\d{3}-[a-z0-9-]+\.md)/g)) {
      if (!exists(path.join(root, "docs/decisions", m[1] ?? ""))) dead.push(`${where}: ${m[0]}`);
    }
    if (
      CODE_DIRS.has(rel.split(path.sep)[0] ?? "") &&
      OUTSIDE_DOC.test(line.replace(/[\w-]+-design\.md/g, ""))
    ) {
      dead.push(`${where}: cites a document outside the repository`);
    }
    for (const m of line.matchAll(/\b[Dd]ecisions? (\d{3})\b/g)) {
      if (!decisionNumbers.has(m[1] ?? "")) dead.push(`${where}: ${m[0]}`);
    }
  });
}

const ADR_PARTS = [
  /^Date: \d{4}-\d{2}-\d{2}/m,
  /^Status: \S/m,
  /^## Context$/m,
  /^## Decision$/m,
  /^## Consequences$/m,
];
for (const name of readdirSync(path.join(root, "docs/decisions"))) {
  if (!/^\d{3}-.*\.md$/.test(name)) continue;
  const text = readFileSync(path.join(root, "docs/decisions", name), "utf8");
  const missing = ADR_PARTS.filter((part) => !part.test(text));
  if (missing.length > 0) dead.push(`docs/decisions/${name}: lacks ${missing.join(", ")}`);
}

const code = codeIndex(root);
const namedDocs = [
  "README.md",
  ...["docs", "docs/product", "docs/translations"].flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `${dir}/${name}`),
  ),
  ...readdirSync(path.join(root, "docs/decisions"))
    .filter((name) => /^\d{3}-.*\.md$/.test(name))
    .map((name) => `docs/decisions/${name}`),
];
for (const doc of namedDocs) {
  const text = readFileSync(path.join(root, doc), "utf8");
  if (doc.startsWith("docs/decisions/") && !isAccepted(text)) continue;
  for (const stale of staleNames(text, code)) {
    dead.push(`${doc}:${stale} (a name the code no longer has)`);
  }
}

for (const problem of performanceProblems(
  readFileSync(path.join(root, "docs/performance.md"), "utf8"),
)) {
  dead.push(`docs/performance.md: ${problem}`);
}

if (dead.length > 0) {
  console.error(`Documentation problems (${dead.length}):\n${dead.join("\n")}`);
  process.exit(1);
}
console.log(
  `Documentation checked (${all.length} files): no dead link, every decision record in form, no stale name.`,
);
