/**
 * Poppler's pdftotext as the PDF pool's first reader (docs/decisions/180-pdf-text-extractor.md):
 * the same page counts and searchable words as pdf.js on the corpus, the same answers for
 * encrypted and damaged PDFs, pdf.js taking over when pdftotext fails, and the time limit.
 * The cases with the real program run where it is installed (CI installs poppler-utils); the
 * stand-in programs (shell scripts) run everywhere.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { findPdftotext } from "../../server/services/find-pdftotext.ts";
import { inspectPdf, UnreadablePdfError } from "../../server/services/pdf.ts";
import { createPdfPool } from "../../server/services/pdf-pool.ts";
import { readWithPdftotext } from "../../server/services/pdftotext.ts";
import { corpusPdf } from "../helpers/corpus.ts";
import { damagedPdf, ENCRYPTED_PDF } from "../helpers/pdf-samples.ts";

const binary = findPdftotext();
const words = (text: string | null) => new Set(text?.toLowerCase().match(/\p{L}{4,}/gu) ?? []);

const scripts = mkdtempSync(path.join(tmpdir(), "athenaeum-pdftotext-"));
afterAll(() => rmSync(scripts, { recursive: true, force: true }));
/** A stand-in pdftotext: a shell script with `body`. */
function fakePdftotext(name: string, body: string): string {
  const file = path.join(scripts, name);
  writeFileSync(file, `#!/bin/sh\ncat > /dev/null\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe.skipIf(!binary && !process.env.CI)("pdftotext on the corpus", () => {
  const pool = createPdfPool({ size: 2, pdftotext: binary });
  afterAll(() => pool.close());

  it("finds the pages and the words pdf.js finds", async () => {
    expect(pool.extractor).toBe("pdftotext");
    const names = [
      "metabolites-04-00932.pdf",
      "elife-00353-v1.pdf",
      "hindawi-grp-2016-2045697.pdf",
      "journal.pone.0115884.pdf",
    ];
    for (const name of names) {
      const data = await corpusPdf(name);
      const poppler = await pool.inspect(data);
      const pdfjs = await inspectPdf(data);
      expect(poppler.pageCount, name).toBe(pdfjs.pageCount);
      const found = words(poppler.text);
      const expected = [...words(pdfjs.text)];
      const missing = expected.filter((w) => !found.has(w));
      // Line-end hyphens and run-together items differ between the two; words do not.
      expect(missing.length / expected.length, `${name}: ${missing.slice(0, 20)}`).toBeLessThan(
        0.1,
      );
    }
    const metabolites = await pool.inspect(await corpusPdf("metabolites-04-00932.pdf"));
    expect(metabolites.pageCount).toBe(14);
    expect(metabolites.text).toMatch(/Volatile Metabolite Profiling of Durum Wheat Kernels/);
    expect(metabolites.text).not.toMatch(/\s{2}|\f/);
  });

  it("reports an encrypted PDF as such and a damaged one as unreadable, as pdf.js does", async () => {
    for (const name of ["issue3371.pdf", "issue6010_1.pdf"]) {
      expect(await pool.inspect(await corpusPdf(name))).toEqual(ENCRYPTED_PDF);
    }
    const damaged = damagedPdf();
    expect(await readWithPdftotext(damaged, { binary: binary!, timeoutMs: 10_000 })).toEqual({
      fallback: expect.stringMatching(/^pdftotext failed \(exit code 1/),
    });
    await expect(pool.inspect(damaged)).rejects.toBeInstanceOf(UnreadablePdfError);
  });

  it("leaves the caller's bytes as they were", async () => {
    const data = await corpusPdf("elife-00353-v1.pdf");
    const copy = Buffer.from(data);
    await pool.inspect(data);
    expect(data.equals(copy)).toBe(true);
  });
});

describe("a pdftotext that fails", () => {
  it("hands the PDF to pdf.js when it crashes, exits with an error or is missing", async () => {
    // a one-page PDF: pdf.js reads it five times here, and any readable PDF will do
    const data = await corpusPdf("bug1883609.pdf");
    const expected = await inspectPdf(data);
    const reasons: string[] = [];
    for (const program of [
      fakePdftotext("crash", "kill -SEGV $$"),
      fakePdftotext("error", "echo 'Syntax Error: something' >&2; exit 99"),
      fakePdftotext("no-pages", "printf 'text without a page end'"),
      path.join(scripts, "absent"),
    ]) {
      const pool = createPdfPool({
        size: 1,
        pdftotext: program,
        onFallback: (reason) => reasons.push(reason),
      });
      try {
        expect(await pool.inspect(data)).toEqual(expected);
      } finally {
        await pool.close();
      }
    }
    expect(reasons).toEqual([
      "pdftotext failed (signal SIGSEGV)",
      "pdftotext failed (exit code 99: Syntax Error: something)",
      "pdftotext found no pages",
      expect.stringMatching(/^pdftotext could not start \(.*ENOENT/),
    ]);
  });

  it("fails a PDF past the time limit, as pdf.js does", async () => {
    const pool = createPdfPool({
      size: 1,
      timeoutMs: 500,
      pdftotext: fakePdftotext("hang", "sleep 30 & wait"),
    });
    try {
      await expect(pool.inspect(await corpusPdf("elife-00353-v1.pdf"))).rejects.toMatchObject({
        name: "PdfExtractionError",
        reason: "timeout",
        message: "reading the PDF took longer than 0.5 s",
      });
    } finally {
      await pool.close();
    }
  });

  it("stops the programs still reading, and those waiting, when the pool closes", async () => {
    const pool = createPdfPool({ size: 1, pdftotext: fakePdftotext("slow", "exec sleep 30") });
    const data = await corpusPdf("elife-00353-v1.pdf");
    const reading = expect(pool.inspect(data)).rejects.toThrow("The PDF pool is closed.");
    const waiting = expect(pool.inspect(data)).rejects.toThrow("The PDF pool is closed.");
    await pool.close();
    await reading;
    await waiting;
  });

  it("counts pages by their form feeds and normalises the text", async () => {
    const program = fakePdftotext("pages", "printf 'One\\n\\nline\\fTwo\\t x\\f\\f'");
    expect(await readWithPdftotext(Uint8Array.of(1), { binary: program, timeoutMs: 5000 })).toEqual(
      {
        pageCount: 3,
        encrypted: false,
        text: "One line Two x",
        truncated: false,
        textPages: 3,
      },
    );
  });
});

describe("PDF_TEXT_EXTRACTOR", () => {
  const env = { DATA_DIR: "/tmp/athenaeum-pdf-workers", SESSION_SECRET: "x".repeat(32) };
  const fake = fakePdftotext("pdftotext", "exit 0");

  it("finds pdftotext on PATH by default, uses pdf.js alone when asked or when it is absent", () => {
    expect(loadConfig({ ...env, PATH: `/nonexistent${path.delimiter}${scripts}` }).pdftotext).toBe(
      fake,
    );
    expect(loadConfig({ ...env, PATH: "/nonexistent" }).pdftotext).toBeNull();
    expect(loadConfig({ ...env, PATH: scripts, PDF_TEXT_EXTRACTOR: "pdfjs" }).pdftotext).toBeNull();
    expect(loadConfig({ ...env, PATH: scripts, PDF_TEXT_EXTRACTOR: "pdftotext" }).pdftotext).toBe(
      fake,
    );
    expect(createPdfPool({ size: 1, pdftotext: null }).extractor).toBe("pdfjs");
  });

  it("refuses pdftotext when it is not installed, and unknown values", () => {
    expect(() =>
      loadConfig({ ...env, PATH: "/nonexistent", PDF_TEXT_EXTRACTOR: "pdftotext" }),
    ).toThrow(
      new ConfigError(
        "Invalid configuration: PDF_TEXT_EXTRACTOR is pdftotext but no pdftotext program was found on PATH (Debian package poppler-utils).",
      ),
    );
    expect(() => loadConfig({ ...env, PDF_TEXT_EXTRACTOR: "poppler" })).toThrow(ConfigError);
  });
});
