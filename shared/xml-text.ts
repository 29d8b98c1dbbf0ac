/**
 * Characters XML 1.0 cannot carry (section 2.2, production `Char`): the C0 controls other than
 * tab, line feed and carriage return (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F), lone
 * surrogates, and U+FFFE/U+FFFF. A title holding one of them would make every feed, OAI-PMH
 * answer or sitemap that lists it unreadable by an XML parser (issue 6), so such characters are
 * removed where text enters (the zod schemas of every form and of the corpus import) and again
 * where XML is written (server/http/xml-stream.ts, the xmlbuilder2 documents), for rows that
 * reached the database some other way.
 */

/**
 * Matches one character XML forbids. Lone surrogates are matched with lookarounds (the `u` flag
 * makes a regex see a well-formed pair as one code point, never as its halves).
 */
export const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` without the characters XML 1.0 forbids (see {@link XML_FORBIDDEN}); else unchanged. */
export function stripXmlForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, "");
}
