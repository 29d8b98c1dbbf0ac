/**
 * Add a conference paper, /dashboard/add_proceeding_paper/{proceeding} (issue 8; decision 202):
 * the journal paper form (`PaperForm`) without the Publication select and with First Page and
 * Last Page; POST /api/create_proceeding_paper/{proceeding}. Success shows 'Paper Created
 * Successfully.' with Open and Edit links and clears the form; a failure shows the server's
 * msg, else 'Paper Submission failed', under the form. A failed load shows its message
 * full-page.
 */

import { MESSAGES } from "../../../shared/constants.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { mirrorAction } from "../../components/dashboard/form-action.ts";
import { EMPTY_PAPER, PaperForm } from "../../components/dashboard/paper-form.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { Link } from "../../components/ui/link.tsx";
import { textLinkClass } from "../../components/ui/styles.ts";
import { useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/add-proceeding-paper";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const { proceeding } = await get(`/get_proceeding/${encodeURIComponent(params.proceeding)}`);
  return proceeding;
});

export const clientAction = mirrorAction(
  "POST /create_proceeding_paper/:proceeding",
  MESSAGES.paperSubmissionFailed,
);

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Add Paper"));
}

export const HydrateFallback = screenFallback(msg("Loading the form…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function AddProceedingPaper({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const proceeding = loaderData;
  const id = params.proceeding;
  return (
    <DashboardScreen
      kicker={
        <Link to={`/dashboard/proceeding_papers/${id}`} className="hover:underline">
          {proceeding.title}
        </Link>
      }
      title={t("Add New {name} Paper", { name: proceeding.event_name })}
      lead={
        <Link to={`/dashboard/proceeding_papers/${id}`} className={textLinkClass}>
          {t("Back to the proceeding's papers")}
        </Link>
      }
    >
      <PaperForm
        openLink={(paperID) => `/proceedings/${proceeding.slug}/${paperID}`}
        editLink={(paperID) => `/dashboard/edit_proceeding_paper/${id}/${paperID}`}
        publications={null}
        initial={EMPTY_PAPER}
        mode="add"
      />
    </DashboardScreen>
  );
}
