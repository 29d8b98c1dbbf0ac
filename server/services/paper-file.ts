/**
 * A paper's PDF as uploaded or imported (docs/product/files.md): checked by content, limited by
 * `MAX_PDF_MB`, read for its pages and text (./pdf.ts, in the context's pool when it has one)
 * and stored under `papers/`. Apart from ./pdf.ts so that the PDF reading code does not import
 * the service context (one import graph without cycles, issue 20).
 */
import { msg, msgWith } from "../../shared/i18n/messages.ts";
import { isPdf } from "../storage/content-type.ts";
import { newKey } from "../storage/storage.ts";
import type { AppContext } from "./context.ts";
import { AppError } from "./errors.ts";
import {
  inspectPdf,
  PdfExtractionError,
  type PdfInfo,
  pdfTooLarge,
  UnreadablePdfError,
} from "./pdf.ts";

export type StoredPaperFile = PdfInfo & {
  /** Storage key, `papers/{32 hex}.pdf`. */
  key: string;
  /** Bytes. */
  size: number;
};

/**
 * Checks a paper's PDF and stores it under `papers/`, with its page count and the text of its
 * pages within `ctx.config.pdfLimits` (`truncated` says when text was left out).
 * @throws AppError `unsupported_type` (415) when it is not a PDF or pdf.js cannot read it (in
 *   time: {@link PdfExtractionError}); `too_large` (413) above `ctx.config.maxPdfBytes`.
 */
export async function storePaperFile(ctx: AppContext, data: Uint8Array): Promise<StoredPaperFile> {
  if (!isPdf(data)) {
    throw new AppError(
      "unsupported_type",
      msg("The paper file is not a PDF. Upload the paper as a PDF file."),
    );
  }
  if (data.byteLength > ctx.config.maxPdfBytes) throw pdfTooLarge(ctx.config.maxPdfBytes);
  let info: PdfInfo;
  try {
    const limits = ctx.config.pdfLimits;
    info = await (ctx.pdfPool ? ctx.pdfPool.inspect(data, limits) : inspectPdf(data, limits));
  } catch (error) {
    if (error instanceof UnreadablePdfError) {
      throw new AppError(
        "unsupported_type",
        msg("The paper file is not a readable PDF; it may be damaged. Upload the PDF again."),
      );
    }
    if (error instanceof PdfExtractionError) {
      throw new AppError(
        "unsupported_type",
        // the reason is the reader's technical account (a time limit, an exit code), in English
        msgWith(
          "The paper file could not be read: {reason}. It may be damaged or unusually complex; upload the PDF again or a simpler version of it.",
          { reason: error.message },
        ),
      );
    }
    throw error;
  }
  const key = newKey("papers", ".pdf");
  await ctx.storage.put(key, data);
  return { key, size: data.byteLength, ...info };
}
