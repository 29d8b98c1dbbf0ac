/**
 * The blocks and inline content of a full text (shared/fulltext.ts) as HTML (issue 18,
 * docs/decisions/285-html-full-text-from-jats.md): rendered on the server, never hydrated, no
 * behaviour of their own. Looks come from the `.fulltext` rules of app/app.css.
 *
 * - Sections are `<section>`s with a heading one level below their parent's (`h2` at the top,
 *   `h6` at most), so headings stay in order under the page's one `h1`; a section without a
 *   title has no heading and its sections take its level, so no level is ever skipped
 *   (decision 473).
 * - Figures are `<figure>`/`<figcaption>`; a figure whose image was not supplied shows its caption
 *   and a note, never a broken image. Tables keep their header cells and scroll on their own
 *   inside a focusable region; display formulas too.
 * - In-text citations link to their reference (`#ft-…`) and show it on hover and keyboard focus
 *   with CSS only (`.cite:hover .cite-pop`, `:focus-within`).
 * - MathML is written as given by the allow-list (server/features/fulltext/jats-math.ts); the
 *   browser draws it.
 * - The site's own words (a note on a missing image, a formula's or table's name for assistive
 *   technology) are in the page's language; the article's labels ('Figure 2') are its own.
 */
import { createContext, createElement, Fragment, type ReactNode, useContext } from "react";
import {
  type Block,
  type Cell,
  type Inline,
  inlineText,
  type MathNode,
} from "../../../shared/fulltext.ts";
import { useT } from "../../i18n/use-t.tsx";

/**
 * The attributes of the site's own words inside the article: the page's `lang` (and direction)
 * when the article is in another language (./full-text-page.tsx, decision 427); none else.
 */
export const InterfaceMarks = createContext<{ lang?: string; dir?: "ltr" | "rtl" }>({});

/** Heading elements by level (2–6). */
function Heading({ level, children }: { level: number; children: ReactNode }) {
  return createElement(`h${Math.min(Math.max(level, 2), 6)}`, null, children);
}

/**
 * A box that scrolls sideways on its own (a wide table or formula), so the page never does. It
 * is reachable by keyboard to be scrolled without a mouse (WCAG 2.1.1, axe
 * "scrollable-region-focusable"); a named group, not a landmark: a paper has hundreds of them.
 */
function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <div className="ft-scroll" tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}

/** One MathML element and its children. */
function MathElement({ node }: { node: MathNode }): ReactNode {
  return createElement(
    node.tag,
    node.attrs,
    ...node.c.map((c, i) =>
      // MathML children have no identity but their order.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      typeof c === "string" ? c : <MathElement key={i} node={c} />,
    ),
  );
}

/** Inline content: text, emphasis, checked links, in-text citations, inline MathML. */
export function Inlines({ items }: { items: readonly Inline[] }) {
  return (
    <>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: inline runs have only their order
        <InlineItem key={i} item={item} />
      ))}
    </>
  );
}

function InlineItem({ item }: { item: Inline }): ReactNode {
  if (typeof item === "string") return item;
  switch (item.k) {
    case "em":
      return (
        <em>
          <Inlines items={item.c} />
        </em>
      );
    case "strong":
      return (
        <strong>
          <Inlines items={item.c} />
        </strong>
      );
    case "sup":
      return (
        <sup>
          <Inlines items={item.c} />
        </sup>
      );
    case "sub":
      return (
        <sub>
          <Inlines items={item.c} />
        </sub>
      );
    case "sc":
      return (
        <span className="ft-sc">
          <Inlines items={item.c} />
        </span>
      );
    case "mono":
      return (
        <code>
          <Inlines items={item.c} />
        </code>
      );
    case "u":
      return (
        <u>
          <Inlines items={item.c} />
        </u>
      );
    case "br":
      return <br />;
    case "a":
      return (
        <a href={item.href} rel="noopener">
          <Inlines items={item.c} />
        </a>
      );
    case "math":
      return <MathElement node={item.m} />;
    case "xref":
      if (item.ref === null) {
        return (
          <a href={`#${item.to}`}>
            <Inlines items={item.c} />
          </a>
        );
      }
      return (
        <span className="cite">
          <a href={`#${item.to}`}>
            <Inlines items={item.c} />
          </a>
          <span className="cite-pop" role="tooltip">
            {item.ref}
          </span>
        </span>
      );
  }
}

/** A list of blocks; `level` is the heading level of sections among them. */
export function Blocks({ blocks, level }: { blocks: readonly Block[]; level: number }) {
  return (
    <>
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have only their order
        <BlockItem key={i} block={block} level={level} />
      ))}
    </>
  );
}

function BlockItem({ block, level }: { block: Block; level: number }): ReactNode {
  const t = useT();
  const marks = useContext(InterfaceMarks);
  switch (block.k) {
    case "p":
      return (
        <p>
          <Inlines items={block.c} />
        </p>
      );
    case "sec":
      return (
        <section id={block.id}>
          {block.title.length ? (
            <Heading level={level}>
              <Inlines items={block.title} />
            </Heading>
          ) : null}
          {/* a section without a title has no heading: its sections' headings take its level */}
          <Blocks blocks={block.c} level={block.title.length ? level + 1 : level} />
        </section>
      );
    case "list": {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have only their order
        <li key={i}>
          <Blocks blocks={item} level={level} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case "box":
      return (
        <div className="ft-box" id={block.id ?? undefined}>
          {block.title.length ? (
            <p className="ft-box-title">
              <Inlines items={block.title} />
            </p>
          ) : null}
          <Blocks blocks={block.c} level={level} />
        </div>
      );
    case "quote":
      return (
        <blockquote>
          <Blocks blocks={block.c} level={level} />
        </blockquote>
      );
    case "pre":
      return <pre>{block.text}</pre>;
    case "fig":
      return <Figure block={block} level={level} />;
    case "table":
      return <Table block={block} level={level} />;
    case "formula":
      return (
        <div className="ft-formula" id={block.id ?? undefined}>
          {block.m ? (
            <ScrollArea
              label={block.label ? t("Equation {label}", { label: block.label }) : t("Equation")}
            >
              <MathElement node={block.m} />
            </ScrollArea>
          ) : (
            <p className="ft-missing" {...marks}>
              {t("This formula is only available as an image, which was not supplied.")}
            </p>
          )}
          {block.label ? <span className="ft-formula-label">{block.label}</span> : null}
        </div>
      );
    case "supp":
      return null;
    case "defs":
      return (
        <dl>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: definitions have only their order
            <Fragment key={i}>
              <dt>
                <Inlines items={item.term} />
              </dt>
              <dd>
                <Blocks blocks={item.def} level={level} />
              </dd>
            </Fragment>
          ))}
        </dl>
      );
    case "note":
      return (
        <div className="ft-note" id={block.id ?? undefined}>
          {block.label ? <span className="ft-note-label">{block.label} </span> : null}
          <Blocks blocks={block.c} level={level} />
        </div>
      );
  }
}

function Caption({
  label,
  title,
  caption,
  level,
}: {
  label: string;
  title: Inline[];
  caption: Block[];
  level: number;
}) {
  return (
    <>
      <p className="ft-caption-title">
        {label ? <span className="ft-label">{label}. </span> : null}
        <Inlines items={title} />
      </p>
      <Blocks blocks={caption} level={level} />
    </>
  );
}

function Figure({ block, level }: { block: Extract<Block, { k: "fig" }>; level: number }) {
  const t = useT();
  const marks = useContext(InterfaceMarks);
  const alt = `${block.label} ${inlineText(block.title)}`.trim() || t("Figure");
  return (
    <figure id={block.id} className="ft-figure">
      {block.src ? (
        <img src={block.src} alt={alt} loading="lazy" decoding="async" />
      ) : (
        <p className="ft-missing" {...marks}>
          {block.label
            ? t("The image of {label} was not supplied with this paper; its caption follows.", {
                label: block.label,
              })
            : t("The image of this figure was not supplied with this paper; its caption follows.")}
        </p>
      )}
      <figcaption>
        <Caption label={block.label} title={block.title} caption={block.caption} level={level} />
      </figcaption>
    </figure>
  );
}

function CellItem({ cell }: { cell: Cell }) {
  const span = {
    colSpan: cell.colspan > 1 ? cell.colspan : undefined,
    rowSpan: cell.rowspan > 1 ? cell.rowspan : undefined,
  };
  return cell.h ? (
    <th scope={cell.colspan > 1 ? "colgroup" : "col"} {...span}>
      <Inlines items={cell.c} />
    </th>
  ) : (
    <td {...span}>
      <Inlines items={cell.c} />
    </td>
  );
}

function Rows({ rows }: { rows: Cell[][] }) {
  return (
    <>
      {rows.map((row, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have only their order
        <tr key={r}>
          {row.map((cell, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cells have only their order
            <CellItem key={c} cell={cell} />
          ))}
        </tr>
      ))}
    </>
  );
}

function Table({ block, level }: { block: Extract<Block, { k: "table" }>; level: number }) {
  const t = useT();
  const marks = useContext(InterfaceMarks);
  const name = `${block.label} ${inlineText(block.title)}`.trim() || t("Table");
  return (
    <figure id={block.id} className="ft-table">
      <figcaption>
        <Caption label={block.label} title={block.title} caption={block.caption} level={level} />
      </figcaption>
      {block.head.length || block.body.length ? (
        <ScrollArea label={name.slice(0, 120)}>
          <table>
            {block.head.length ? (
              <thead>
                <Rows rows={block.head} />
              </thead>
            ) : null}
            <tbody>
              <Rows rows={block.body} />
            </tbody>
          </table>
        </ScrollArea>
      ) : (
        <p className="ft-missing" {...marks}>
          {t("This table is only available as an image, which was not supplied.")}
        </p>
      )}
      {block.foot.length ? (
        <div className="ft-table-foot">
          <Blocks blocks={block.foot} level={level} />
        </div>
      ) : null}
    </figure>
  );
}
