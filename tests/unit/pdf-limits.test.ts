/**
 * The limits on what one paper's PDF may cost (issue 15, decision 271), in both readers: pdf.js
 * (in this thread and in the pool) and Poppler's pdftotext (where installed; CI installs it).
 * Each stops at `maxPages` pages and `maxTextBytes` of text, keeps the opening of the text cut
 * at a word, says what it left out, and counts the real pages: a page tree claiming `/Count -1`
 * is refused by both. Also the snippet passage picker of decision 272.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { bestPassage, splitOpening } from "../../server/features/search/search-snippet.ts";
import { findPdftotext } from "../../server/services/find-pdftotext.ts";
import { inspectPdf, UnreadablePdfError } from "../../server/services/pdf.ts";
import { createPdfPool } from "../../server/services/pdf-pool.ts";
import { TextBudget, utf8Prefix } from "../../server/services/pdf-text.ts";
import { readWithPdftotext } from "../../server/services/pdftotext.ts";
import { MARK_END as E, MARK_START as S } from "../../shared/search-marks.ts";
import { negativeCountPdf, TEXT_BOMB_WORDS, textBombPdf } from "../helpers/text-bomb.ts";

const binary = findPdftotext();
let bomb: Uint8Array;
let negative: Uint8Array;
beforeAll(async () => {
  bomb = await textBombPdf();
  negative = await negativeCountPdf();
}, 60_000);

describe("MAX_PDF_PAGES and MAX_PDF_TEXT_KB", () => {
  const env = { DATA_DIR: "/tmp/athenaeum-pdf-limits", SESSION_SECRET: "x".repeat(32) };

  it("default to 2,000 pages and 512 KiB, and take other values", () => {
    expect(loadConfig(env).pdfLimits).toEqual({ maxPages: 2_000, maxTextBytes: 512 * 1024 });
    expect(loadConfig({ ...env, MAX_PDF_PAGES: "50", MAX_PDF_TEXT_KB: "900" }).pdfLimits).toEqual({
      maxPages: 50,
      maxTextBytes: 900 * 1024,
    });
  });

  it("refuse what PostgreSQL's index could not hold, and nonsense, naming the variable", () => {
    for (const [name, value] of [
      ["MAX_PDF_TEXT_KB", "901"],
      ["MAX_PDF_TEXT_KB", "0"],
      ["MAX_PDF_PAGES", "0"],
      ["MAX_PDF_PAGES", "many"],
    ]) {
      expect(() => loadConfig({ ...env, [name!]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, [name!]: value })).toThrow(
        new RegExp(`^Invalid configuration: ${name}`),
      );
    }
  });
});

describe("the text kept of a PDF", () => {
  it("cuts UTF-8 text at a byte limit without splitting a character", () => {
    expect(utf8Prefix("naïve", 3)).toBe("na");
    expect(utf8Prefix("naïve", 4)).toBe("naï");
    expect(utf8Prefix("日本語", 8)).toBe("日本");
    expect(utf8Prefix("a😀b", 4)).toBe("a");
    expect(utf8Prefix("short", 100)).toBe("short");
  });

  it("keeps whole pages while they fit, then the start of the next cut at a word", () => {
    const budget = new TextBudget(30);
    expect(budget.add("  first\n page ")).toBe(true);
    expect(budget.add("")).toBe(true);
    expect(budget.add("second page has more words than fit")).toBe(false);
    expect(budget.full).toBe(true);
    expect(budget.result()).toEqual({ text: "first page second page has", cut: true, pages: 3 });
    expect(budget.add("third")).toBe(false);
  });
});

describe("pdf.js within the limits", () => {
  it("reads the opening of a 10,000-page text bomb and counts its 10,000 pages", async () => {
    const info = await inspectPdf(bomb, { maxPages: 2_000, maxTextBytes: 64 * 1024 });
    expect(info).toMatchObject({ pageCount: 10_000, encrypted: false, truncated: true });
    expect(Buffer.byteLength(info.text ?? "")).toBeLessThanOrEqual(64 * 1024);
    expect(info.text?.startsWith(TEXT_BOMB_WORDS)).toBe(true);
    expect(info.textPages).toBe(19); // about 3.6 KB a page
  });

  it("reads at most maxPages pages, and counts without reading at maxPages 0", async () => {
    const info = await inspectPdf(bomb, { maxPages: 3, maxTextBytes: 1024 * 1024 });
    expect(info).toMatchObject({ pageCount: 10_000, truncated: true, textPages: 3 });
    expect(info.text?.split(TEXT_BOMB_WORDS.split(" ")[0]!).length).toBe(3 * 45 + 1);
    expect(await inspectPdf(bomb, { maxPages: 0, maxTextBytes: 0 })).toMatchObject({
      pageCount: 10_000,
      text: "",
      textPages: 0,
    });
  });

  it("refuses a page tree that claims -1 pages", async () => {
    await expect(inspectPdf(negative)).rejects.toBeInstanceOf(UnreadablePdfError);
  });

  it("gives the same answer in the worker pool", async () => {
    const pool = createPdfPool({ size: 1, pdftotext: null });
    try {
      const limits = { maxPages: 2_000, maxTextBytes: 64 * 1024 };
      expect(await pool.inspect(bomb, limits)).toEqual(await inspectPdf(bomb, limits));
      await expect(pool.inspect(negative)).rejects.toBeInstanceOf(UnreadablePdfError);
    } finally {
      await pool.close();
    }
  });
});

describe.skipIf(!binary && !process.env.CI)("pdftotext within the limits", () => {
  const pool = createPdfPool({ size: 1, pdftotext: binary });
  afterAll(() => pool.close());

  it("stops at the text limit, and pdf.js counts the pages it did not read", async () => {
    const limits = { maxPages: 2_000, maxTextBytes: 64 * 1024 };
    const info = await pool.inspect(bomb, limits);
    expect(info).toMatchObject({ pageCount: 10_000, encrypted: false, truncated: true });
    expect(Buffer.byteLength(info.text ?? "")).toBeLessThanOrEqual(64 * 1024);
    expect(info.text?.startsWith(TEXT_BOMB_WORDS)).toBe(true);
    expect(info.textPages).toBe(19);
  });

  it("reads at most maxPages pages", async () => {
    const info = await pool.inspect(bomb, { maxPages: 3, maxTextBytes: 1024 * 1024 });
    expect(info).toMatchObject({ pageCount: 10_000, truncated: true, textPages: 3 });
  });

  it("refuses a page tree that claims -1 pages, as pdf.js does", async () => {
    await expect(pool.inspect(negative)).rejects.toBeInstanceOf(UnreadablePdfError);
  });
});

describe("a pdftotext that prints more than the limits", () => {
  const scripts = mkdtempSync(path.join(tmpdir(), "athenaeum-pdf-limits-"));
  afterAll(() => rmSync(scripts, { recursive: true, force: true }));
  /** A stand-in pdftotext: a shell script printing `pages` pages of `line`, its arguments saved. */
  function fake(name: string, pages: number, line: string): string {
    const file = path.join(scripts, name);
    writeFileSync(
      file,
      `#!/bin/sh\necho "$@" > "${file}.args"\ncat > /dev/null\ni=0\nwhile [ $i -lt ${pages} ]; do printf '${line}\\f'; i=$((i+1)); done\n`,
    );
    chmodSync(file, 0o755);
    return file;
  }

  it("asks for at most maxPages pages and leaves the count to pdf.js at that many", async () => {
    const program = fake("pages", 4, "one page");
    const result = await readWithPdftotext(bomb, {
      binary: program,
      timeoutMs: 10_000,
      limits: { maxPages: 4, maxTextBytes: 1024 },
    });
    expect(result).toEqual({
      uncounted: {
        text: "one page one page one page one page",
        cut: false,
        textPages: 4,
        pagesRead: 4,
      },
    });
    const pool = createPdfPool({ size: 1, pdftotext: program });
    try {
      const info = await pool.inspect(bomb, { maxPages: 4, maxTextBytes: 1024 });
      expect(info).toMatchObject({ pageCount: 10_000, truncated: true, textPages: 4 });
    } finally {
      await pool.close();
    }
  });

  it("stops the program once the text is full", async () => {
    const program = fake("endless", 100_000, "word ".repeat(200));
    const started = performance.now();
    const result = await readWithPdftotext(bomb, {
      binary: program,
      timeoutMs: 30_000,
      limits: { maxPages: 100_000, maxTextBytes: 4_000 },
    });
    expect(result).toMatchObject({ uncounted: { cut: true, textPages: 4 } });
    if ("uncounted" in result) expect(result.uncounted.text.length).toBeLessThanOrEqual(4_000);
    // far from the time 100,000 pages would take
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe("snippet passages", () => {
  it("picks the words around the most distinct matches, closing marks it cuts", () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
    words[10] = `${S}alpha${E}`;
    words[60] = `${S}alpha${E}`;
    words[64] = `${S}beta${E},`;
    const passage = bestPassage(words.join(" "), 10);
    expect(passage).toBe(`…w57 w58 w59 ${S}alpha${E} w61 w62 w63 ${S}beta${E}, w65 w66…`);
    const phrase = `a b c ${S}d e f${E} g`;
    expect(bestPassage(phrase, 2)).toBe(`…${S}d e${E}…`);
    expect(bestPassage("no match here")).toBe("");
  });

  it("splits a text's opening from the rest at a space", () => {
    expect(splitOpening("short", 10)).toEqual(["short", ""]);
    expect(splitOpening("aaaa bbbb cccc", 6)).toEqual(["aaaa bbbb", " cccc"]);
  });
});
