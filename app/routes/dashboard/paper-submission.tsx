/**
 * Paper submission, /dashboard/paper_submission/{journal} (spec sections 2, 5 and 7): heading
 * 'Add New {journal name} Paper'; Publication (options `value,label` from GET
 * /api/get_publications/{journal}/Y, drafts included for a manager), Title, DOI Number,
 * Abstract, Keywords, Paper File (PDF, required) and Author(s); 'Submit' / 'Submitting...'
 * (docs/decisions/084-paper-forms.md); POST /api/create_paper/{journal}. Success shows 'Paper
 * Created Successfully.' and clears the form, file and authors included; a failure shows the
 * server's msg, else 'Paper Submission failed', under the form. `?publication={id}` preselects
 * an issue (the dashboard publication page's 'Add Paper' link). A failed load shows its message
 * full-page.
 */
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import type { JournalDetail, PublicationOption } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { EMPTY_PAPER, PaperForm } from "../../components/dashboard/paper-form.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
  type Loaded,
} from "../../components/dashboard/screen.tsx";
import { apiGet, errorMessage, isAbort } from "../../lib/api.ts";
import type { Route } from "./+types/paper-submission";

type SubmissionData = { journalName: string; publications: PublicationOption[] };

export async function clientLoader({
  params,
  request,
}: Route.ClientLoaderArgs): Promise<Loaded<SubmissionData>> {
  const journal = encodeURIComponent(params.journal);
  const options = { signal: request.signal };
  try {
    const [journalAnswer, list] = await Promise.all([
      apiGet<{ journal: JournalDetail }>(
        `/get_journal/${journal}`,
        MESSAGES.notAuthorised,
        options,
      ),
      apiGet<{ publications: PublicationOption[] }>(
        `/get_publications/${journal}/Y`,
        MESSAGES.notAuthorised,
        options,
      ),
    ]);
    return {
      data: { journalName: journalAnswer.journal.name, publications: list.publications },
      error: null,
    };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { data: null, error: errorMessage(error, MESSAGES.notAuthorised) };
  }
}
clientLoader.hydrate = true as const;

/** The heading of spec section 2: 'Add New {journal} Paper'. */
export const submissionHeading = (journalName: string) => `Add New ${journalName} Paper`;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.data?.journalName;
  return dashboardMeta(matches, name ? submissionHeading(name) : "Add Paper");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the form…" />;
}

export default function PaperSubmission({ loaderData, params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const preselected = search.get("publication") ?? "";
  const known = loaderData.data?.publications.some((p) => String(p.value) === preselected);
  const initial = useMemo(
    () => ({ ...EMPTY_PAPER, sel_publication: known ? preselected : "" }),
    [known, preselected],
  );
  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const { journalName, publications } = loaderData.data;
  return (
    <DashboardScreen kicker={journalName} title={submissionHeading(journalName)}>
      <PaperForm
        journalUrl={params.journal}
        publications={publications}
        submitPath={`/create_paper/${encodeURIComponent(params.journal)}`}
        initial={initial}
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
