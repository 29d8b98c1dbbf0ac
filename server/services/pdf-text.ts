/**
 * The text kept of a paper's PDF (issue 15, docs/decisions/271-bounded-work-per-paper.md): how
 * every extractor (pdf.js in ./pdf.ts, pdftotext in ./pdftotext.ts) normalises a page's text and
 * keeps at most the bytes one paper may store. No imports: loaded by the PDF worker and the search
 * indexer alike (migration 020 keeps its own frozen copy of `utf8Prefix`).
 */

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
 * The longest start of `text` that is at most `maxBytes` in UTF-8, never splitting a character.
 */
export function utf8Prefix(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // bytes[end] is the first byte left out: a continuation byte means its character began before
  // `end`, so the cut moves back to that character's first byte.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString("utf8");
}

/**
 * The text kept of a PDF, filled page by page (by pdf.js here and by ./pdftotext.ts): each
 * page's text is normalised ({@link normaliseText}) and joined with one space; once the next
 * page would pass `maxBytes`, as much of it as fits is kept, cut after the last whole word, and
 * the budget is full.
 */
export class TextBudget {
  readonly #maxBytes: number;
  readonly #parts: string[] = [];
  #bytes = 0;
  #pages = 0;
  #cut = false;

  /** @param maxBytes most bytes of text kept (UTF-8). */
  constructor(maxBytes: number) {
    this.#maxBytes = Math.max(0, maxBytes);
  }

  /** True once text had to be left out: later pages need not be read. */
  get full(): boolean {
    return this.#cut;
  }

  /**
   * Bytes of raw page text worth reading for the next page: what is left, doubled for the
   * whitespace normalising removes, plus a little.
   */
  rawAllowance(): number {
    return 2 * (this.#maxBytes - this.#bytes) + 4096;
  }

  /**
   * Adds the next page's raw text.
   * @returns false when the budget is (now) full and the rest of the PDF is not wanted.
   */
  add(raw: string): boolean {
    if (this.#cut) return false;
    const text = normaliseText(raw);
    const separator = this.#parts.length > 0 && text ? 1 : 0;
    const size = Buffer.byteLength(text);
    if (this.#bytes + separator + size <= this.#maxBytes) {
      if (text) this.#parts.push(text);
      this.#bytes += separator + size;
      this.#pages++;
      return true;
    }
    this.#cut = true;
    let kept = utf8Prefix(text, this.#maxBytes - this.#bytes - separator);
    // end at a word: drop a word the cut went through (unless it is the only one)
    const space = kept.lastIndexOf(" ");
    if (space > 0 && text.charAt(kept.length) !== " ") kept = kept.slice(0, space);
    kept = kept.trimEnd();
    if (kept) {
      this.#parts.push(kept);
      this.#bytes += separator + Buffer.byteLength(kept);
      this.#pages++;
    }
    return false;
  }

  /** Says that text was left out although the last page added fitted (its end was not read). */
  markCut(): void {
    this.#cut = true;
  }

  /** The text kept, whether any was left out, and how many pages it comes from. */
  result(): { text: string; cut: boolean; pages: number } {
    return { text: this.#parts.join(" "), cut: this.#cut, pages: this.#pages };
  }
}
