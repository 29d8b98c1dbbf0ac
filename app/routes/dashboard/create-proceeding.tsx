/**
 * Create proceeding, /dashboard/create_proceeding (docs/product/screens.md): the proceeding form
 * (app/components/dashboard/proceeding-form.tsx) with the events of GET
 * /api/get_proceeding_events; POST /api/create_proceedings. 'Create' / 'Creating...'; success
 * goes to /dashboard/proceedings (with the server's msg shown there once); failure shows the
 * server's msg or 'Proceedings Submission failed' below the form. When the events cannot be
 * loaded the page shows the server's msg or 'Not Authorised to Access This Page'.
 */
import { useNavigate } from "react-router";
import type { ProceedingEventItem } from "../../../shared/api.ts";
import { flashState } from "../../components/dashboard/flash.tsx";
import { ProceedingForm } from "../../components/dashboard/proceeding-form.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/create-proceeding";

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    const { proceeding_events } = await get<{ proceeding_events: ProceedingEventItem[] }>(
      "/get_proceeding_events",
    );
    return proceeding_events;
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Create New Proceeding");
}

export function HydrateFallback() {
  return <DashboardLoading />;
}

export default function CreateProceeding({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  return (
    <DashboardScreen title="Create New Proceeding" kicker="Proceedings">
      <ProceedingForm
        mode="create"
        events={loaderData.data}
        onSaved={(msg) => navigate("/dashboard/proceedings", { state: flashState(msg) })}
      />
    </DashboardScreen>
  );
}
