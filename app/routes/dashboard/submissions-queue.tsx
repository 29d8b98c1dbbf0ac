/**
 * `/dashboard/submissions_queue/{journal}`: a journal's submissions for its editors (issue 31;
 * decision 400), oldest submitted first, filtered by status (new, in review, revisions
 * requested, accepted, declined; all by default). Each opens the editor's submission screen.
 * Under the list, the journal's workflow settings and the link to its mail templates.
 */

import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { formatDate } from "../../../shared/i18n/intl.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  QUEUE_STATUSES,
  REVIEW_MODES,
  type ReviewMode,
  STATUS_LABELS,
} from "../../../shared/workflow.ts";
import type { WorkflowSettings } from "../../../shared/workflow-api.ts";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import {
  CheckboxField,
  FormFooter,
  SelectField,
  TextAreaField,
} from "../../components/forms/index.ts";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { Link } from "../../components/ui/link.tsx";
import { textLinkClass, titleLinkClass } from "../../components/ui/styles.ts";
import { CallForm, Section, StatusBadge, useCall } from "../../components/workflow/parts.tsx";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { apiPost } from "../../lib/api.ts";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/submissions-queue";

export const clientLoader = screenLoader(
  async (get, { params, request }: Route.ClientLoaderArgs) => {
    const status = new URL(request.url).searchParams.get("status") ?? "";
    const known = (QUEUE_STATUSES as readonly string[]).includes(status) ? status : "";
    const { submissions, settings } = await get(
      pathOf("GET /dashboard/submissions/:journal", { journal: params.journal }),
      known ? `?status=${known}` : "",
    );
    return { submissions, settings, status: known, journal: params.journal };
  },
);

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Submissions"));
}

export const HydrateFallback = screenFallback(msg("Loading the submissions…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function SubmissionsQueue({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { submissions, settings, status, journal } = loaderData;
  const filters = [
    ["", t("All")] as const,
    ...QUEUE_STATUSES.map((s) => [s, t(STATUS_LABELS[s])] as const),
  ];
  return (
    <DashboardScreen
      title={t("Submissions")}
      kicker={journal}
      lead={t("{count, plural, one {# submission} other {# submissions}}, oldest first.", {
        count: submissions.length,
      })}
    >
      <nav aria-label={t("Filter by status")} className="mb-6 flex flex-wrap gap-3 text-sm">
        {filters.map(([value, label]) => (
          <Link
            key={value || "all"}
            to={`/dashboard/submissions_queue/${journal}${value ? `?status=${value}` : ""}`}
            className={textLinkClass}
            aria-current={value === status ? "page" : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      {submissions.length === 0 ? (
        <EmptyNote>{t("No submissions here.")}</EmptyNote>
      ) : (
        <ul className="space-y-4" aria-label={t("Submissions")}>
          {submissions.map((s) => (
            <li key={s.id} className="rounded-sm border border-slate-200 bg-white p-4">
              <StatusBadge status={s.status} />
              <h2 className="mt-2 font-serif text-lg">
                <Link to={`/dashboard/editor_submission/${s.id}`} className={titleLinkClass}>
                  {s.title}
                </Link>
              </h2>
              <p className="text-sm text-slate-600">
                {s.author_name}
                {s.submitted_at ? ` · ${formatDate(s.submitted_at.slice(0, 10), locale)}` : ""}
                {s.round > 0 ? ` · ${t("round {round}", { round: s.round })}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      <SettingsForm journal={journal} settings={settings} />
    </DashboardScreen>
  );
}

/** The journal's workflow settings: accepting submissions, review mode, checklist. */
function SettingsForm({ journal, settings }: { journal: string; settings: WorkflowSettings }) {
  const t = useT();
  const { busy, notice, run } = useCall(MESSAGES.somethingWentWrong);
  const modes: Record<ReviewMode, string> = {
    open: t("Open: reviewers and authors see each other's names"),
    anonymous_reviewer: t("Anonymous reviewer: authors do not learn who reviewed"),
    double_anonymous: t("Double-anonymous: neither sees the other's name"),
  };
  return (
    <Section title={t("Workflow settings")}>
      <CallForm
        onData={async (data) => {
          await run(() =>
            apiPost(
              pathOf("POST /dashboard/workflow_settings/:journal", { journal }),
              {
                accepts_submissions: data.get("accepts_submissions") === "on",
                review_mode: String(data.get("review_mode")) as ReviewMode,
                submission_checklist: String(data.get("submission_checklist") ?? ""),
                show_workflow_figures: data.get("show_workflow_figures") === "on",
              },
              MESSAGES.somethingWentWrong,
            ),
          );
        }}
      >
        <CheckboxField
          name="accepts_submissions"
          label={t("The journal accepts submissions")}
          defaultChecked={settings.accepts_submissions}
        />
        <CheckboxField
          name="show_workflow_figures"
          label={t("Show the editorial figures on the journal's page")}
          defaultChecked={settings.show_workflow_figures}
        />
        <SelectField
          label={t("Review mode")}
          name="review_mode"
          defaultValue={settings.review_mode}
        >
          {REVIEW_MODES.map((m) => (
            <option key={m} value={m}>
              {modes[m]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t("Submission checklist")}
          name="submission_checklist"
          optional
          rows={4}
          hint={t("One item a line; authors tick each before submitting.")}
          defaultValue={settings.submission_checklist}
        />
        <FormFooter
          busy={busy}
          label={t("Save settings")}
          busyLabel={t("Saving...")}
          notice={notice}
        />
      </CallForm>
      <p className="text-sm">
        <Link to={`/dashboard/mail_templates/${journal}`} className={textLinkClass}>
          {t("Edit the mail templates")}
        </Link>
      </p>
    </Section>
  );
}
