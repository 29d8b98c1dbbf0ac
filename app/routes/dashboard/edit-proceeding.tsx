/**
 * Edit proceeding, /dashboard/edit_proceeding/{proceeding} (docs/product/screens.md): the proceeding
 * form prefilled from GET /api/get_proceeding/{id}, its event select listing the events of GET
 * /api/get_proceeding_events plus 'New Event'; POST /api/edit_proceeding/{id} with
 * `primary_event_id`. 'Update' / 'Updating...'; success goes back to /dashboard/proceedings (as
 * Create does, and as Edit publication does in the spec) with the server's msg shown there
 * once; failure shows the server's msg or 'Proceedings Update failed' below the form. When the
 * proceeding cannot be loaded the page shows the server's msg or 'Not Authorised to Access This
 * Page'.
 */
import { useNavigate } from "react-router";
import type { ProceedingEdit, ProceedingEventItem } from "../../../shared/api.ts";
import { flashState } from "../../components/dashboard/flash.tsx";
import { ProceedingForm } from "../../components/dashboard/proceeding-form.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/edit-proceeding";

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    const [{ proceeding }, { proceeding_events }] = await Promise.all([
      get<{ proceeding: ProceedingEdit }>(
        `/get_proceeding/${encodeURIComponent(params.proceeding)}`,
      ),
      get<{ proceeding_events: ProceedingEventItem[] }>("/get_proceeding_events"),
    ]);
    return { proceeding, events: proceeding_events };
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Edit Proceeding");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the proceeding…" />;
}

export default function EditProceeding({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const { proceeding, events } = loaderData.data;
  return (
    <DashboardScreen title="Edit Proceeding" kicker={proceeding.title}>
      <ProceedingForm
        key={proceeding.id}
        mode="edit"
        proceeding={proceeding}
        events={events}
        onSaved={(msg) => navigate("/dashboard/proceedings", { state: flashState(msg) })}
      />
    </DashboardScreen>
  );
}
