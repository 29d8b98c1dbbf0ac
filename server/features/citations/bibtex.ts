/**
 * A paper's CSL-JSON item as one BibTeX entry (`cite.bib`; issues 15 and 16,
 * docs/decisions/270-citation-file-writers.md), written here rather than by citation-js, whose
 * BibTeX put a DOI's braces into the file as they came (`doi = {10.1234/x},url={…}` wrote
 * extra fields) and a day into `month` (`{oct 15}`).
 *
 * Every value is braced and escaped so that nothing a manager typed can change the entry's
 * structure or its meaning to LaTeX (Tame the BeaST, §2; "The biblatex package", §2.3):
 * - text: control characters and line breaks become spaces; `\ { } $ % & # _ ^ ~` become
 *   LaTeX text commands (`\textbackslash{}`, `\textbraceleft{}`, `\$`, …), so the value's braces
 *   always balance (BibTeX counts `\{` as a brace too, so braces are never escaped with `\`),
 *   and `< > |` (which LaTeX's default font prints as ¡ ¿ —) too;
 *   words with capitals keep their case in braces (`{DNA}`), as styles lower-case titles;
 * - names: `Family, Given` (or a literal name in braces), parts holding a comma or the word
 *   `and` in braces, joined with ` and `;
 * - `doi` and `url` (verbatim fields): braces, backslashes, white space and control characters
 *   removed (a DOI as Crossref's syntax allows has none; a URL's are percent-encoded); keywords
 *   (read verbatim too, split at commas): braces and backslashes removed;
 * - `month`: the month alone, as the standard macro (`oct`); `pages`: `465--478`.
 * The output is UTF-8 (BibLaTeX/Biber, Zotero, JabRef and Mendeley read it as such).
 */
import type { CslItem, CslName } from "@citation-js/core";
import { oneLine } from "../../../shared/one-line.ts";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** LaTeX's special characters as text commands that keep every brace balanced. */
const LATEX: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\textbraceleft{}",
  "}": "\\textbraceright{}",
  $: "\\$",
  "%": "\\%",
  "&": "\\&",
  "#": "\\#",
  _: "\\_",
  "^": "\\textasciicircum{}",
  "~": "\\textasciitilde{}",
  // LaTeX's default (OT1) text font prints these as ¡, ¿ and —
  "<": "\\textless{}",
  ">": "\\textgreater{}",
  "|": "\\textbar{}",
};

/** Control characters (C0, DEL, C1), line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` as BibTeX field content (see the module comment). */
export function latexText(text: string): string {
  return oneLine(text).replace(/[\\{}$%&#_^~<>|]/g, (c) => LATEX[c]!);
}

/** A title: {@link latexText}, with every word holding a capital letter in braces. */
function latexTitle(text: string): string {
  return oneLine(text)
    .split(" ")
    .map((word) => (/\p{Lu}/u.test(word) ? `{${latexText(word)}}` : latexText(word)))
    .join(" ");
}

/** A verbatim value (DOI, URL): without what could end the field or the line. */
function verbatim(text: string): string {
  return text.replace(CONTROL, "").replace(/[\s{}\\]/g, "");
}

/** Verbatim text (a keyword): one line, without braces and backslashes. */
function verbatimText(text: string): string {
  return oneLine(text.replace(/[{}\\]/g, ""));
}

/** One part of a name; braced when BibTeX would read a comma or ` and ` in it as syntax. */
function namePart(text: string): string {
  const escaped = latexText(text);
  return /,|\band\b/i.test(escaped) ? `{${escaped}}` : escaped;
}

/** A CSL name as BibTeX writes it: `Family, Given`, or `{Literal name}`. */
function bibtexName(name: CslName): string {
  const family = [name["non-dropping-particle"], name.family].filter(Boolean).join(" ");
  if (!family) return `{${latexText(name.literal ?? name.given ?? "")}}`;
  const given = [name.given, name["dropping-particle"]].filter(Boolean).join(" ");
  const parts = [namePart(family)];
  if (name.suffix) parts.push(namePart(name.suffix));
  if (given) parts.push(namePart(given));
  else if (name.suffix) parts.push("");
  return parts.join(", ");
}

/** ASCII letters and digits of `text` (accents dropped), for the citation key. */
function keyPart(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 30);
}

const SKIPPED_TITLE_WORDS = new Set(["a", "an", "the", "on", "of", "in", "for", "and", "to"]);

/**
 * The citation key: the first author's family name, the year and the first word of the title
 * that is not an article or a preposition (`Marder2012good`), as Google Scholar and citation-js
 * make them; `paper{id}` when those give nothing.
 */
function citationKey(item: CslItem, year: number | undefined): string {
  const first = (item.author as CslName[] | undefined)?.[0];
  const who = keyPart((first?.family ?? first?.literal ?? "").split(" ")[0] ?? "");
  const word =
    String(item.title ?? "")
      .toLowerCase()
      .split(/\s+/)
      .map(keyPart)
      .find((w) => w && !SKIPPED_TITLE_WORDS.has(w)) ?? "";
  const key = `${who}${year ?? ""}${word}`;
  return who || word ? key : `paper${keyPart(String(item.id))}`;
}

/** `[2016, 10, 15]` of `issued`, or []. */
function dateParts(item: CslItem): number[] {
  const issued = item.issued as { "date-parts"?: unknown[][] } | undefined;
  return (issued?.["date-parts"]?.[0] ?? []).map(Number).filter(Number.isFinite);
}

/** A field's name and its content (already escaped); unset fields are left out. */
type Field = [name: string, value: string | undefined];

/**
 * `item` (an `article-journal` or a `paper-conference` item of ./cite.ts) as a BibTeX file of
 * one entry: `@article` with `journal`, or `@inproceedings` with `booktitle`.
 */
export function bibtexEntry(item: CslItem): string {
  const [year, month] = dateParts(item);
  const conference = item.type === "paper-conference";
  const str = (key: string) => {
    const value = item[key];
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  };
  const text = (key: string) => {
    const value = str(key);
    return value && oneLine(value) ? latexText(value) : undefined;
  };
  const pages = str("page");
  // Keywords are never typeset; parsers read them verbatim, split at commas.
  const keywords = str("keyword")?.split(/,\s*/).map(verbatimText).filter(Boolean).join(", ");
  const authors = (item.author as CslName[] | undefined) ?? [];
  const doi = str("DOI") && verbatim(str("DOI")!);
  const url = str("URL") && verbatim(str("URL")!);
  const fields: Field[] = [
    ["author", authors.length ? authors.map(bibtexName).join(" and ") : undefined],
    ["title", str("title") && latexTitle(str("title")!)],
    [
      conference ? "booktitle" : "journal",
      str("container-title") && latexTitle(str("container-title")!),
    ],
    ["eventtitle", conference ? text("event") : undefined],
    ["address", conference ? text("event-place") : undefined],
    ["year", year ? String(year) : undefined],
    ["volume", text("volume")],
    ["number", text("issue")],
    ["pages", pages && latexText(pages).replace(/-+/g, "--")],
    ["publisher", text("publisher")],
    ["issn", text("ISSN")],
    ["isbn", text("ISBN")],
    ["doi", doi || undefined],
    ["url", url || undefined],
    ["keywords", keywords || undefined],
    // the paper's language as its BCP 47 tag (decision 441), as Zotero writes `language`
    ["language", text("language")],
    // a retraction notice (decision 490)
    ["note", text("note")],
    ["abstract", text("abstract")],
  ];
  const lines = fields
    .filter((f): f is [string, string] => Boolean(f[1]))
    .map(([name, value]) => `  ${name} = {${value}},`);
  // The month as BibTeX's own macro (unbraced): styles print it in their language.
  if (month && month >= 1 && month <= 12) {
    const at = lines.findIndex((l) => l.startsWith("  year = "));
    lines.splice(at + 1, 0, `  month = ${MONTHS[month - 1]},`);
  }
  const key = citationKey(item, year);
  return `@${conference ? "inproceedings" : "article"}{${key},\n${lines.join("\n")}\n}\n`;
}
