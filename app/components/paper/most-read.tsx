/**
 * 'Most read': the papers readers viewed most over the last 30 whole days (issue 17;
 * docs/decisions/284-usage-figures-for-readers.md), on the home page and a journal's page.
 * Nothing is shown while no paper has been viewed. Ranks and counts in the page's language.
 */

import { formatNumber } from "../../../shared/i18n/intl.ts";
import type { MostReadPaper } from "../../../shared/usage.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { Link } from "../ui/link.tsx";
import { titleLinkClass } from "../ui/styles.ts";

export function MostReadList({ papers, source }: { papers: MostReadPaper[]; source?: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ol className="space-y-3" data-most-read="">
      {papers.map((paper, i) => (
        <li key={paper.paperID} className="grid grid-cols-[1.5rem_minmax(0,1fr)] gap-x-2">
          <span aria-hidden="true" className="font-serif text-lg text-brand-700">
            {formatNumber(i + 1, locale)}
          </span>
          <div>
            <Link
              to={paper.link}
              dir="auto"
              className={`font-serif text-base leading-snug ${titleLinkClass}`}
            >
              {paper.title}
            </Link>
            <p className="text-sm text-slate-600">
              {source && paper.source ? `${paper.source} · ` : ""}
              {t("{views, plural, one {# view} other {# views}}", { views: paper.views })}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
