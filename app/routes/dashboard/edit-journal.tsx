/**
 * Edit journal, /dashboard/edit_journal/{journal} (docs/product/screens.md, docs/product/states.md and docs/product/api.md): the journal from
 * GET /api/dashboard/get_journal/{uri} (inactive ones too; 403 for a journal of another
 * manager) in two tabs,
 * 'Main Details' and 'Submission Info', each its own form:
 *
 * - Main Details (POST /api/edit_journal/1): the Active toggle (sent as `journal_active` Y/N),
 *   Journal Name, Journal Abbreviation, Journal URI, Journal Cover Image (optional), Publisher,
 *   Publishing Frequency, ISSN, Journal Introduction (Summary); `primary_journal_uri` names the
 *   journal being edited. A new URI moves the screen to /dashboard/edit_journal/{new uri}.
 * - Submission Info (POST /api/edit_journal/2): the six guideline and contact fields.
 *
 * Buttons 'Submit' / 'Submitting...'. The server's msg is shown below the form on success as on
 * failure (default 'Journal Update failed'); a taken URI is a 409 with its own sentence. When the
 * journal cannot be loaded the page shows the server's msg or 'Not Authorised to Access This
 * Page' (docs/decisions/071-journal-edit-screen.md).
 */
import { type ShouldRevalidateFunctionArgs, useNavigate } from "react-router";
import type { JournalDetail } from "../../../shared/api.ts";
import { FREQUENCIES, MESSAGES } from "../../../shared/constants.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { type JournalEditValues, journalEditFormSchema } from "../../../shared/schemas.ts";
import { formAction, useFormAction } from "../../components/dashboard/form-action.ts";
import { useImageChoice } from "../../components/dashboard/image-file-field.tsx";
import {
  BASICS_KEYS,
  JournalBasicsFields,
  SubmissionInfoForm,
} from "../../components/dashboard/journal-fields.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { applyServerErrors } from "../../components/dashboard/server-errors.ts";
import { Tabs } from "../../components/dashboard/tabs.tsx";
import { FormFooter } from "../../components/forms/index.ts";
import { useSchemaForm } from "../../components/forms/use-schema-form.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { Trans, useT } from "../../i18n/use-t.tsx";
import { loadManagedJournal, screenLoader } from "../../lib/dashboard-load.ts";
import { toFormData } from "../../lib/form-data.ts";
import type { Route } from "./+types/edit-journal";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  return loadManagedJournal(get, params.journal);
});

export const clientAction = formAction((intent) => ({
  path: intent === "main" ? "/edit_journal/1" : "/edit_journal/2",
  failure: MESSAGES.journalUpdateFailed,
}));

/**
 * A renamed journal is not reloaded at its old address: the screen moves to the new one, which
 * loads it (see MainDetailsForm).
 */
export function shouldRevalidate({
  actionResult,
  currentParams,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const uri = (actionResult as { journal_uri?: unknown } | undefined)?.journal_uri;
  if (typeof uri === "string" && uri !== currentParams.journal) return false;
  return defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Edit Journal"));
}

export const HydrateFallback = screenFallback(msg("Loading the journal…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function EditJournal({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const journal = loaderData;
  return (
    <DashboardScreen
      title={t("Edit Journal")}
      kicker={journal.name}
      actions={
        <>
          <ButtonLink to={`/dashboard/${journal.uri}/publications`} variant="secondary">
            {t("Publications")}
          </ButtonLink>
          <ButtonLink to={`/journal/${journal.uri}`} variant="secondary">
            {t("View")}
          </ButtonLink>
        </>
      }
    >
      <Tabs
        label={t("Journal details")}
        items={[
          {
            key: "main",
            label: t("Main Details"),
            content: <MainDetailsForm journal={journal} />,
          },
          {
            key: "submission",
            label: t("Submission Info"),
            content: (
              <SubmissionInfoForm
                journal={journal}
                intent="submission"
                label={t("Submission Info")}
              />
            ),
          },
        ]}
      />
    </DashboardScreen>
  );
}

function frequencyOf(value: string): JournalEditValues["pub_frequency"] {
  return (
    (FREQUENCIES as readonly string[]).includes(value) ? value : ""
  ) as JournalEditValues["pub_frequency"];
}

function MainDetailsForm({ journal }: { journal: JournalDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const cover = useImageChoice({ required: false });
  const { field, handleSubmit, setError, setValue, watch } = useSchemaForm(journalEditFormSchema, {
    journal_active: journal.active ? "Y" : "N",
    journal_name: journal.name,
    abbreviation: journal.abbreviation,
    journal_uri: journal.uri,
    primary_journal_uri: journal.uri,
    publisher: journal.publisher,
    pub_frequency: frequencyOf(journal.frequency),
    subject: journal.subject as JournalEditValues["subject"],
    issn: journal.issn,
    journal_intro: journal.intro,
    license_url: journal.license_url,
    doi_prefix: journal.doi_prefix,
    doi_pattern: journal.doi_pattern,
    preservation: journal.preservation,
    update_policy: journal.update_policy,
    update_policy_doi: journal.update_policy_doi,
    primary_language: journal.primary_language,
    languages: journal.languages,
  });
  const active = watch("journal_active") === "Y";

  const action = useFormAction<{ journal_uri: string }>((result) => {
    if (!result.ok) {
      const rest = applyServerErrors(result.errors, BASICS_KEYS, setError);
      if (rest.cover_img) cover.showError(rest.cover_img);
      return;
    }
    cover.clear();
    // a new URI: the screen moves to the journal's new address (shouldRevalidate)
    if (result.journal_uri !== journal.uri) {
      // the page stays where it is, so the message below the form stays in view (issue 34)
      navigate(`/dashboard/edit_journal/${result.journal_uri}`, {
        replace: true,
        preventScrollReset: true,
      });
    }
  });

  const onSubmit = handleSubmit(
    (values) =>
      action.submit(
        "main",
        toFormData({ ...values, primary_journal_uri: journal.uri }, { cover_img: cover.file }),
      ),
    action.dismiss,
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="max-w-3xl space-y-6"
      aria-label={t("Main Details")}
    >
      <div className="flex items-start gap-3 rounded-sm border border-slate-200 bg-white p-4">
        <input
          id="journal-active"
          type="checkbox"
          role="switch"
          checked={active}
          aria-checked={active}
          aria-describedby="journal-active-hint"
          onChange={(event) =>
            setValue("journal_active", event.target.checked ? "Y" : "N", { shouldDirty: true })
          }
          className="mt-0.5 size-5 shrink-0 accent-brand-800"
        />
        <div>
          <label htmlFor="journal-active" className="font-semibold text-slate-900">
            {t("Active")}
          </label>
          <p id="journal-active-hint" className="text-sm text-slate-600">
            {active
              ? t("Readers see this journal on the site.")
              : t("Hidden from readers; only managers see it.")}
          </p>
        </div>
      </div>
      <JournalBasicsFields
        field={field}
        storedLicence={journal.license_url}
        uriHint={
          <Trans
            id="The journal's address: <0>/journal/{uri}</0>. After a change the old addresses keep working: they redirect to the new ones, and no other journal can take the old URI."
            values={{ uri: watch("journal_uri") }}
            components={{ 0: <span className="font-mono" dir="ltr" /> }}
          />
        }
        cover={cover}
        currentCover={journal.image}
      />
      <FormFooter
        busy={action.busy}
        label={t("Submit")}
        busyLabel={t("Submitting...")}
        notice={action.notice}
      />
    </form>
  );
}
