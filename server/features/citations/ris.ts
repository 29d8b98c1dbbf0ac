/**
 * A paper's CSL-JSON item as one RIS record (`cite.ris`; issues 15 and 16,
 * docs/decisions/270-citation-file-writers.md), written here rather than by citation-js, whose
 * RIS wrapped long titles and URLs onto a second line (EndNote and Zotero then import them cut),
 * put a space before every keyword but the first, wrote conference papers as `CONF` without
 * `PY`, and let a keyword holding a line break start a record of its own.
 *
 * RIS (Research Information Systems' format, as EndNote, Zotero and Mendeley read it): one tag
 * a line, `TAG  - value`, lines ending in CR LF, `TY` first and `ER  - ` last. Every value is
 * one line, never wrapped: control characters and line breaks become spaces, runs of white
 * space one space, and the value is trimmed, so no value can end its line or start another tag
 * or record. Journal papers are `JOUR` (`T2` the journal, `J2` its abbreviation, `VL`, `IS`),
 * conference papers `CPAPER` (`T2` the conference's name, `C3` the proceedings' title, `CY` the
 * conference's place: the RIS specification's tags for CPAPER, which Zotero reads as conference
 * name, proceedings title and a note, and EndNote as its Conference Name, Proceedings Title and
 * Conference Location); both carry
 * `PY` (the year), `DA` (`YYYY/MM/DD`), `SP` and `EP` (the first and last page), one `AU` per
 * author (`Family, Given`), one `KW` per keyword, `DO`, `UR`, `SN`, `PB`, `AB`.
 */
import type { CslItem, CslName } from "@citation-js/core";
import { oneLine } from "../../../shared/one-line.ts";

/** An author as RIS writes it: `Family, Given` (`Family, Given, Suffix`), or the literal name. */
function risName(name: CslName): string {
  const family = [name["non-dropping-particle"], name.family].filter(Boolean).join(" ");
  if (!family) return oneLine(name.literal ?? name.given ?? "");
  const given = [name.given, name["dropping-particle"]].filter(Boolean).join(" ");
  return [family, given, name.suffix]
    .map((p) => oneLine(p ?? ""))
    .filter(Boolean)
    .join(", ");
}

/**
 * `item` (an `article-journal` or a `paper-conference` item of ./cite.ts) as a RIS file of one
 * record.
 */
export function risRecord(item: CslItem): string {
  const conference = item.type === "paper-conference";
  const str = (key: string) => {
    const value = item[key];
    return typeof value === "string" || typeof value === "number" ? oneLine(String(value)) : "";
  };
  const issued = item.issued as { "date-parts"?: unknown[][] } | undefined;
  const [year, month, day] = (issued?.["date-parts"]?.[0] ?? []).map(Number);
  const pad = (n: number | undefined) => (n ? String(n).padStart(2, "0") : "");
  const date = year ? [String(year), pad(month), pad(day)].filter(Boolean).join("/") : "";
  const first = str("page-first");
  const page = str("page");
  const last = first && page.startsWith(`${first}-`) ? page.slice(first.length + 1) : "";
  const lines: [string, string][] = [
    ["TY", conference ? "CPAPER" : "JOUR"],
    ["TI", str("title")],
    ...((item.author as CslName[] | undefined) ?? []).map((a): [string, string] => [
      "AU",
      risName(a),
    ]),
    ["PY", year ? String(year) : ""],
    ["DA", date],
    // CPAPER (RIS 2011, as Zotero and EndNote read it): T2 the conference, C3 the proceedings.
    ["T2", conference ? str("event") : str("container-title")],
    ["J2", conference ? "" : str("container-title-short")],
    ["C3", conference ? str("container-title") : ""],
    ["CY", conference ? str("event-place") : ""],
    ["VL", str("volume")],
    ["IS", str("issue")],
    ["SP", first || page],
    ["EP", last],
    ["PB", str("publisher")],
    ["SN", str("ISSN") || str("ISBN")],
    ["DO", str("DOI")],
    ["UR", str("URL")],
    ...str("keyword")
      .split(/,\s*/)
      .map((k): [string, string] => ["KW", k.trim()]),
    ["LA", str("language")],
    // a retraction notice (decision 490)
    ["N1", str("note")],
    ["AB", str("abstract")],
  ];
  const body = lines
    .filter(([, value]) => value !== "")
    .map(([tag, value]) => `${tag}  - ${value}`);
  return `${[...body, "ER  - "].join("\r\n")}\r\n`;
}
