/**
 * Values of the paper page's metadata that come from the scholarly model (decisions 255, 306):
 * an author's name as reference managers read it and a reference as one `citation_reference`.
 * Pure functions, shared by the meta tags (./citation-meta.ts) and their tests.
 */
import type { PaperAuthorItem, ReferenceItem } from "../../shared/api.ts";
import { oneLine } from "../../shared/one-line.ts";

/**
 * An author as `citation_author` and `DC.creator` carry it: `Family, Given` (with `, Suffix`
 * after the given names: "King, Martin Luther, Jr.") when the name is split, so Zotero's
 * Embedded Metadata translator, which splits "Given Family" at the last space, keeps particles
 * in the family name ("Di Matteo, T."); a literal name (an organisation, a single name) as it
 * is, never split. Google Scholar accepts both orders (Inclusion guidelines, "citation_author").
 */
export function citationAuthorName(
  author: Pick<PaperAuthorItem, "name" | "given_names" | "family_name" | "suffix">,
): string {
  const family = oneLine(author.family_name ?? "");
  if (!family) return oneLine(author.name);
  return [family, oneLine(author.given_names ?? ""), oneLine(author.suffix ?? "")]
    .filter(Boolean)
    .join(", ");
}

/**
 * One reference as a `citation_reference` value: the reference as printed (one line), followed
 * by its DOI as a `https://doi.org/` link when the text does not already name that DOI, so an
 * indexer that reads only the tag still finds the cited work. The list stores references as
 * printed strings, not as fields, so the tag carries no `citation_title=…; citation_author=…`
 * pairs that would have to be guessed from the text (decision 306).
 */
export function referenceMetaContent(reference: Pick<ReferenceItem, "citation" | "doi">): string {
  const text = oneLine(reference.citation);
  const doi = oneLine(reference.doi);
  if (!doi || text.toLowerCase().includes(doi.toLowerCase())) return text;
  return `${text} https://doi.org/${doi}`.trim();
}
