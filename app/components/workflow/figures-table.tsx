/**
 * The editorial figures on the Statistics screen (issue 31; decision 400): per journal the
 * manager edits and year, submissions received, accepted, declined, the acceptance rate, the
 * median days to a first decision and to publication, reviews requested and completed; and the
 * same figures without the reviews on a journal's public page, where it shows them (decision 406).
 */
import { formatNumber } from "../../../shared/i18n/intl.ts";
import type { PublicWorkflowFigures, WorkflowFigureRow } from "../../../shared/workflow-api.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";

/** Counts and days rounded in the page's language, a rate as a percentage; "—" for none. */
function useFigureFormats() {
  const locale = useLocale();
  const num = (v: number | null) => (v === null ? "—" : formatNumber(Math.round(v), locale));
  const rate = (v: number | null) =>
    v === null ? "—" : new Intl.NumberFormat(locale, { style: "percent" }).format(v);
  return { num, rate };
}

/**
 * A journal's public editorial figures (decision 406), one definition list a year, newest
 * first: narrow enough for the journal page's side column on a phone.
 */
export function PublicWorkflowFiguresList({ rows }: { rows: PublicWorkflowFigures[] }) {
  const t = useT();
  const { num, rate } = useFigureFormats();
  return (
    <section aria-labelledby="public-workflow-figures-title" className="mt-8">
      <h2 id="public-workflow-figures-title" className="mb-3 text-lg font-semibold">
        {t("Editorial figures")}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("No submissions yet.")}</p>
      ) : (
        rows.map((r) => (
          <div key={r.year} className="mb-4">
            <h3 className="text-sm font-semibold text-slate-800">{r.year}</h3>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              {(
                [
                  [t("Received"), num(r.received)],
                  [t("Accepted"), num(r.accepted)],
                  [t("Declined"), num(r.declined)],
                  [t("Acceptance rate"), rate(r.acceptance_rate)],
                  [t("Median days to first decision"), num(r.median_days_to_first_decision)],
                  [t("Median days to publication"), num(r.median_days_to_publication)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-end text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))
      )}
    </section>
  );
}

export function WorkflowFiguresTable({ rows }: { rows: WorkflowFigureRow[] }) {
  const t = useT();
  const { num, rate } = useFigureFormats();
  return (
    <section aria-labelledby="workflow-figures-title" className="mt-10">
      <h2 id="workflow-figures-title" className="font-serif text-2xl font-semibold text-slate-900">
        {t("Editorial workflow")}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("No submissions yet.")}</p>
      ) : (
        // The box scrolls sideways on a narrow screen: a keyboard user reaches it with Tab and
        // scrolls it with the arrow keys, and it is named by the heading (WCAG 2.1.1, axe
        // scrollable-region-focusable; issue 34).
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
          tabIndex={0}
          aria-labelledby="workflow-figures-title"
          className="mt-4 overflow-x-auto focus-visible:outline-2"
        >
          <table className="w-full text-sm">
            <thead>
              <tr className="text-start">
                <th scope="col" className="p-2 text-start">
                  {t("Journal")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("Year")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("Received")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("Accepted")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("Declined")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("Acceptance rate")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("Median days to first decision")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("Median days to publication")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("Reviews requested")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("Reviews completed")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.journal_uri}-${r.year}`} className="border-t border-slate-200">
                  <th scope="row" className="p-2 text-start font-normal">
                    {r.journal_name}
                  </th>
                  <td className="p-2 text-end">{r.year}</td>
                  <td className="p-2 text-end">{num(r.received)}</td>
                  <td className="p-2 text-end">{num(r.accepted)}</td>
                  <td className="p-2 text-end">{num(r.declined)}</td>
                  <td className="p-2 text-end">{rate(r.acceptance_rate)}</td>
                  <td className="p-2 text-end">{num(r.median_days_to_first_decision)}</td>
                  <td className="p-2 text-end">{num(r.median_days_to_publication)}</td>
                  <td className="p-2 text-end">{num(r.reviews_requested)}</td>
                  <td className="p-2 text-end">{num(r.reviews_completed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
