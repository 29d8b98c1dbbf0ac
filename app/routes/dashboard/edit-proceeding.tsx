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
import { MESSAGES } from "../../../shared/constants.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { flashState } from "../../components/dashboard/flash.tsx";
import { mirrorAction } from "../../components/dashboard/form-action.ts";
import { ProceedingForm } from "../../components/dashboard/proceeding-form.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/edit-proceeding";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const [{ proceeding }, { proceeding_events }] = await Promise.all([
    get(`/get_proceeding/${encodeURIComponent(params.proceeding)}`),
    get("/get_proceeding_events"),
  ]);
  return { proceeding, events: proceeding_events };
});

export const clientAction = mirrorAction(
  "POST /edit_proceeding/:proceeding",
  MESSAGES.proceedingsUpdateFailed,
);

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Edit Proceeding"));
}

export const HydrateFallback = screenFallback(msg("Loading the proceeding…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function EditProceeding({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const { proceeding, events } = loaderData;
  return (
    <DashboardScreen title={t("Edit Proceeding")} kicker={proceeding.title}>
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
