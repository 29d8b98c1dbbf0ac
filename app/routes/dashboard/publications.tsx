/**
 * Dashboard Publications list, /dashboard/{journal}/publications (docs/product/screens.md, docs/product/states.md and docs/product/errors.md): a
 * 'Create New Publication' link to /dashboard/create_publication/{journal} and the table of the
 * journal's issues, drafts included (GET /api/get_publications/{journal}), with the server's row
 * actions. An 'api' action is called by GET (`/api` + link) and the list then reloads; a
 * 'Delete' one (its link ends in `/delete`: its label may come translated) asks first
 * (docs/decisions/081-publication-row-actions.md). The action's answer
 * is shown above the table. When the list cannot be loaded, the server's msg, else 'Not
 * Authorised to Access This Page', replaces it full-page.
 */
import type { DashboardPublicationRow, RowAction } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { contractPath } from "../../../shared/contract.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { translatorFor } from "../../../shared/i18n/translator.ts";
import { useConfirm } from "../../components/dashboard/confirm-dialog.tsx";
import { FlashMessage } from "../../components/dashboard/flash.tsx";
import { formAction, useFormAction } from "../../components/dashboard/form-action.ts";
import { PublicationsTable, rowName } from "../../components/dashboard/publications-table.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { FormNotice, LiveMessages } from "../../components/forms/index.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import { localeOf } from "../../lib/root-data.ts";
import type { Route } from "./+types/publications";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const { publications, journal_name } = await get(
    `/get_publications/${encodeURIComponent(params.journal)}`,
  );
  return { journalName: journal_name, rows: publications };
});

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.journalName;
  const t = translatorFor(localeOf(matches));
  return dashboardMeta(matches, name ? t("{name} Publications", { name }) : msg("Publications"));
}

export const HydrateFallback = screenFallback(msg("Loading the publications…"));
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
  const t = useT();
  const { ask, dialog } = useConfirm();
  const rowAction = useFormAction();
  const pending = rowAction.pending?.link;
  const busyAction = typeof pending === "string" ? pending : null;

  const { journalName, rows } = loaderData;

  async function runAction(action: RowAction, row: DashboardPublicationRow) {
    if (action.link.endsWith("/delete")) {
      const ok = await ask({
        title: t("Delete publication"),
        message: t("Are you sure you want to delete this publication?"),
        detail: t("{issue} of {journal}, with its cover and editorial board.", {
          issue: rowName(row),
          journal: journalName,
        }),
        confirmLabel: t("Delete"),
      });
      if (!ok) return;
    }
    rowAction.submit("row", { link: action.link });
  }

  return (
    <DashboardScreen
      kicker={journalName}
      title={t("Publications")}
      lead={t("{count, plural, one {# publication} other {# publications}}, drafts included.", {
        count: rows.length,
      })}
      actions={
        <>
          <ButtonLink to={`/dashboard/create_publication/${params.journal}`}>
            {t("Create New Publication")}
          </ButtonLink>
          {/* the journal's editorial queue (decision 400) */}
          <ButtonLink to={`/dashboard/submissions_queue/${params.journal}`} variant="secondary">
            {t("Submissions")}
          </ButtonLink>
        </>
      }
    >
      {dialog}
      <FlashMessage className="mb-5" />
      <LiveMessages className="mb-5">
        <FormNotice notice={rowAction.notice} />
      </LiveMessages>
      {rows.length === 0 ? (
        <EmptyNote>
          {t("No publications yet. Create the first issue of {journal}.", {
            journal: journalName,
          })}
        </EmptyNote>
      ) : (
        <PublicationsTable rows={rows} busyAction={busyAction} onApiAction={runAction} />
      )}
    </DashboardScreen>
  );
}
