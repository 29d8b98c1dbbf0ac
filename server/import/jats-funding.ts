/**
 * A JATS article's funding (`article-meta/funding-group`) as the catalogue stores it (decision
 * 255): the funders each `award-group` names (`funding-source`: the `institution` name, the
 * Crossref Funder ID or ROR id of its `institution-id`) with their `award-id`s, and the
 * `funding-statement` as one paragraph. A funder named by several award groups is one funder
 * with every award. Funders named only in the statement's prose (every PLOS file of the corpus)
 * are not extracted: the statement keeps them (decision 255's amendment).
 */
import type { Element } from "@xmldom/xmldom";
import { normaliseFunderId } from "../../shared/funder-id.ts";
import { child, children, clean, descendants, isElement, textOf } from "./jats-dom.ts";

export type JatsFunder = {
  name: string;
  /** `https://doi.org/10.13039/…` or `https://ror.org/…`, or null. */
  id: string | null;
  awardIds: string[];
};

export type JatsFunding = { funders: JatsFunder[]; statement: string | null };

/** Identifier types of `institution-id` that name a funder (JATS 1.1–1.3 spellings). */
const FUNDER_ID_TYPES = /^(fundref|doi|crossref-funder-id|funder-id|open-funder-registry|ror)$/i;

/** The funding of `meta` (an `article-meta`); no funders and a null statement when none. */
export function readFunding(meta: Element): JatsFunding {
  const groups = children(meta, "funding-group");
  const funders: JatsFunder[] = [];
  const byKey = new Map<string, JatsFunder>();
  // each funder's award ids as a set too, so a repeated funder costs no search (decision 385)
  const awardsOf = new Map<JatsFunder, Set<string>>();
  for (const award of groups.flatMap((g) => descendants(g, "award-group"))) {
    const awardIds = children(award, "award-id")
      .map((a) => textOf(a))
      .filter(Boolean);
    for (const source of children(award, "funding-source")) {
      const funder = readSource(source);
      if (!funder.name) continue;
      const key = `${funder.name.toLowerCase()}|${funder.id ?? ""}`;
      const known = byKey.get(key);
      if (known) {
        const ids = awardsOf.get(known);
        for (const id of awardIds) {
          if (!ids?.has(id)) {
            known.awardIds.push(id);
            ids?.add(id);
          }
        }
        continue;
      }
      const entry = { ...funder, awardIds: [...awardIds] };
      byKey.set(key, entry);
      awardsOf.set(entry, new Set(awardIds));
      funders.push(entry);
    }
  }
  const statement = clean(
    groups
      .flatMap((g) => children(g, "funding-statement"))
      .map((s) => textOf(s))
      .join(" "),
  );
  return { funders, statement: statement || null };
}

/** A funding source's name (its `institution`, else its text without ids) and identifier. */
function readSource(source: Element): { name: string; id: string | null } {
  const ids = descendants(source, "institution-id").filter((i) =>
    FUNDER_ID_TYPES.test(i.getAttribute("institution-id-type") ?? ""),
  );
  const id = ids.map((i) => normaliseFunderId(textOf(i))).find((v) => v !== null) ?? null;
  const institution = descendants(source, "institution")[0];
  if (institution) return { name: textOf(institution), id };
  let text = "";
  const wrap = child(source, "institution-wrap") ?? source;
  for (let n = wrap.firstChild; n; n = n.nextSibling) {
    if (isElement(n) && n.nodeName === "institution-id") continue;
    text += n.textContent ?? "";
  }
  return { name: clean(text), id };
}
