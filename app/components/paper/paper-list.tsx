import type { ReactNode } from "react";
import { Trans } from "../../i18n/use-t.tsx";
import { authorLine } from "../ui/authors.ts";
import { Link } from "../ui/link.tsx";
import { buttonClass } from "../ui/styles.ts";
import { TitleLink } from "../ui/title-link.tsx";

type ListedPaper = { paperID: number; title: string; authors: { name: string }[] };

/**
 * The papers of an issue or a proceeding page, in their order: each paper's title (a link),
 * author names and an 'Open' link to `linkOf(paper)` (docs/product/screens.md, 'Publication Contents');
 * `details` adds a line under the authors (a proceeding's page range). Without papers,
 * `emptyText` (translated by the caller) instead of the list. 'Open' in the page's language.
 */
export function PaperList<P extends ListedPaper>({
  papers,
  linkOf,
  details,
  emptyText,
}: {
  papers: P[];
  linkOf: (paper: P) => string;
  details?: (paper: P) => ReactNode;
  emptyText: string;
}) {
  if (papers.length === 0) return <p className="text-slate-600">{emptyText}</p>;
  return (
    <ol className="divide-y divide-slate-200 border-y border-slate-200">
      {papers.map((paper) => {
        const link = linkOf(paper);
        return (
          <li
            key={paper.paperID}
            className="flex flex-col gap-3 py-5 sm:flex-row sm:items-start sm:justify-between sm:gap-8"
          >
            <div className="min-w-0">
              <TitleLink to={link}>{paper.title}</TitleLink>
              {paper.authors.length > 0 ? (
                <p className="mt-1 text-[0.95rem] text-slate-600">{authorLine(paper.authors)}</p>
              ) : null}
              {details?.(paper)}
            </div>
            <Link to={link} className={buttonClass("secondary", "shrink-0 self-start")}>
              <Trans
                id="Open<0>: {title}</0>"
                values={{ title: paper.title }}
                components={{ 0: <span className="sr-only" /> }}
              />
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
