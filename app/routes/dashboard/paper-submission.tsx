/**
 * Paper submission, /dashboard/paper_submission/{journal} (docs/product/screens.md, docs/product/validation.md and docs/product/api.md): heading
 * 'Add New {journal name} Paper'; Publication (options `value,label` from GET
 * /api/get_publications/{journal}/Y, drafts included for a manager), Title, DOI Number,
 * Abstract, Keywords, Paper File (PDF, required) and Author(s); 'Submit' / 'Submitting...'
 * (docs/decisions/084-paper-forms.md); POST /api/create_paper/{journal}. Success shows 'Paper
 * Created Successfully.' and clears the form, file and authors included, keeping the chosen
 * issue for the next paper; a failure shows the
 * server's msg, else 'Paper Submission failed', under the form. `?publication={id}` preselects
 * an issue (the dashboard publication page's 'Add Paper' link). A failed load shows its message
 * full-page.
 */
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { MESSAGES } from "../../../shared/constants.ts";
import { paperLink } from "../../../shared/format.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { type Translate, translatorFor } from "../../../shared/i18n/translator.ts";
import { mirrorAction } from "../../components/dashboard/form-action.ts";
import {
  EMPTY_PAPER,
  loadPaperFormData,
  PaperForm,
} from "../../components/dashboard/paper-form.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import { localeOf } from "../../lib/root-data.ts";
import type { Route } from "./+types/paper-submission";

export const clientLoader = screenLoader((get, { params }: Route.ClientLoaderArgs) =>
  loadPaperFormData(get, params.journal),
);

export const clientAction = mirrorAction(
  "POST /create_paper/:journal",
  MESSAGES.paperSubmissionFailed,
);

/** The heading of docs/product/screens.md: 'Add New {journal} Paper', in `t`'s language. */
export const submissionHeading = (journalName: string, t: Translate) =>
  t("Add New {name} Paper", { name: journalName });

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.journalName;
  const t = translatorFor(localeOf(matches));
  return dashboardMeta(matches, name ? submissionHeading(name, t) : msg("Add Paper"));
}

export const HydrateFallback = screenFallback(msg("Loading the form…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function PaperSubmission({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const [search] = useSearchParams();
  const preselected = search.get("publication") ?? "";
  const known = loaderData.publications.some((p) => String(p.value) === preselected);
  const { journalLicence } = loaderData;
  // a new paper starts with the journal's licence (decision 257)
  const initial = useMemo(
    () => ({
      ...EMPTY_PAPER,
      sel_publication: known ? preselected : "",
      scholarly: { ...EMPTY_PAPER.scholarly, license_url: journalLicence },
    }),
    [known, preselected, journalLicence],
  );
  const { journalName, publications } = loaderData;
  return (
    <DashboardScreen kicker={journalName} title={submissionHeading(journalName, t)}>
      <PaperForm
        openLink={(id) => paperLink(params.journal, id)}
        editLink={(id) => `/dashboard/edit_paper/${params.journal}/${id}`}
        publications={publications}
        initial={initial}
        mode="add"
      />
    </DashboardScreen>
  );
}
