/**
 * Paper PDFs (docs/product/files.md): PDF only, size-limited by `MAX_PDF_MB`, opened with pdf.js's
 * legacy build (the one pdf.js publishes for Node) to count pages and extract the text
 * for search. An encrypted PDF is accepted but has no text: the viewer asks for its password.
 * The reading runs in the context's worker pool when it has one (./pdf-pool.ts), else here;
 * ./paper-file.ts checks and stores an uploaded paper's PDF with it.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { brandClass } from "../brand.ts";
import { AppError } from "./errors.ts";

export type PdfInfo = {
  /** Number of pages; null when the PDF is encrypted. */
  pageCount: number | null;
  /** True when a password is needed to open the PDF. */
  encrypted: boolean;
  /** Text of every page in order, whitespace collapsed to single spaces; null when encrypted. */
  text: string | null;
};

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
 * Opens `data` with pdf.js and reads its page count and text.
 * @returns `{encrypted: true, pageCount: null, text: null}` for a password-protected PDF.
 * @throws UnreadablePdfError when pdf.js cannot open the file at all.
 */
export async function inspectPdf(data: Uint8Array): Promise<PdfInfo> {
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
      if ((error as { name?: string }).name === "PasswordException") {
        return { pageCount: null, encrypted: true, text: null };
      }
      throw new UnreadablePdfError((error as Error).message ?? String(error));
    }
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if ("str" in item) text += item.hasEOL ? `${item.str} ` : item.str;
      }
      pages.push(text);
      page.cleanup();
    }
    return { pageCount: doc.numPages, encrypted: false, text: normaliseText(pages.join(" ")) };
  } finally {
    await loadingTask.destroy();
  }
}

/**
 * Text as stored for search (by every extractor, ./pdftotext.ts too): control characters (which PostgreSQL text cannot hold, in the case
 * of NUL) and unpaired surrogates become spaces, then whitespace runs collapse to one space.
 */
export function normaliseText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, " ")
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * The 413 of a paper PDF over `maxBytes` (`MAX_PDF_MB`), naming the limit and the form field
 * `paper_file`; also used when the upload itself is cut off at that size (server/api).
 */
export function pdfTooLarge(maxBytes: number): AppError {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  const msg = `The PDF is too large. Upload a file of at most ${mb} MB.`;
  return new AppError("too_large", msg, { errors: { paper_file: msg } });
}
