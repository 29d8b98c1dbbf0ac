/**
 * Paper PDFs (docs/product/files.md): PDF only, size-limited by `MAX_PDF_MB`, opened with pdf.js's
 * legacy build (the one pdf.js publishes for Node) to count pages and extract the text
 * for search, at most `MAX_PDF_PAGES` pages and `MAX_PDF_TEXT_KB` of text a paper (decision 271). An encrypted PDF is accepted but has no text: the viewer asks for its password.
 * The reading runs in the context's worker pool when it has one (./pdf-pool.ts), else here;
 * ./paper-file.ts checks and stores an uploaded paper's PDF with it.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { msgWith } from "../../shared/i18n/messages.ts";
import { brandClass } from "../brand.ts";
import { AppError } from "./errors.ts";
import { TextBudget } from "./pdf-text.ts";

/**
 * What one paper's PDF may cost (issue 15, docs/decisions/271-bounded-work-per-paper.md):
 * `MAX_PDF_PAGES` and `MAX_PDF_TEXT_KB` (server/config.ts). Both readers (pdf.js here,
 * ./pdftotext.ts) stop at either limit, so a crafted PDF of 10,000 repeated pages costs what its
 * first pages cost.
 */
export type PdfLimits = {
  /** Most pages whose text is read, from the first. */
  maxPages: number;
  /** Most bytes of text kept (UTF-8, after {@link normaliseText}). */
  maxTextBytes: number;
};

/** The limits when none are configured: 2,000 pages, 512 KiB of text. */
export const DEFAULT_PDF_LIMITS: PdfLimits = { maxPages: 2_000, maxTextBytes: 512 * 1024 };

export type PdfInfo = {
  /**
   * Number of pages as a reader established it, never the file's `/Count` taken on trust: the
   * pages pdftotext printed, or pdf.js's count (which fetches the last page and walks the page
   * tree when that fails). At least 1; null when the PDF is encrypted.
   */
  pageCount: number | null;
  /** True when a password is needed to open the PDF. */
  encrypted: boolean;
  /**
   * Text of the pages read, in order, whitespace collapsed to single spaces, at most
   * `maxTextBytes` (cut at a word); null when encrypted.
   */
  text: string | null;
  /** True when text was left out: pages past `maxPages`, or text past `maxTextBytes`. */
  truncated: boolean;
  /**
   * Pages whose text `text` holds, from the first (all of them unless `truncated`; the last one
   * may be partial); null when encrypted.
   */
  textPages: number | null;
};

/**
 * What every reader (pdf.js here, pdftotext, the pool) answers for a PDF that needs a password:
 * encrypted, no page count, no text. A new object each time, as callers may change theirs.
 */
export function encryptedPdf(): PdfInfo {
  return { pageCount: null, encrypted: true, text: null, truncated: false, textPages: null };
}

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let pdfjsPromise: Promise<PdfJs> | undefined;
const require = createRequire(import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** pdf.js is large: load it on first use only. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsPromise;
}

/** Raised by {@link inspectPdf} for a file pdf.js cannot open (not a password problem). */
export class UnreadablePdfError extends Error {
  override name = "UnreadablePdfError";
}
// Both are made by the PDF pool server/bootstrap.ts builds and caught by the site's copy
// (server/site.ts).
brandClass(UnreadablePdfError, "UnreadablePdfError");

/**
 * pdf.js did not finish with a PDF (./pdf-pool.ts): it ran past the time limit (`timeout`) or
 * the worker reading it died (`crash`, e.g. out of memory). The message says which.
 */
export class PdfExtractionError extends Error {
  override name = "PdfExtractionError";
  readonly reason: "timeout" | "crash";
  constructor(message: string, reason: "timeout" | "crash") {
    super(message);
    this.reason = reason;
  }
}
brandClass(PdfExtractionError, "PdfExtractionError");

/**
 * Opens `data` with pdf.js and reads its page count and the text of its pages, within `limits`:
 * at most `limits.maxPages` pages are read and at most `limits.maxTextBytes` of text kept; the
 * reading stops as soon as the text is full (a page's text is streamed, so even one huge page
 * stops at the limit). `maxPages: 0` counts the pages and reads no text.
 * @returns `{encrypted: true, pageCount: null, text: null}` for a password-protected PDF.
 * @throws UnreadablePdfError when pdf.js cannot open the file at all, or finds no page in it
 *   (a page tree claiming `/Count -1` or 0: the viewer could show nothing either).
 */
export async function inspectPdf(
  data: Uint8Array,
  limits: PdfLimits = DEFAULT_PDF_LIMITS,
): Promise<PdfInfo> {
  const pdfjs = await loadPdfJs();
  // pdf.js may transfer (detach) the buffer it is given; hand it a copy so the caller's stays usable.
  const loadingTask = pdfjs.getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    let doc: Awaited<typeof loadingTask.promise>;
    try {
      doc = await loadingTask.promise;
    } catch (error) {
      if ((error as { name?: string }).name === "PasswordException") return encryptedPdf();
      throw new UnreadablePdfError((error as Error).message ?? String(error));
    }
    // pdf.js takes /Count from the page tree, after checking that its last page exists (and
    // walking the tree for the real number when it does not); a count below 1 is not checked.
    const pageCount = doc.numPages;
    if (!Number.isInteger(pageCount) || pageCount < 1) {
      throw new UnreadablePdfError(`the page tree gives ${pageCount} pages`);
    }
    const budget = new TextBudget(limits.maxTextBytes);
    const toRead = Math.min(pageCount, Math.max(0, limits.maxPages));
    for (let n = 1; n <= toRead && !budget.full; n++) {
      const page = await doc.getPage(n);
      const text = await streamPageText(page, budget.rawAllowance());
      page.cleanup();
      budget.add(text);
    }
    const kept = budget.result();
    return {
      pageCount,
      encrypted: false,
      text: kept.text,
      truncated: kept.cut || toRead < pageCount,
      textPages: kept.pages,
    };
  } finally {
    await loadingTask.destroy();
  }
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>["getPage"]>>;

/**
 * The text of one page as pdf.js streams it, at most about `maxBytes` (UTF-8): the stream is
 * cancelled once past it, so a page whose content stream holds megabytes of text costs no more
 * than the budget left.
 */
async function streamPageText(page: PdfPage, maxBytes: number): Promise<string> {
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{
    items: ({ str: string; hasEOL: boolean } | { type: string })[];
  }>;
  let text = "";
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    for (const item of value.items) {
      if (!("str" in item)) continue;
      const str = item.hasEOL ? `${item.str} ` : item.str;
      text += str;
      bytes += Buffer.byteLength(str);
    }
    if (bytes > maxBytes) {
      await reader.cancel();
      return text;
    }
  }
}

/**
 * The 413 of a paper PDF over `maxBytes` (`MAX_PDF_MB`), naming the limit and the form field
 * `paper_file`; also used when the upload itself is cut off at that size (server/api).
 */
export function pdfTooLarge(maxBytes: number): AppError {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  const message = msgWith("The PDF is too large. Upload a file of at most {mb} MB.", { mb });
  return new AppError("too_large", message, { errors: { paper_file: message } });
}
