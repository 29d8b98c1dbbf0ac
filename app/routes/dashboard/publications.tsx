/**
 * Dashboard Publications list, /dashboard/{journal}/publications (docs/product/screens.md, docs/product/states.md and docs/product/errors.md): a
 * 'Create New Publication' link to /dashboard/create_publication/{journal} and the table of the
 * journal's issues, drafts included (GET /api/get_publications/{journal}), with the server's row
 * actions. An 'api' action is called by GET (`/api` + link) and the list then reloads; a
 * 'Delete' one asks first (docs/decisions/081-publication-row-actions.md). The action's answer
 * is shown above the table. When the list cannot be loaded, the server's msg, else 'Not
 * Authorised to Access This Page', replaces it full-page.
 */
import type { DashboardPublicationRow, RowAction } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { contractPath } from "../../../shared/contract.ts";
import { useConfirm } from "../../components/dashboard/confirm-dialog.tsx";
import { formAction, useFormAction } from "../../components/dashboard/form-action.ts";
import { PublicationsTable, rowName } from "../../components/dashboard/publications-table.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { FormNotice } from "../../components/forms/index.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/publications";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const { publications, journal_name } = await get(
    `/get_publications/${encodeURIComponent(params.journal)}`,
  );
  return { journalName: journal_name, rows: publications };
});

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.journalName;
  return dashboardMeta(matches, name ? `${name} Publications` : "Publications");
}

export const HydrateFallback = screenFallback("Loading the publications…");
export const ErrorBoundary = ScreenErrorBoundary;

/**
 * A row action: GET of the link the server gave (`/api` + link); the list reloads whatever the
 * answer, since another manager may have changed it meanwhile.
 */
export const clientAction = formAction((_, __, fields) => ({
  // the row action's link as the server gave it (link_type "api"), checked against the contract
  path: contractPath("GET", String((fields as { link?: unknown }).link ?? "")),
  failure: MESSAGES.somethingWentWrong,
  method: "GET",
  reloadOnFailure: true,
}));

export default function DashboardPublications({ loaderData, params }: Route.ComponentProps) {
  const { ask, dialog } = useConfirm();
  const rowAction = useFormAction();
  const pending = rowAction.pending?.link;
  const busyAction = typeof pending === "string" ? pending : null;

  const { journalName, rows } = loaderData;

  async function runAction(action: RowAction, row: DashboardPublicationRow) {
    if (/^delete$/i.test(action.label)) {
      const ok = await ask({
        title: "Delete publication",
        message: "Are you sure you want to delete this publication?",
        detail: `${rowName(row)} of ${journalName}, with its cover and editorial board.`,
        confirmLabel: "Delete",
      });
      if (!ok) return;
    }
    rowAction.submit("row", { link: action.link });
  }

  return (
    <DashboardScreen
      kicker={journalName}
      title="Publications"
      lead={`${rows.length} ${rows.length === 1 ? "publication" : "publications"}, drafts included.`}
      actions={
        <ButtonLink to={`/dashboard/create_publication/${params.journal}`}>
          Create New Publication
        </ButtonLink>
      }
    >
      {dialog}
      <div className="empty:hidden mb-5">
        <FormNotice notice={rowAction.notice} />
      </div>
      {rows.length === 0 ? (
        <EmptyNote>No publications yet. Create the first issue of {journalName}.</EmptyNote>
      ) : (
        <PublicationsTable rows={rows} busyAction={busyAction} onApiAction={runAction} />
      )}
    </DashboardScreen>
  );
}
