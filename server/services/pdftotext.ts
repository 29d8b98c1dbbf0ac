/**
 * Poppler's `pdftotext` (Debian package poppler-utils) as the PDF text extractor when it is
 * installed (docs/decisions/180-pdf-text-extractor.md): about a third of pdf.js's CPU time per
 * PDF, in a child process of its own. The PDF pool (./pdf-pool.ts) runs it and hands a PDF it
 * cannot read to pdf.js, so a PDF is accepted or refused as before; it reads at most the pages
 * and keeps at most the text one paper may cost (docs/decisions/271-bounded-work-per-paper.md).
 */
import { spawn } from "node:child_process";
import {
  DEFAULT_PDF_LIMITS,
  encryptedPdf,
  PdfExtractionError,
  type PdfInfo,
  type PdfLimits,
} from "./pdf.ts";
import { TextBudget } from "./pdf-text.ts";

/**
 * pdftotext's answer: the PDF's page count and text; or its text without a page count
 * (`uncounted`: the reading stopped at a limit before the last page, so the pool counts the
 * pages with pdf.js); or why pdf.js should read this PDF instead (`fallback`).
 */
export type PdftotextResult =
  | PdfInfo
  | {
      uncounted: {
        text: string;
        /** Text was left out (the text limit). */
        cut: boolean;
        /** Pages whose text `text` holds. */
        textPages: number;
        /** Pages pdftotext printed whole. */
        pagesRead: number;
      };
    }
  | { fallback: string };

export type PdftotextOptions = {
  /** Absolute path of the program (./find-pdftotext.ts). */
  binary: string;
  /** Milliseconds before the process is killed and the PDF fails with `timeout`. */
  timeoutMs: number;
  /** Pages read and text kept (decision 271); default {@link DEFAULT_PDF_LIMITS}. */
  limits?: PdfLimits;
  /** Aborting kills the process (the answer is then a `fallback`). */
  signal?: AbortSignal;
};

/** Poppler's message for a PDF that needs a user password. */
const PASSWORD = /Incorrect password/i;

/** The form feed pdftotext ends each page with. */
const FORM_FEED = 0x0c;

/**
 * Page count and text of `data` (given to pdftotext on its standard input; not modified), within
 * `options.limits`: pdftotext reads at most `maxPages` pages (`-l`), its output is read page by
 * page (pages end with a form feed) into a {@link TextBudget}, and the process is stopped as
 * soon as the text is full, so a PDF of 10,000 text pages costs what its first pages cost.
 * Text is normalised as pdf.js's is ({@link normaliseText}).
 * @returns `{encrypted: true, pageCount: null, text: null}` for a PDF that needs a password;
 *   `{uncounted}` when the reading stopped at a limit; `{fallback: reason}` when pdftotext
 *   could not read it (damaged file, crash, missing program, no page).
 * @throws PdfExtractionError `timeout` past `timeoutMs` (the process is killed).
 */
export function readWithPdftotext(
  data: Uint8Array,
  options: PdftotextOptions,
): Promise<PdftotextResult> {
  const limits = options.limits ?? DEFAULT_PDF_LIMITS;
  const maxPages = Math.max(1, limits.maxPages);
  return new Promise((resolve, reject) => {
    const child = spawn(
      options.binary,
      ["-enc", "UTF-8", "-eol", "unix", "-l", String(maxPages), "-", "-"],
      { stdio: ["pipe", "pipe", "pipe"], signal: options.signal, killSignal: "SIGKILL" },
    );
    const budget = new TextBudget(limits.maxTextBytes);
    /** The current page's bytes so far (a page ends at a form feed). */
    let page: Buffer[] = [];
    let pageBytes = 0;
    /** Pages printed so far. */
    let pages = 0;
    let err = "";
    let settled = false;
    /** Answers once; a killed program's pipes may stay open (its children), so no waiting. */
    const settle = (result: PdftotextResult | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const stop = () => {
      child.kill("SIGKILL");
      child.stdout.destroy();
      child.stderr.destroy();
    };
    /** The text is full: the rest of the PDF is not read. */
    const stopAtLimit = () => {
      stop();
      const kept = budget.result();
      settle({
        uncounted: { text: kept.text, cut: true, textPages: kept.pages, pagesRead: pages },
      });
    };
    const timer = setTimeout(() => {
      stop();
      const seconds = Math.round(options.timeoutMs / 100) / 10;
      settle(new PdfExtractionError(`reading the PDF took longer than ${seconds} s`, "timeout"));
    }, options.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      if (settled) return;
      let start = 0;
      for (let end = chunk.indexOf(FORM_FEED); end !== -1; end = chunk.indexOf(FORM_FEED, start)) {
        page.push(chunk.subarray(start, end));
        start = end + 1;
        pages++;
        const text = Buffer.concat(page).toString("utf8");
        page = [];
        pageBytes = 0;
        if (!budget.add(text)) return stopAtLimit();
      }
      const rest = chunk.subarray(start);
      page.push(rest);
      pageBytes += rest.length;
      // One page holding more text than the budget can take: keep what fits, stop there.
      if (pageBytes > budget.rawAllowance()) {
        budget.add(Buffer.concat(page).toString("utf8"));
        budget.markCut();
        stopAtLimit();
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (err.length < 64 * 1024) err += chunk.toString("utf8");
    });
    // pdftotext may exit before it has read all of a damaged file.
    child.stdin.on("error", () => {});
    child.once("error", (error) => {
      settle({ fallback: `pdftotext could not start (${error.message})` });
    });
    child.once("close", (code, signal) => {
      if (code === 0) {
        const kept = budget.result();
        if (pages === 0) settle({ fallback: "pdftotext found no pages" });
        // As many pages as it was allowed to read: the PDF may have more.
        else if (pages >= maxPages) {
          settle({
            uncounted: { text: kept.text, cut: kept.cut, textPages: kept.pages, pagesRead: pages },
          });
        } else {
          settle({
            pageCount: pages,
            encrypted: false,
            text: kept.text,
            truncated: false,
            textPages: kept.pages,
          });
        }
      } else if (code === 1 && PASSWORD.test(err)) {
        settle(encryptedPdf());
      } else {
        const last = err.trim().split("\n").at(-1) ?? "";
        const status = signal ? `signal ${signal}` : `exit code ${code}`;
        settle({ fallback: `pdftotext failed (${status}${last ? `: ${last}` : ""})` });
      }
    });
    child.stdin.end(data);
  });
}
