/**
 * The tables of the Statistics screen: the figures of each day or month (beside the chart,
 * holding everything it draws), and the most viewed papers. Numbers are aligned at the end with
 * tabular figures; a long table scrolls inside its box on a wide screen, while on a phone the
 * periods table scrolls sideways (its five narrow columns fit from 375 px). Headings, days and
 * figures are written in the page's language (decision 382).
 */

import { formatDate, formatNumber } from "../../../../shared/i18n/intl.ts";
import {
  FIGURE_LABELS,
  FIGURE_NAMES,
  type TopPaper,
  type UsageFigures,
  type UsagePeriod,
} from "../../../../shared/usage.ts";
import { useLocale, useT } from "../../../i18n/use-t.tsx";
import { Link } from "../../ui/link.tsx";
import { textLinkClass } from "../../ui/styles.ts";

const numberClass = "px-3 py-2 text-end tabular-nums";
/** Numeric column headings wrap ('Unique / downloads'), so the table fits beside the chart. */
const headClass = "px-3 py-2 text-end align-bottom font-semibold text-slate-800";

/**
 * A table's head row: `first` (translated) over the rows' headings, then a heading per figure
 * aligned at the end (FIGURE_NAMES order); `className` styles the `<thead>` (sticky in the
 * scrolling periods table).
 */
function FiguresHead({ first, className }: { first: string; className: string }) {
  const t = useT();
  return (
    <thead className={className}>
      <tr className="border-b border-slate-300">
        <th scope="col" className="px-3 py-2 text-start font-semibold text-slate-800">
          {first}
        </th>
        {FIGURE_NAMES.map((name) => (
          <th key={name} scope="col" className={headClass}>
            {t(FIGURE_LABELS[name])}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row's cells: each figure of `figures` in the page's digits, in FIGURE_NAMES order. */
function FigureCells({ figures, className }: { figures: UsageFigures; className: string }) {
  const locale = useLocale();
  return FIGURE_NAMES.map((name) => (
    <td key={name} className={className}>
      {formatNumber(figures[name], locale)}
    </td>
  ));
}

export function UsageTable({
  periods,
  totals,
  granularity,
  caption,
}: {
  periods: UsagePeriod[];
  totals: UsageFigures;
  granularity: "day" | "month";
  /** Translated. */
  caption: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    // The box scrolls: a keyboard user reaches it with Tab and scrolls it with the arrow keys,
    // and a screen reader names it by the table's caption (WCAG 2.1.1, axe
    // scrollable-region-focusable; issue 34).
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
      tabIndex={0}
      aria-label={caption}
      className="max-h-[26rem] overflow-auto rounded-sm border border-slate-200 bg-white focus-visible:outline-2"
    >
      <table className="w-full text-sm" data-table="periods">
        <caption className="sr-only">{caption}</caption>
        <FiguresHead
          first={granularity === "day" ? t("Day") : t("Month")}
          className="sticky top-0 bg-slate-50"
        />
        <tbody>
          {[...periods].reverse().map((p) => (
            <tr
              key={p.period}
              className="border-b border-slate-100 last:border-0"
              data-period={p.period}
            >
              <th scope="row" className="px-3 py-2 text-start font-normal whitespace-nowrap">
                <time dateTime={p.period}>{formatDate(p.period, locale)}</time>
              </th>
              <FigureCells figures={p} className={numberClass} />
            </tr>
          ))}
        </tbody>
        <tfoot className="sticky bottom-0 bg-slate-50">
          <tr className="border-t border-slate-300">
            <th scope="row" className="px-3 py-2 text-start font-semibold">
              {t("Total")}
            </th>
            <FigureCells figures={totals} className={`${numberClass} font-semibold`} />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

export function TopPapersTable({
  papers,
  statisticsLink,
}: {
  papers: TopPaper[];
  statisticsLink: (paperId: number) => string;
}) {
  const t = useT();
  return (
    <div className="overflow-x-auto rounded-sm border border-slate-200 bg-white">
      <table className="w-full text-sm" data-table="papers">
        <caption className="sr-only">{t("The most viewed papers, with their figures")}</caption>
        <FiguresHead first={t("Paper")} className="bg-slate-50" />
        <tbody>
          {papers.map((paper) => (
            <tr key={paper.paperID} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="min-w-56 px-3 py-2 text-start font-normal">
                <Link
                  to={statisticsLink(paper.paperID)}
                  className={`${textLinkClass} font-semibold`}
                >
                  {paper.title}
                </Link>
                <span className="block text-slate-600">
                  {paper.source} ·{" "}
                  <a href={paper.link} className={textLinkClass}>
                    {t("Open the paper")}
                    <span className="sr-only">: {paper.title}</span>
                  </a>
                </span>
              </th>
              <FigureCells figures={paper} className={numberClass} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
