/**
 * Crafted JATS files for the bounds of one galley (issue 30, decision 385), generated in the
 * test or benchmark that needs them, never committed as files:
 *
 * - {@link referencesJats}: an article citing every one of `count` references (40,000 weigh
 *   about 3 MB; each reference used to search the whole list again).
 * - {@link nestedSectionsJats}: `depth` sections each inside the last, behind a DOCTYPE whose
 *   `[` hid them from the old text scan of the nesting.
 * - {@link largestJats}: about the largest article given limits accept, of the shapes real
 *   articles have (sections, paragraphs with citations and emphasis, tables, references).
 */
const FRONT =
  "<front><article-meta><title-group><article-title>A crafted article</article-title></title-group><abstract><p>Crafted to measure what one galley may cost.</p></abstract></article-meta></front>";

/** An article with `count` references, each cited once in the body. */
export function referencesJats(count: number): string {
  const cites: string[] = [];
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    cites.push(`<xref ref-type="bibr" rid="r${i}">${i + 1}</xref>`);
    refs.push(
      `<ref id="r${i}"><mixed-citation>Doe J (2020) Paper ${i}. J Things 1: 2–3.</mixed-citation></ref>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?><article>${FRONT}<body><sec><title>Results</title><p>As shown ${cites.join(", ")}.</p></sec></body><back><ref-list>${refs.join("")}</ref-list></back></article>`;
}

/** An article whose body nests `depth` titled sections, behind `<!DOCTYPE article SYSTEM "[">`. */
export function nestedSectionsJats(depth: number, tag = "sec"): string {
  return `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE article SYSTEM "["><article>${FRONT}<body>${`<${tag}><title>Part</title>`.repeat(depth)}<p>Deep]</p>${`</${tag}>`.repeat(depth)}</body></article>`;
}

/**
 * About the largest article with at most `limits.elements` elements, `limits.references`
 * references and `limits.sections` sections (server/features/fulltext/jats-read.ts): sections of
 * paragraphs with emphasis and citations, a table per section, and the reference list.
 */
export function largestJats(limits: {
  elements: number;
  references: number;
  sections: number;
}): string {
  const refs = Math.min(limits.references, Math.floor(limits.elements / 10));
  // elements per reference: ref, mixed-citation, source, year
  let budget = limits.elements - refs * 4 - 100;
  const sections: string[] = [];
  let cited = 0;
  for (let s = 0; s < limits.sections / 2 && budget > 0; s++) {
    const parts = [`<sec id="s${s}"><title>Section ${s}</title>`];
    budget -= 2;
    for (let p = 0; p < 8 && budget > 0; p++) {
      const rid = `r${cited++ % refs}`;
      parts.push(
        `<p>Text of paragraph ${p} with <italic>emphasis</italic>, <bold>weight</bold> and a citation <xref ref-type="bibr" rid="${rid}">[${p}]</xref> among words that make it a paragraph of ordinary length, as articles have.</p>`,
      );
      budget -= 4;
    }
    parts.push(
      `<table-wrap id="t${s}"><label>Table ${s}</label><caption><title>Values</title></caption><table><thead><tr><th>A</th><th>B</th></tr></thead><tbody>${"<tr><td>1.0</td><td>2.0</td></tr>".repeat(4)}</tbody></table></table-wrap>`,
    );
    budget -= 10 + 4 * 3 + 3;
    parts.push("</sec>");
    sections.push(parts.join(""));
  }
  const list = Array.from(
    { length: refs },
    (_, i) =>
      `<ref id="r${i}"><mixed-citation>Doe J, Roe R (2020) A paper of some length, number ${i}. <source>J Things</source> <year>2020</year>; 1: 2–3.</mixed-citation></ref>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><article>${FRONT}<body>${sections.join("")}</body><back><ref-list>${list.join("")}</ref-list></back></article>`;
}
