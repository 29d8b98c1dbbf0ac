/**
 * The table of the dashboard Publications list (docs/product/screens.md): columns Publication/Issue
 * ('Vol. {volume} No. {number}' and the publication date, issue 34, where the spec has
 * published_on), Date Uploaded (uploaded_on), every date in the site's one format, No. of Papers
 * (no_of_papers) and Actions, the row actions exactly as the server gives them (label, link,
 * link_type): `link_type` 'api' is a button that hands the action to `onApiAction` (the screen
 * calls it and reloads), any other type a link to `link`.
 *
 * Below 640 px each row stacks into a card with the column names beside the values, so nothing
 * needs a horizontal scroll at 375 px. The elements carry their table roles explicitly, since
 * CSS `display: block` would otherwise strip the table semantics in some browsers (a known
 * accessibility pitfall of responsive tables). The server's action labels are shown translated
 * (`t`: a label the catalogues have is translated, any other shows as sent).
 */

import type { DashboardPublicationRow, RowAction } from "../../../shared/api.ts";
import { volumeNumber } from "../../../shared/format.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { Spinner } from "../forms/index.ts";
import { DateText } from "../ui/date-text.tsx";
import { Link } from "../ui/link.tsx";
import { badgeClass, buttonClass } from "../ui/styles.ts";

/** `Vol. {volume} No. {number}`: how a row is named to screen readers in its action labels. */
export function rowName(
  row: Pick<DashboardPublicationRow, "volume" | "number" | "show_number">,
): string {
  return volumeNumber(row.volume, row.number, row.show_number);
}

const HEADERS = [
  msg("Publication/Issue"),
  msg("Date Uploaded"),
  msg("No. of Papers"),
  msg("Actions"),
] as const;

const cellClass = "block px-0 py-1 align-top sm:table-cell sm:px-4 sm:py-3";

/** The column name (translated) shown beside a value in the stacked (phone) layout only. */
function StackLabel({ children }: { children: string }) {
  const t = useT();
  return (
    <span className="me-1 font-semibold text-slate-700 sm:hidden">
      {t("{label}:", { label: children })}
    </span>
  );
}

export function PublicationsTable({
  rows,
  busyAction,
  onApiAction,
}: {
  rows: DashboardPublicationRow[];
  /** The `link` of the api action running now; every action button waits meanwhile. */
  busyAction: string | null;
  onApiAction: (action: RowAction, row: DashboardPublicationRow) => void;
}) {
  const t = useT();
  return (
    // biome-ignore lint/a11y/noRedundantRoles: display:block on phones drops the implicit role
    <table role="table" className="block w-full text-start text-sm sm:table">
      <thead className="hidden border-b-2 border-slate-300 sm:table-header-group">
        <tr>
          {HEADERS.map((header) => (
            <th
              key={header}
              scope="col"
              className="px-4 py-3 font-semibold whitespace-nowrap text-slate-800"
            >
              {t(header)}
            </th>
          ))}
        </tr>
      </thead>
      {/* biome-ignore lint/a11y/noRedundantRoles: display:block on phones drops the implicit role */}
      <tbody role="rowgroup" className="block space-y-4 sm:table-row-group sm:space-y-0">
        {rows.map((row) => (
          <tr
            key={row.id}
            // biome-ignore lint/a11y/noRedundantRoles: display:block on phones drops the implicit role
            role="row"
            className="block rounded-sm border border-slate-200 bg-white p-4 shadow-xs sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0 sm:shadow-none sm:even:bg-slate-50"
          >
            {/* biome-ignore lint/a11y/noRedundantRoles: display:block on phones drops the implicit role */}
            <td role="cell" className={`${cellClass} sm:min-w-56`}>
              <span className="font-serif text-base font-semibold text-slate-900">
                {rowName(row)}{" "}
                {/* the publication date, not the day it went online (issue 34) */}
                <DateText value={row.publication_date || row.published_on} />
              </span>
              {row.status !== "published" ? (
                <span className={`${badgeClass} ms-2 align-middle`}>{t("Draft")}</span>
              ) : null}
              {row.title ? (
                <span className="mt-0.5 block break-words text-slate-600">{row.title}</span>
              ) : null}
            </td>
            {/* biome-ignore lint/a11y/noRedundantRoles: display:block on phones drops the implicit role */}
            <td role="cell" className={`${cellClass} whitespace-nowrap`}>
              <StackLabel>{t("Date Uploaded")}</StackLabel>
              <DateText value={row.uploaded_on} />
            </td>
            {/* biome-ignore lint/a11y/noRedundantRoles: display:block on phones drops the implicit role */}
            <td role="cell" className={`${cellClass} sm:text-end`}>
              <StackLabel>{t("No. of Papers")}</StackLabel>
              {row.no_of_papers}
            </td>
            {/* biome-ignore lint/a11y/noRedundantRoles: display:block on phones drops the implicit role */}
            <td role="cell" className={`${cellClass} pt-3 sm:pt-3`}>
              <ul
                className="flex flex-wrap gap-2"
                aria-label={t("Actions of {name}", { name: rowName(row) })}
              >
                {row.actions.map((action) => (
                  <li key={`${action.label} ${action.link}`}>
                    <RowActionControl
                      action={action}
                      row={row}
                      busy={busyAction === action.link}
                      disabled={busyAction !== null}
                      onApiAction={onApiAction}
                    />
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RowActionControl({
  action,
  row,
  busy,
  disabled,
  onApiAction,
}: {
  action: RowAction;
  row: DashboardPublicationRow;
  busy: boolean;
  disabled: boolean;
  onApiAction: (action: RowAction, row: DashboardPublicationRow) => void;
}) {
  const t = useT();
  const className = buttonClass("secondary", "min-h-9 px-3 py-1.5");
  // Several rows share labels ('Edit'); the hidden suffix names the row (WCAG 2.4.4).
  const suffix = <span className="sr-only">: {rowName(row)}</span>;
  if (action.link_type !== "api") {
    return (
      <Link to={action.link} className={className}>
        {t(action.label)}
        {suffix}
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onApiAction(action, row)}
      disabled={disabled}
      aria-busy={busy || undefined}
      className={className}
    >
      {busy ? <Spinner /> : null}
      {t(action.label)}
      {suffix}
    </button>
  );
}
