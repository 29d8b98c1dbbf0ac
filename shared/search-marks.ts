/**
 * The characters that wrap a matched word in a search snippet (U+0002 … U+0003, never HTML), so
 * the search page can highlight matches without injecting markup. Written by
 * server/features/search/search.ts, read by app/routes/search.tsx; kept apart from the service so the
 * page's browser chunk does not carry the service's database code (issue 11).
 */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";
