/**
 * Crafted PDFs for the limits on what one paper may cost (issue 15, decision 270), generated
 * with pdf-lib in the test that needs them, never committed as files:
 *
 * - {@link textBombPdf}: one page of text repeated `pages` times. Every page object shares one
 *   content stream, so 10,000 pages weigh about 0.4 MB while their text is about 20 MB.
 * - {@link negativeCountPdf}: a small PDF whose page tree claims `/Count -1`.
 */
import { PDFDocument, PDFName, PDFNumber, StandardFonts } from "pdf-lib";

/** The words of every page of {@link textBombPdf}: ordinary words a reader would search for. */
export const TEXT_BOMB_WORDS =
  "protein membrane receptor signalling pathway cell nucleus enzyme binding kinase";

export type TextBombOptions = {
  /** Pages in the document (default 10,000). */
  pages?: number;
  /** Lines of text on the page (default 45: about 2,000 characters a page). */
  lines?: number;
  /** Text of each line (default {@link TEXT_BOMB_WORDS}). */
  line?: string;
};

/**
 * A PDF of `pages` identical pages of text (see the module comment).
 * @returns the file's bytes.
 */
export async function textBombPdf(options: TextBombOptions = {}): Promise<Uint8Array> {
  const pages = options.pages ?? 10_000;
  const lines = options.lines ?? 45;
  const line = options.line ?? TEXT_BOMB_WORDS;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595, 842]);
  for (let i = 0; i < lines; i++) {
    first.drawText(line, { x: 40, y: 800 - i * 17, size: 9, font });
  }
  // pdf-lib writes the drawing into the page's content stream(s) when the document is saved;
  // flush now so the copies below share the finished stream.
  await doc.flush();
  const contents = first.node.get(PDFName.of("Contents"));
  const resources = first.node.get(PDFName.of("Resources"));
  for (let n = 1; n < pages; n++) {
    const page = doc.addPage([595, 842]);
    if (contents) page.node.set(PDFName.of("Contents"), contents);
    if (resources) page.node.set(PDFName.of("Resources"), resources);
  }
  return doc.save({ useObjectStreams: true });
}

/**
 * A PDF of `pages` pages of text (default 3) whose page tree root says `/Count -1`, as a
 * crafted file may.
 */
export async function negativeCountPdf(pages = 3): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    doc.addPage([595, 842]).drawText(`Page ${n} of a crafted document`, { x: 40, y: 800, font });
  }
  doc.catalog.Pages().set(PDFName.of("Count"), PDFNumber.of(-1));
  return doc.save({ useObjectStreams: false });
}
