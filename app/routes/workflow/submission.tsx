/**
 * `/submissions/{id}`: one submission as its author sees it (issue 31; decision 400): status,
 * files, the decisions with the mails (and so the reviewers' comments meant for authors) and the
 * reviewers' files marked for the author beside them (neutral names; decision 520), the history; when revisions are requested, the form for the revised manuscript and a response.
 */
import { useRevalidator } from "react-router";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { FormFooter, TextAreaField, TextField } from "../../components/forms/index.ts";
import {
  CallForm,
  Decisions,
  FileList,
  History,
  Section,
  StatusBadge,
  useCall,
} from "../../components/workflow/parts.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { apiPostForm } from "../../lib/api.ts";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/submission";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const { submission } = await get(pathOf("GET /submission/:id", { id: params.id }));
  return submission;
}, msg("There is no such submission."));

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Your submission"));
}

export const HydrateFallback = screenFallback(msg("Loading the submission…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function AuthorSubmission({ loaderData: s }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const { busy, notice, run } = useCall(MESSAGES.somethingWentWrong);
  return (
    <DashboardScreen
      title={s.metadata.title}
      kicker={s.journal.name}
      lead={<StatusBadge status={s.status} />}
    >
      {s.status === "revisions_requested" ? (
        <Section title={t("Send your revision")}>
          <CallForm
            multipart
            onData={async (form) => {
              const ok = await run(() =>
                apiPostForm(
                  pathOf("POST /submission/:id/revise", { id: String(s.id) }),
                  form,
                  MESSAGES.somethingWentWrong,
                ),
              );
              if (ok) await revalidator.revalidate();
            }}
          >
            <TextField
              label={t("Revised manuscript (PDF, Word or ODT)")}
              name="file"
              type="file"
              accept=".pdf,.doc,.docx,.odt"
              required
            />
            <TextAreaField
              label={t("Your response to the reviews")}
              name="response"
              rows={6}
              required
            />
            <FormFooter
              busy={busy}
              label={t("Send revision")}
              busyLabel={t("Sending...")}
              notice={notice}
            />
          </CallForm>
        </Section>
      ) : notice ? (
        <p role="status">{t(notice.msg)}</p>
      ) : null}
      <Section title={t("Decisions")}>
        <Decisions submissionId={s.id} items={s.decisions} />
      </Section>
      <Section title={t("Files")}>
        <FileList submissionId={s.id} files={s.files} />
      </Section>
      <Section title={t("History")}>
        <History items={s.history} />
      </Section>
    </DashboardScreen>
  );
}
