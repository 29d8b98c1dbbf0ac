/**
 * Add a conference paper, /dashboard/add_proceeding_paper/{proceeding} (issue 8; decision 202):
 * the journal paper form (`PaperForm`) without the Publication select and with First Page and
 * Last Page; POST /api/create_proceeding_paper/{proceeding}. Success shows 'Paper Created
 * Successfully.' with Open and Edit links and clears the form; a failure shows the server's
 * msg, else 'Paper Submission failed', under the form. A failed load shows its message
 * full-page.
 */
import { Link } from "react-router";
import type { ProceedingEdit } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { EMPTY_PAPER, PaperForm } from "../../components/dashboard/paper-form.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { textLinkClass } from "../../components/ui/styles.ts";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/add-proceeding-paper";

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    const { proceeding } = await get<{ proceeding: ProceedingEdit }>(
      `/get_proceeding/${encodeURIComponent(params.proceeding)}`,
    );
    return proceeding;
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Add Paper");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the form…" />;
}

export default function AddProceedingPaper({ loaderData, params }: Route.ComponentProps) {
  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const proceeding = loaderData.data;
  const id = params.proceeding;
  return (
    <DashboardScreen
      kicker={
        <Link to={`/dashboard/proceeding_papers/${id}`} className="hover:underline">
          {proceeding.title}
        </Link>
      }
      title={`Add New ${proceeding.event_name} Paper`}
      lead={
        <Link to={`/dashboard/proceeding_papers/${id}`} className={textLinkClass}>
          Back to the proceeding's papers
        </Link>
      }
    >
      <PaperForm
        openLink={(paperID) => `/proceedings/${proceeding.slug}/${paperID}`}
        editLink={(paperID) => `/dashboard/edit_proceeding_paper/${id}/${paperID}`}
        publications={null}
        submitPath={`/create_proceeding_paper/${encodeURIComponent(id)}`}
        initial={EMPTY_PAPER}
        fileRequired
        submitLabel="Submit"
        busyLabel="Submitting..."
        successMessage={MESSAGES.paperCreated}
        failureMessage={MESSAGES.paperSubmissionFailed}
        clearOnSuccess
      />
    </DashboardScreen>
  );
}
