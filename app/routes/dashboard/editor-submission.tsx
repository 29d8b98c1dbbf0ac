/**
 * `/dashboard/editor_submission/{submission}`: one submission for its journal's editors (issue 31;
 * decision 400): the metadata and authors, files and versions, the reviews of every round, the
 * decisions the status allows (each mails the author from the journal's template), inviting a
 * reviewer by address, discussion notes, the dated history, and 'Schedule for publication' into
 * a draft issue once accepted.
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { LOCALE_NAMES, LOCALES } from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { DECISION_LABELS, RECOMMENDATION_LABELS } from "../../../shared/workflow.ts";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import {
  EmailField,
  FormFooter,
  FormNotice,
  SelectField,
  TextAreaField,
  TextField,
} from "../../components/forms/index.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import {
  CallForm,
  Decisions,
  FileList,
  History,
  Section,
  StatusBadge,
  useCall,
} from "../../components/workflow/parts.tsx";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { apiPost } from "../../lib/api.ts";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/editor-submission";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const { submission } = await get(pathOf("GET /submission/:id", { id: params.submission }));
  const issues =
    submission.status === "accepted" && submission.paper_id === null
      ? (
          await get(pathOf("GET /get_publications/:journal", { journal: submission.journal.uri }))
        ).publications.filter((p) => p.status === "draft")
      : [];
  return { submission, issues };
});

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Submission"));
}

export const HydrateFallback = screenFallback(msg("Loading the submission…"));
export const ErrorBoundary = ScreenErrorBoundary;

/** Two weeks from today, `YYYY-MM-DD`: the default due date of a review. */
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

export default function EditorSubmission({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const { submission: s, issues } = loaderData;
  const id = String(s.id);
  const decision = useCall(MESSAGES.somethingWentWrong);
  const invite = useCall(MESSAGES.somethingWentWrong);
  const note = useCall(MESSAGES.somethingWentWrong);
  const schedule = useCall(MESSAGES.somethingWentWrong);
  const [message, setMessage] = useState("");
  const authors = (s.metadata.authors ?? []) as Array<Record<string, unknown>>;

  return (
    <DashboardScreen
      title={s.metadata.title}
      kicker={s.journal.name}
      lead={<StatusBadge status={s.status} />}
      actions={
        <ButtonLink to={`/dashboard/submissions_queue/${s.journal.uri}`} variant="secondary">
          {t("Back to the submissions")}
        </ButtonLink>
      }
    >
      <Section title={t("Submission")}>
        <p className="text-sm">
          {t("Submitted by {name}", { name: s.author_name })}
          {s.round > 0 ? ` · ${t("round {round}", { round: s.round })}` : ""}
        </p>
        <ul className="text-sm">
          {authors.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the authors' order is their identity here
            <li key={i}>
              {[a.given_names, a.family_name].filter(Boolean).join(" ") || String(a.name ?? "")}
              {a.email ? ` <${String(a.email)}>` : ""}
            </li>
          ))}
        </ul>
        <p className="whitespace-pre-wrap text-sm">{s.metadata.abstract}</p>
        {s.note_to_editor ? (
          <p className="text-sm">
            <strong>{t("Note to the editor")}:</strong> {s.note_to_editor}
          </p>
        ) : null}
      </Section>

      {s.decisions_available.length > 0 ? (
        <Section title={t("Decision")}>
          <TextAreaField
            label={t("Message to the author")}
            optional
            rows={4}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            hint={t("Added before the reviewers' comments in the mail.")}
          />
          <div className="flex flex-wrap gap-3">
            {s.decisions_available.map((d) => (
              <button
                key={d}
                type="button"
                disabled={decision.busy}
                className={buttonClass(d === "decline" ? "secondary" : "primary")}
                onClick={async () => {
                  const ok = await decision.run(() =>
                    apiPost(
                      pathOf("POST /submission/:id/decision", { id }),
                      { decision: d, message } as never,
                      MESSAGES.somethingWentWrong,
                    ),
                  );
                  if (ok) {
                    setMessage("");
                    await revalidator.revalidate();
                  }
                }}
              >
                {t(DECISION_LABELS[d])}
              </button>
            ))}
          </div>
        </Section>
      ) : null}
      <FormNotice notice={decision.notice} />

      {s.status === "in_review" ? (
        <Section title={t("Invite a reviewer")}>
          <CallForm
            className="grid gap-4 sm:grid-cols-2"
            onData={async (data, target) => {
              const ok = await invite.run(() =>
                apiPost(
                  pathOf("POST /submission/:id/reviewers", { id }),
                  {
                    name: String(data.get("name") ?? ""),
                    email: String(data.get("email") ?? ""),
                    due_on: String(data.get("due_on") ?? ""),
                    locale: String(data.get("locale") ?? ""),
                  } as never,
                  MESSAGES.somethingWentWrong,
                ),
              );
              if (ok) {
                target.reset();
                await revalidator.revalidate();
              }
            }}
          >
            <TextField label={t("Reviewer's name")} name="name" required />
            <EmailField label={t("Reviewer's email")} name="email" required />
            <TextField
              label={t("Review due on")}
              name="due_on"
              type="date"
              required
              defaultValue={inTwoWeeks()}
            />
            <SelectField
              label={t("Language of the invitation")}
              name="locale"
              defaultValue={locale}
            >
              {LOCALES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </SelectField>
            <div className="sm:col-span-2">
              <FormFooter
                busy={invite.busy}
                label={t("Invite")}
                busyLabel={t("Inviting...")}
                notice={invite.notice}
              />
            </div>
          </CallForm>
        </Section>
      ) : null}

      <Section title={t("Reviews")}>
        {s.reviews.length === 0 ? (
          <p className="text-sm text-slate-600">{t("No reviewer invited yet.")}</p>
        ) : (
          <ul className="space-y-3">
            {s.reviews.map((r) => (
              <li key={r.id} className="rounded-sm border border-slate-200 bg-white p-3 text-sm">
                <p>
                  <strong>{r.reviewer_name}</strong> ({r.reviewer_email}) ·{" "}
                  {t("round {round}", { round: r.round })} · {r.status}
                  {r.recommendation ? ` · ${t(RECOMMENDATION_LABELS[r.recommendation])}` : ""}
                </p>
                {r.comments_author ? (
                  <p className="mt-1 whitespace-pre-wrap">{r.comments_author}</p>
                ) : null}
                {r.comments_editor ? (
                  <p className="mt-1 whitespace-pre-wrap text-slate-700">
                    <em>{t("To the editor")}:</em> {r.comments_editor}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {s.status === "accepted" && s.paper_id === null ? (
        <Section title={t("Schedule for publication")}>
          <CallForm
            onData={async (data) => {
              const ok = await schedule.run(() =>
                apiPost(
                  pathOf("POST /submission/:id/schedule", { id }),
                  { sel_publication: Number(data.get("sel_publication")) } as never,
                  MESSAGES.somethingWentWrong,
                ),
              );
              if (ok) await revalidator.revalidate();
            }}
          >
            <SelectField label={t("Draft issue")} name="sel_publication" required>
              {issues.map((p) => (
                <option key={p.id} value={p.id}>
                  {t("Volume {volume}, issue {issue}", { volume: p.volume, issue: p.number })}
                  {p.title ? ` · ${p.title}` : ""}
                </option>
              ))}
            </SelectField>
            <FormFooter
              busy={schedule.busy}
              label={t("Schedule for publication")}
              busyLabel={t("Scheduling...")}
              notice={schedule.notice}
            />
          </CallForm>
        </Section>
      ) : null}
      {s.paper_id !== null ? (
        <p role="status" className="mt-6">
          {t("Scheduled for publication: the paper appears when its issue is published.")}
        </p>
      ) : null}

      <Section title={t("Decisions")}>
        <Decisions submissionId={s.id} items={s.decisions} />
      </Section>
      <Section title={t("Files")}>
        <FileList submissionId={s.id} files={s.files} />
      </Section>
      <Section title={t("Notes")}>
        <ul className="space-y-2 text-sm">
          {s.notes.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: notes are only ever appended
            <li key={i}>
              <strong>{n.author}</strong>: {n.body}
            </li>
          ))}
        </ul>
        <CallForm
          className="space-y-3"
          onData={async (data, target) => {
            const body = String(data.get("body") ?? "");
            const ok = await note.run(() =>
              apiPost(
                pathOf("POST /submission/:id/notes", { id }),
                { body },
                MESSAGES.somethingWentWrong,
              ),
            );
            if (ok) {
              target.reset();
              await revalidator.revalidate();
            }
          }}
        >
          <TextAreaField label={t("New note for the editors")} name="body" rows={3} required />
          <FormFooter
            busy={note.busy}
            label={t("Add note")}
            busyLabel={t("Adding...")}
            notice={note.notice}
          />
        </CallForm>
      </Section>
      <Section title={t("History")}>
        <History items={s.history} />
      </Section>
    </DashboardScreen>
  );
}
