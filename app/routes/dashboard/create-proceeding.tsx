/**
 * Create proceeding, /dashboard/create_proceeding (docs/product/screens.md): the proceeding form
 * (app/components/dashboard/proceeding-form.tsx) with the events of GET
 * /api/get_proceeding_events; POST /api/create_proceedings. 'Create' / 'Creating...'; success
 * goes to /dashboard/proceedings (with the server's msg shown there once); failure shows the
 * server's msg or 'Proceedings Submission failed' below the form. When the events cannot be
 * loaded the page shows the server's msg or 'Not Authorised to Access This Page'.
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
import type { Route } from "./+types/create-proceeding";

export const clientLoader = screenLoader(async (get) => {
  const { proceeding_events } = await get("/get_proceeding_events");
  return proceeding_events;
});

export const clientAction = mirrorAction(
  "POST /create_proceedings",
  MESSAGES.proceedingsSubmissionFailed,
);

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Create New Proceeding"));
}

export const HydrateFallback = screenFallback();
export const ErrorBoundary = ScreenErrorBoundary;

export default function CreateProceeding({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DashboardScreen title={t("Create New Proceeding")} kicker={t("Proceedings")}>
      <ProceedingForm
        mode="create"
        events={loaderData}
        onSaved={(msg) => navigate("/dashboard/proceedings", { state: flashState(msg) })}
      />
    </DashboardScreen>
  );
}
