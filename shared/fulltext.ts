/**
 * The HTML full text of a paper as plain data (issue 18, docs/decisions/285-html-full-text-from-jats.md):
 * the tree server/features/fulltext/jats-tree.ts makes once per JATS galley from the allow-listed
 * part of the JATS vocabulary, and app/components/fulltext/ renders. It is JSON-able (no
 * functions, no classes) and already safe: every link is http(s), mailto or a DOI resolved to
 * https://doi.org/, every id is prefixed and unique in the page, every language tag is checked,
 * and no attribute of the source is carried that the renderer does not name here.
 */

/** A run of text or an inline element. */
export type Inline =
  | string
  | { k: "em" | "strong" | "sup" | "sub" | "sc" | "mono" | "u"; c: Inline[] }
  /** A checked link (`https:`, `http:`, `mailto:`); `c` is its printed text. */
  | { k: "a"; href: string; c: Inline[] }
  /**
   * An in-text reference to something in the page (`#` + `to`, an id of this tree). `ref` is the
   * cited reference's text when it is one (shown on hover and focus), else null.
   */
  | { k: "xref"; to: string; ref: string | null; c: Inline[] }
  /** An inline formula, MathML. */
  | { k: "math"; m: MathNode }
  | { k: "br" };

/** A MathML element of the allow-list (jats-math.ts), with its checked attributes. */
export type MathNode = { tag: string; attrs: Record<string, string>; c: (MathNode | string)[] };

/** A table cell: a header cell or a data cell, with its spans (1–100). */
export type Cell = { h: boolean; colspan: number; rowspan: number; c: Inline[] };

export type Block =
  | { k: "p"; c: Inline[] }
  | { k: "sec"; id: string; title: Inline[]; c: Block[] }
  | { k: "list"; ordered: boolean; items: Block[][] }
  | { k: "box"; id: string | null; title: Inline[]; c: Block[] }
  | { k: "quote"; c: Block[] }
  | { k: "pre"; text: string }
  | {
      k: "fig";
      id: string;
      label: string;
      title: Inline[];
      caption: Block[];
      /** `/files/…` of the supplied image, or null when the galley has no such file. */
      src: string | null;
      /** The image's file name as the JATS names it ("" when none), for the note. */
      file: string;
    }
  | {
      k: "table";
      id: string;
      label: string;
      title: Inline[];
      caption: Block[];
      head: Cell[][];
      body: Cell[][];
      foot: Block[];
    }
  | { k: "formula"; id: string | null; label: string; m: MathNode | null }
  | {
      k: "supp";
      id: string;
      label: string;
      title: Inline[];
      caption: Block[];
      /** `/files/…` when the file was supplied, else null. */
      src: string | null;
      file: string;
    }
  | { k: "defs"; items: { term: Inline[]; def: Block[] }[] }
  /** A footnote-like note inside the text (an author contribution, a table note). */
  | { k: "note"; id: string | null; label: string; c: Block[] };

/** One entry of the references list. */
export type FullTextReference = {
  id: string;
  label: string;
  text: string;
  /** `https://doi.org/…` or null. */
  doi: string | null;
  /** PubMed id (digits) or null. */
  pmid: string | null;
  /** A checked web link or null. */
  url: string | null;
};

/** A footnote or note: its anchor id, its label and its text. */
export type FullTextNote = { id: string; label: string; c: Block[] };

/**
 * A part of the back matter with a heading (acknowledgements, funding, data availability…).
 * `siteTitle` marks a heading the site gave a part the JATS left untitled (funding, author
 * contributions, competing interests, data availability from the front matter): a catalogue
 * message, shown in the page's language; otherwise the title is the article's own words.
 */
export type FullTextPart = { id: string; title: string; c: Block[]; siteTitle?: true };

export type FullText = {
  /** The article's language (a checked BCP 47 tag), or null. */
  lang: string | null;
  abstract: Block[];
  /** Other abstracts (an eLife digest, a PLOS author summary), each under its own title. */
  summaries: FullTextPart[];
  /** The body's blocks (its sections are `sec` blocks). */
  body: Block[];
  /** Figures, tables and boxes of a `floats-group`, shown after the body. */
  floats: Block[];
  /** Acknowledgements, funding, author contributions, data availability, appendices, notes. */
  back: FullTextPart[];
  footnotes: FullTextNote[];
  references: FullTextReference[];
  /** Supplementary files, in order of appearance. */
  supplements: Extract<Block, { k: "supp" }>[];
};

/** One row of the table of contents: a section's id, title and depth (1 = top level). */
export type TocEntry = { id: string; title: string; depth: number };

/** Plain text of inline content (for tables of contents, tooltips and search). */
export function inlineText(content: readonly Inline[]): string {
  let out = "";
  for (const item of content) {
    if (typeof item === "string") out += item;
    else if (item.k === "math") out += mathText(item.m);
    else if (item.k === "br") out += " ";
    else out += inlineText(item.c);
  }
  return out;
}

function mathText(node: MathNode): string {
  return node.c.map((c) => (typeof c === "string" ? c : mathText(c))).join("");
}

/** The sections of `blocks` to `maxDepth` levels, in document order. */
export function tableOfContents(blocks: readonly Block[], maxDepth = 2, depth = 1): TocEntry[] {
  const out: TocEntry[] = [];
  for (const block of blocks) {
    if (block.k !== "sec") continue;
    const title = inlineText(block.title).trim();
    if (title) out.push({ id: block.id, title, depth });
    if (depth < maxDepth) out.push(...tableOfContents(block.c, maxDepth, depth + 1));
  }
  return out;
}

/** The readable text of blocks, paragraphs separated by a blank line (for the search index). */
export function blocksText(blocks: readonly Block[]): string {
  const parts: string[] = [];
  const add = (list: readonly Block[]) => {
    for (const b of list) {
      if (b.k === "p") parts.push(inlineText(b.c));
      else if (b.k === "sec" || b.k === "box") {
        parts.push(inlineText(b.title));
        add(b.c);
      } else if (b.k === "quote" || b.k === "note") add(b.c);
      else if (b.k === "list") for (const item of b.items) add(item);
      else if (b.k === "fig" || b.k === "table" || b.k === "supp") {
        parts.push(`${b.label} ${inlineText(b.title)}`.trim());
        add(b.caption);
      } else if (b.k === "pre") parts.push(b.text);
      else if (b.k === "defs") {
        for (const d of b.items) {
          parts.push(inlineText(d.term));
          add(d.def);
        }
      }
    }
  };
  add(blocks);
  return parts
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
}

/**
 * One line of a full text's contents list: the section's element id, its title, its depth (1 =
 * top), and whether the title is the site's own label ('References') rather than the article's
 * heading.
 */
export type ContentsEntry = { id: string; title: string; depth: number; label?: boolean };

/**
 * A full text as its page shows it in one language: the article's language, the contents list,
 * and the article (everything from the abstract to the supplementary files) already rendered to
 * HTML by `FullTextArticle` (app/lib/fulltext-html.ts, once per galley and language, decision
 * 319; in the JATS pool's workers, decision 530).
 */
export type RenderedFullText = { lang: string | null; contents: ContentsEntry[]; html: string };
