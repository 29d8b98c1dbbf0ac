/**
 * The form of docs/performance.md (scripts/performance-doc.ts, decision 553): a table of current
 * figures with a date and a command in every row, then an archive newest first; and the
 * repository's own file keeps it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { performanceProblems } from "../../scripts/performance-doc.ts";

const HEAD =
  "| figure | value | target | date | commit | load | command |\n|---|---|---|---|---|---|---|";
const row = (date: string, command: string) =>
  `| p95 | 7 ms | < 10 ms | ${date} | \`abc1234\` | quiet | ${command} |`;
const doc = (rows: string[], archive: string[]) =>
  ["# Performance", "## Current figures", HEAD, ...rows, "## Archive", ...archive].join("\n");

describe("docs/performance.md's form", () => {
  it("passes a table of current figures and an archive newest first", () => {
    const text = doc(
      [row("2026-11-29", "`npm run bench`")],
      ["### B (2026-11-29)", "### A (2026-11-23)", "### Figures before (branch point)"],
    );
    expect(performanceProblems(text)).toEqual([]);
  });

  it("flags a row without a command or date, and an archive out of order", () => {
    const text = doc(
      [row("2026-11-29", "by hand"), row("yesterday", "`npm run bench`")],
      ["### A (2026-11-23)", "### B (2026-11-29)"],
    );
    expect(performanceProblems(text)).toEqual([
      "current figures, row 1 (p95): no command",
      "current figures, row 2 (p95): no date",
      'archive: "### B (2026-11-29)" is newer than the one above',
    ]);
    expect(performanceProblems("# Performance\n## Archive")).toEqual([
      'no "## Current figures" section',
    ]);
  });

  it("holds for the repository's docs/performance.md", () => {
    const text = readFileSync(
      path.resolve(import.meta.dirname, "../../docs/performance.md"),
      "utf8",
    );
    expect(performanceProblems(text)).toEqual([]);
  });
});
