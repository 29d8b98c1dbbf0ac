/**
 * Dashboard Publications list, /dashboard/{journal}/publications (docs/product/screens.md, docs/product/states.md and docs/product/errors.md): a
 * 'Create New Publication' link to /dashboard/create_publication/{journal} and the table of the
 * journal's issues, drafts included (GET /api/get_publications/{journal}), with the server's row
 * actions. An 'api' action is called by GET (`/api` + link) and the list then reloads; a
 * 'Delete' one asks first (docs/decisions/081-publication-row-actions.md). The action's answer
 * is shown above the table. When the list cannot be loaded, the server's msg, else 'Not
 * Authorised to Access This Page', replaces it full-page.
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { DashboardPublicationRow, RowAction } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { useConfirm } from "../../components/dashboard/confirm-dialog.tsx";
import { PublicationsTable, rowName } from "../../components/dashboard/publications-table.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { FormError, FormSuccess } from "../../components/forms/index.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { apiAction, errorMessage } from "../../lib/api.ts";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/publications";

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    const { publications, journal_name } = await get<{
      publications: DashboardPublicationRow[];
      journal_name: string;
    }>(`/get_publications/${encodeURIComponent(params.journal)}`);
    return { journalName: journal_name, rows: publications };
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.data?.journalName;
  return dashboardMeta(matches, name ? `${name} Publications` : "Publications");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the publications…" />;
}

type Outcome = { ok: boolean; message: string };

export default function DashboardPublications({ loaderData, params }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { ask, dialog } = useConfirm();
  const [busyAction, setBusyAction] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const { journalName, rows } = loaderData.data;

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
    setBusyAction(action.link);
    setOutcome(null);
    try {
      const answer = await apiAction(action.link, MESSAGES.somethingWentWrong);
      setOutcome({ ok: true, message: answer.msg });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, MESSAGES.somethingWentWrong) });
    }
    // The list reloads whatever happened: another manager may have changed it meanwhile.
    await revalidator.revalidate();
    setBusyAction(null);
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
      {outcome?.ok ? <FormSuccess message={outcome.message} className="mb-5" /> : null}
      {outcome && !outcome.ok ? <FormError message={outcome.message} className="mb-5" /> : null}
      {rows.length === 0 ? (
        <EmptyNote>No publications yet. Create the first issue of {journalName}.</EmptyNote>
      ) : (
        <PublicationsTable rows={rows} busyAction={busyAction} onApiAction={runAction} />
      )}
    </DashboardScreen>
  );
}
