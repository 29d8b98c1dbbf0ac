/**
 * The 'Retracted' stamp of a paper's PDF download (issue 33, decision 490): a copy of the PDF
 * with `word` written across every page (red, half transparent, diagonal) and once more along
 * its top edge, made with pdf-lib (docs/dependencies.md); the original bytes are not changed.
 */
import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";

/**
 * `pdf` with `word` (Latin-1 text, e.g. "Retracted") stamped on every page.
 * @throws Error when pdf-lib cannot read the file (an encrypted or broken PDF).
 */
export async function stampPdf(pdf: Uint8Array, word: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const red = rgb(0.75, 0.05, 0.05);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const diagonal = Math.hypot(width, height);
    const size = Math.max(24, Math.min(120, (diagonal * 0.6) / Math.max(word.length, 1) / 0.6));
    const textWidth = font.widthOfTextAtSize(word, size);
    const angle = Math.atan2(height, width);
    // centred on the page, along its diagonal
    const x = width / 2 - (Math.cos(angle) * textWidth) / 2 + (Math.sin(angle) * size) / 3;
    const y = height / 2 - (Math.sin(angle) * textWidth) / 2 - (Math.cos(angle) * size) / 3;
    page.drawText(word, {
      x,
      y,
      size,
      font,
      color: red,
      opacity: 0.35,
      rotate: degrees((angle * 180) / Math.PI),
    });
    const band = 14;
    const top = word.toUpperCase();
    page.drawText(top, {
      x: Math.max(8, width / 2 - font.widthOfTextAtSize(top, band) / 2),
      y: height - band - 6,
      size: band,
      font,
      color: red,
    });
  }
  return doc.save({ useObjectStreams: false });
}
