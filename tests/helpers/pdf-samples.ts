/**
 * What the PDF readers (server/services/pdf.ts, the pool, pdftotext) are tested with besides
 * the corpus's PDFs: what a password-protected PDF inspects to, and a damaged file.
 */

/**
 * `inspectPdf`'s answer for a password-protected PDF (corpus `issue3371.pdf`,
 * `issue6010_1.pdf`): encrypted, with no page count and no text.
 */
export const ENCRYPTED_PDF = {
  pageCount: null,
  encrypted: true,
  text: null,
  truncated: false,
  textPages: null,
} as const;

/** A PDF header followed by 2,000 bytes of "A": no reader can read it. */
export const damagedPdf = (): Buffer =>
  Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2000, 0x41)]);
