/**
 * The contents list of a dashboard issue or proceeding page (docs/product/screens.md, Dashboard
 * publication page): each paper's title, author names and an optional detail line (pages), with
 * Open, Edit and Delete. Deleting is the page's own (it asks first and reloads); while one delete
 * runs (`deletion.deleting` is not null) every Delete waits, and the paper being deleted shows a spinner.
 * The heading, empty note, problem and detail lines come translated.
 */

import { useT } from "../../i18n/use-t.tsx";
import { Spinner } from "../forms/index.ts";
import { authorLine } from "../ui/authors.ts";
import { EmptyNote } from "../ui/empty-note.tsx";
import { SectionHeading } from "../ui/heading.tsx";
import { Link } from "../ui/link.tsx";
import { buttonClass } from "../ui/styles.ts";
import { dangerOutlineClass } from "./confirm-dialog.tsx";

export type ContentsPaper = { paperID: number; title: string; authors: { name: string }[] };

const actionClass = buttonClass("secondary", "min-h-9 px-3 py-1.5");

export function PaperContents<P extends ContentsPaper>({
  id,
  heading,
  papers,
  emptyText,
  deletion: { problem, deleting, remove },
  openLink,
  editLink,
  detail,
}: {
  /** `id` of the section heading. */
  id: string;
  heading: string;
  papers: P[];
  emptyText: string;
  /** The page's deletions (app/components/dashboard/paper-deletion.ts). */
  deletion: {
    /** A failed delete's line above the list, or null. */
    problem: string | null;
    /** The paper id (or any other key) of the delete under way, or null. */
    deleting: number | string | null;
    remove: (paper: P) => void;
  };
  openLink: (paper: P) => string;
  editLink: (paper: P) => string;
  /** A second line under the authors (e.g. the pages), empty for none. */
  detail?: (paper: P) => string;
}) {
  const t = useT();
  return (
    <section aria-labelledby={id}>
      <SectionHeading id={id}>{heading}</SectionHeading>
      {problem ? (
        <p role="alert" className="mb-4 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      {papers.length === 0 ? (
        <EmptyNote>{emptyText}</EmptyNote>
      ) : (
        <ol className="divide-y divide-slate-200 border-y border-slate-200">
          {papers.map((paper) => {
            const more = detail?.(paper) ?? "";
            return (
              <li
                key={paper.paperID}
                className="flex flex-col gap-3 py-5 lg:flex-row lg:items-start lg:justify-between lg:gap-8"
              >
                <div className="min-w-0">
                  <h3 className="text-lg leading-snug font-semibold break-words">{paper.title}</h3>
                  {paper.authors.length > 0 ? (
                    <p className="mt-1 text-[0.95rem] text-slate-600">
                      {authorLine(paper.authors)}
                    </p>
                  ) : null}
                  {more ? <p className="mt-1 text-sm text-slate-600">{more}</p> : null}
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Link to={openLink(paper)} className={actionClass}>
                    {t("Open")}
                    <span className="sr-only">: {paper.title}</span>
                  </Link>
                  <Link to={editLink(paper)} className={actionClass}>
                    {t("Edit")}
                    <span className="sr-only">: {paper.title}</span>
                  </Link>
                  <button
                    type="button"
                    onClick={() => remove(paper)}
                    disabled={deleting !== null}
                    aria-busy={deleting === paper.paperID || undefined}
                    className={dangerOutlineClass}
                  >
                    {deleting === paper.paperID ? <Spinner /> : null}
                    {t("Delete")}
                    <span className="sr-only">: {paper.title}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
