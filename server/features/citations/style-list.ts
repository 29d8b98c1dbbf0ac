/**
 * The styles of the 'Cite this paper' panel (docs/decisions/186-cite-this-paper.md), in the
 * order shown, with the CSL template each is formatted with (./format.ts). Plain data, shared by
 * the page loaders (the panel's choices) and the citation worker (the references).
 */
export const CITATION_STYLES = [
  { key: "apa", label: "APA", template: "apa" },
  { key: "mla", label: "MLA", template: "mla" },
  { key: "chicago", label: "Chicago", template: "chicago-author-date" },
  { key: "harvard", label: "Harvard", template: "harvard1" },
  { key: "ieee", label: "IEEE", template: "ieee" },
  { key: "vancouver", label: "Vancouver", template: "vancouver" },
] as const;

export type CitationStyleKey = (typeof CITATION_STYLES)[number]["key"];

/** One formatted reference: the style's key and name and the reference as plain text. */
export type FormattedCitation = { key: CitationStyleKey; label: string; text: string };
