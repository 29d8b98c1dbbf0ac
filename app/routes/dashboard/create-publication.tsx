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
import { msg } from "../../../shared/i18n/messages.ts";
import { flashState } from "../../components/dashboard/flash.tsx";
import { mirrorAction } from "../../components/dashboard/form-action.ts";
import { PublicationForm } from "../../components/dashboard/publication-form.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { loadJournalName, screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/create-publication";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => ({
  journalName: await loadJournalName(get, params.journal),
}));

export const clientAction = mirrorAction(
  "POST /create_publication/:journal",
  MESSAGES.publicationSubmissionFailed,
);

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Create Publication"));
}

export const HydrateFallback = screenFallback(msg("Loading the form…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function CreatePublication({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DashboardScreen kicker={loaderData.journalName} title={t("Create Publication")}>
      <PublicationForm
        initial={{ volume: "", issue: "", title: "", year: "", editors: [] }}
        coverRequired
        submitLabel={t("Create")}
        busyLabel={t("Creating...")}
        onDone={(message) =>
          navigate(`/dashboard/${params.journal}/publications`, { state: flashState(message) })
        }
      />
    </DashboardScreen>
  );
}
