/**
 * Create publication, /dashboard/create_publication/{journal} (docs/product/screens.md, docs/product/validation.md and docs/product/api.md): Volume
 * Number, Issue Number, Publication Title (optional), Publication Year, Cover Image (required)
 * and Editor(s); 'Create' / 'Creating...'; POST /api/create_publication/{journal}. Success goes
 * to /dashboard/{journal}/publications; a failure shows the server's msg (a volume/number the
 * journal already has is a 409 naming it), else 'Publication Submission failed', under the form.
 *
 * The journal's name heads the page (GET /api/get_journal/{journal}, which shows a signed-in
 * manager inactive journals too); when it cannot be loaded the page shows the message full-page.
 */
import { useNavigate } from "react-router";
import { MESSAGES } from "../../../shared/constants.ts";
import { PublicationForm } from "../../components/dashboard/publication-form.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { loadJournalName, loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/create-publication";

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => ({
    journalName: await loadJournalName(get, params.journal),
  }));
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Create Publication");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the form…" />;
}

export default function CreatePublication({ loaderData, params }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  return (
    <DashboardScreen kicker={loaderData.data.journalName} title="Create Publication">
      <PublicationForm
        submitPath={`/create_publication/${encodeURIComponent(params.journal)}`}
        initial={{ volume: "", issue: "", title: "", year: "", editors: [] }}
        coverRequired
        submitLabel="Create"
        busyLabel="Creating..."
        failureMessage={MESSAGES.publicationSubmissionFailed}
        onDone={() => navigate(`/dashboard/${params.journal}/publications`)}
      />
    </DashboardScreen>
  );
}
