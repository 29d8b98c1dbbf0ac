/**
 * Text for a one-line field of an output format (issue 15, "every output format escapes its own
 * syntax"; docs/decisions/270-citation-file-writers.md): a RIS or BibTeX value, a `<meta>` tag's
 * content. Control characters (C0, DEL, C1) and line and paragraph separators would end the
 * line or the field in some readers, so they become spaces; runs of white space become one
 * space; the ends are trimmed.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` on one line (see the module comment). */
export function oneLine(text: string): string {
  return text.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
}
