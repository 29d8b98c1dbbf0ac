/**
 * The formatting half of 'Cite this paper' (docs/decisions/186-cite-this-paper.md): a CSL-JSON
 * item as a plain-text reference in six CSL styles, with citation-js's CSL plugin (citeproc-js).
 *
 * Formatting is expensive (the first call builds the style engines, 2–4 s, and they keep about
 * 280 MB of heap; each later paper costs 40–60 ms of CPU), so it runs in the citation worker,
 * a child process (./citation-worker.ts, ./citation-pool.ts) and never while a page renders
 * (docs/decisions/245-citations-off-the-page.md). Loaded by Node directly in that worker, so it
 * uses erasable TypeScript syntax only.
 *
 * APA, Harvard (`harvard1`) and Vancouver ship with `@citation-js/plugin-csl`; MLA, Chicago
 * (author-date) and IEEE are CSL styles of the CSL project vendored in ./styles (CC BY-SA 3.0)
 * and registered on first use.
 */
import { Cite, type CslItem, plugins } from "@citation-js/core";
import "@citation-js/plugin-csl";
import { CITATION_STYLES, type FormattedCitation } from "./style-list.ts";
import chicago from "./styles/chicago.ts";
import ieee from "./styles/ieee.ts";
import mla from "./styles/mla.ts";

const VENDORED: Record<string, string> = { mla, "chicago-author-date": chicago, ieee };

/** Registers the vendored styles with citation-js's CSL plugin once per process. */
function ensureTemplates(): void {
  const { styles } = plugins.config.get("@csl");
  for (const [name, xml] of Object.entries(VENDORED)) {
    if (!styles.has(name)) styles.add(name, xml);
  }
}

/** The reference in every style of {@link CITATION_STYLES}, as plain text (US English). */
export function formatCitations(item: CslItem): FormattedCitation[] {
  ensureTemplates();
  const cite = new Cite(item);
  return CITATION_STYLES.map(({ key, label, template }) => ({
    key,
    label,
    text: cite
      .format("bibliography", { format: "text", template, lang: "en-US" })
      .trim()
      // Vancouver and IEEE number the entries of a list; one reference needs no number.
      .replace(/^(?:\[1\]|1\.)\s+/, ""),
  }));
}
