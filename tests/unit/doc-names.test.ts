/**
 * The stale-name check of the docs (scripts/doc-names.ts, decision 550): a backticked name that
 * looks like code and is missing from the code is flagged; a present one, or a span that is not
 * a code name, passes.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type CodeIndex,
  codeIndex,
  isAccepted,
  nameKind,
  staleNames,
} from "../../scripts/doc-names.ts";

const code: CodeIndex = {
  paths: ["server/services/pdf-text.ts", "app/lib/api.ts", "package.json"],
  text: 'export function utf8Prefix() {}\nconst row = { text_truncated: 1 };\nfetch("/x/citations.json")',
};

describe("stale names in the docs", () => {
  it("flags a missing function, column, path and file, each with its line", () => {
    const doc = [
      "# Title",
      "Cut by `utf8Prefix` and `utf8PrefixOld()` into `text_truncated`, `text_cut`.",
      "See `server/services/pdf-text.ts`, `server/services/pdf-lost.ts` and `pdf-missing.ts`.",
    ].join("\n");
    expect(staleNames(doc, code)).toEqual([
      "2: utf8PrefixOld()",
      "2: text_cut",
      "3: server/services/pdf-lost.ts",
      "3: pdf-missing.ts",
    ]);
  });

  it("passes present names, shorthand paths, URLs, patterns and plain words", () => {
    const doc = [
      "`lib/api.ts`, `package.json`, `citations.json`, `ctx.utf8Prefix`, `server/services/`",
      "`/journal/{uri}/feed.xml`, `{paper page}/cite.bib`, `npm run lint`, `OUTPUT_CACHE_MB`",
      "`AppContext`, `full-text`, `cite.bib/.ris/.json`, `build/client-chunks.json`, `v8.getHeapStatistics()`",
      "```sh",
      "node scripts/not-here.ts `notHere`",
      "```",
      "`apiAction`, the unchecked GET, is gone.",
    ].join("\n");
    expect(staleNames(doc, code)).toEqual([]);
  });

  it("skips a record's Context and a document's Archive, checks what follows", () => {
    const doc = ["## Context", "`oldHelper` did it.", "## Decision", "`newHelper` does it."].join(
      "\n",
    );
    expect(staleNames(doc, code)).toEqual(["4: newHelper"]);
    expect(staleNames("## Archive\n\n### 2026-11-01\n`oldHelper`", code)).toEqual([]);
  });

  it("tells code names from other spans", () => {
    expect(nameKind("loadPaperPage")).toBe("identifier");
    expect(nameKind("get_journal()")).toBe("identifier");
    expect(nameKind("app/routes/")).toBe("path");
    expect(nameKind("cite-element.ts")).toBe("file");
    expect(nameKind("SESSION_SECRET")).toBeNull();
    expect(nameKind("Page Not Found")).toBeNull();
  });

  it("checks accepted records only", () => {
    expect(isAccepted("# 1. T\n\nDate: 2026-01-01\nStatus: accepted\n")).toBe(true);
    expect(isAccepted("Status: accepted; its part X superseded by 292\n")).toBe(true);
    expect(isAccepted("Status: superseded by [decision 292](292-x.md)\n")).toBe(false);
  });

  it("finds the repository's own names", () => {
    const repo = codeIndex(path.resolve(import.meta.dirname, "../.."));
    expect(staleNames("`utf8Prefix`, `scripts/check-docs.ts`, `noSuchNameAnywhere`", repo)).toEqual(
      ["1: noSuchNameAnywhere"],
    );
  });
});
