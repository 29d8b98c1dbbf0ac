/**
 * The editorial figures on the Statistics screen (issue 31; decision 400): per journal the
 * manager edits and year, submissions received, accepted, declined, the acceptance rate, the
 * median days to a first decision and to publication, reviews requested and completed.
 */
import { formatNumber } from "../../../shared/i18n/intl.ts";
import type { WorkflowFigureRow } from "../../../shared/workflow-api.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";

export function WorkflowFiguresTable({ rows }: { rows: WorkflowFigureRow[] }) {
  const t = useT();
  const locale = useLocale();
  const num = (v: number | null) => (v === null ? "—" : formatNumber(Math.round(v), locale));
  const rate = (v: number | null) =>
    v === null ? "—" : new Intl.NumberFormat(locale, { style: "percent" }).format(v);
  return (
    <section aria-labelledby="workflow-figures-title" className="mt-10">
      <h2 id="workflow-figures-title" className="font-serif text-2xl font-semibold text-slate-900">
        {t("Editorial workflow")}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("No submissions yet.")}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
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
        </div>
      )}
    </section>
  );
}
