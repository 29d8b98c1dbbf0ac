/**
 * Snippets of search hits with bounded work (issue 15, docs/decisions/272-bounded-snippets.md).
 *
 * The database marks every match (SQLite FTS5 `highlight()`, PostgreSQL `ts_headline` with
 * `HighlightAll`) in a bounded text: the paper's abstract and the opening of its PDF text,
 * {@link SNIPPET_TEXT_CHARS} characters. Both take time in proportion to that text. Here the
 * passage of {@link PASSAGE_WORDS} words with the most distinct matched words is picked in one
 * pass. (FTS5's own `snippet()` scores every match against every other match of the row, which
 * took 0.7 s a hit on a paper of 10,000 repeated pages, and 12 s a search.)
 *
 * Marks are U+0002 … U+0003 (shared/search-marks.ts), never HTML.
 */
import { MARK_END, MARK_START } from "../../../shared/search-marks.ts";

/** Characters of a PDF's text a snippet may come from (its opening), at most. */
export const SNIPPET_TEXT_CHARS = 10_000;

/** How far past {@link SNIPPET_TEXT_CHARS} the opening may run to end at a space. */
const SPACE_WITHIN = 200;

/** Words in a snippet (FTS5's `snippet()` gave 30 tokens). */
export const PASSAGE_WORDS = 30;

/**
 * `text` as its opening (the first {@link SNIPPET_TEXT_CHARS} characters, ended at the first
 * space within 200 characters after, else cut there) and the rest, as migration 020 splits it.
 */
export function splitOpening(text: string, chars = SNIPPET_TEXT_CHARS): [string, string] {
  if (text.length <= chars) return [text, ""];
  const space = text.indexOf(" ", chars);
  const cut = space !== -1 && space < chars + SPACE_WITHIN ? space : chars;
  return [text.slice(0, cut), text.slice(cut)];
}

/** A matched word as compared for "distinct": letters and digits, lower case. */
function termKey(text: string): string | null {
  const key = text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  return key || null;
}

/**
 * The passage of `size` words of `marked` (a text whose matches are marked) holding the most
 * distinct matched words, then the most matches; the first such passage, moved so its matches
 * sit in its middle. Marks cut by the passage's ends are closed or reopened, and `…` stands for
 * text left out on either side.
 * @returns the passage, or `""` when `marked` has no mark.
 */
export function bestPassage(marked: string, size = PASSAGE_WORDS): string {
  const words = marked.split(/\s+/).filter(Boolean);
  /** For each word: inside a mark where it starts; its matched part's key, if any. */
  const startsInside: boolean[] = [];
  const keys: (string | null)[] = [];
  let inside = false;
  for (const word of words) {
    startsInside.push(inside);
    let matched = "";
    for (const ch of word) {
      if (ch === MARK_START) inside = true;
      else if (ch === MARK_END) inside = false;
      else if (inside) matched += ch;
    }
    keys.push(matched ? termKey(matched) : null);
  }
  if (!keys.some((k) => k !== null)) return "";

  const counts = new Map<string, number>();
  let matches = 0;
  const enter = (key: string | null) => {
    if (key === null) return;
    matches++;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const leave = (key: string | null) => {
    if (key === null) return;
    matches--;
    const n = (counts.get(key) ?? 1) - 1;
    if (n === 0) counts.delete(key);
    else counts.set(key, n);
  };
  let best = -1;
  let start = 0;
  for (let i = 0; i < words.length; i++) {
    enter(keys[i] ?? null);
    if (i >= size) leave(keys[i - size] ?? null);
    const score = counts.size * 1_000_000 + matches;
    if (score > best) {
      best = score;
      start = Math.max(0, i - size + 1);
    }
  }
  // Centre the passage's matches: as many words of context before the first as after the last.
  const end = Math.min(words.length, start + size);
  let first = start;
  while (keys[first] === null) first++;
  let last = end - 1;
  while (keys[last] === null) last--;
  const shift = Math.floor((first - start - (end - 1 - last)) / 2);
  start = Math.min(Math.max(0, start + shift), Math.max(0, words.length - size));
  const stop = Math.min(words.length, start + size);

  let text = words.slice(start, stop).join(" ");
  if (startsInside[start]) text = MARK_START + text;
  const openAtEnd = stop < words.length ? startsInside[stop] : inside;
  if (openAtEnd) text += MARK_END;
  return `${start > 0 ? "…" : ""}${text}${stop < words.length ? "…" : ""}`;
}
