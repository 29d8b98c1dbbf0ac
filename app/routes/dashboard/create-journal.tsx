/**
 * Create journal, /dashboard/create_journal/{section} (docs/product/screens.md, docs/product/states.md and docs/product/validation.md; section 1
 * when none is given). Only the section of the parameter is shown:
 *
 * 1. Journal basics (POST /api/create_journal/1, multipart): Journal Name, Journal
 *    Abbreviation, Journal URI, Journal Cover Image (required, images only), Publisher,
 *    Publishing Frequency, ISSN, Journal Introduction (Summary); all required. The URI is
 *    derived from the name as the manager types, until they edit it themselves. 'Next Step' /
 *    'Submitting...'. The server creates the journal inactive and answers its URI; the screen
 *    goes to /dashboard/create_journal/2?journal={uri}.
 * 2. Guidelines and contacts (POST /api/create_journal/2): Submission Guidelines, Other
 *    Guidelines, Journal Email, Paper Submission Cost, Contact Full Name, Contact Email; all
 *    required. 'Submit' / 'Submitting...'. The journal becomes active; the screen goes to
 *    /dashboard.
 *
 * The URI travels in the address (`?journal=`), so step 2 survives a reload and can be resumed
 * from a bookmark (docs/decisions/070-journal-creation-steps.md). Failures show the server's
 * msg (a taken URI: 409 with its own sentence) else 'Journal Submission failed' below the form;
 * field messages appear under their fields.
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import type { JournalDetail } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  type JournalStep1Input,
  type JournalStep1Values,
  journalStep1FormSchema,
} from "../../../shared/schemas.ts";
import { flashState } from "../../components/dashboard/flash.tsx";
import { formAction, useFormAction } from "../../components/dashboard/form-action.ts";
import { useImageChoice } from "../../components/dashboard/image-file-field.tsx";
import {
  BASICS_KEYS,
  type BasicsKey,
  JournalBasicsFields,
  SubmissionInfoForm,
  uriFromName,
} from "../../components/dashboard/journal-fields.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { screenFallback } from "../../components/dashboard/screen-route.tsx";
import { applyServerErrors } from "../../components/dashboard/server-errors.ts";
import { FormFooter } from "../../components/forms/index.ts";
import { useSchemaForm } from "../../components/forms/use-schema-form.ts";
import { Link } from "../../components/ui/link.tsx";
import { textLinkClass } from "../../components/ui/styles.ts";
import { Trans, useT } from "../../i18n/use-t.tsx";
import { loadManagedJournal, loadScreen } from "../../lib/dashboard-load.ts";
import { toFormData } from "../../lib/form-data.ts";
import type { Route } from "./+types/create-journal";

type Step2State =
  | { kind: "ready"; journal: JournalDetail }
  | { kind: "no-uri" }
  | { kind: "failed"; message: string };

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const section = params.section ?? "1";
  if (section !== "2") return { section, step2: null };
  const uri = new URL(request.url).searchParams.get("journal")?.trim().toLowerCase() ?? "";
  if (!uri) return { section, step2: { kind: "no-uri" } as Step2State };
  const loaded = await loadScreen(
    request,
    (get) => loadManagedJournal(get, uri),
    MESSAGES.pageNotLoading,
  );
  const step2: Step2State =
    loaded.error === null
      ? { kind: "ready", journal: loaded.data }
      : { kind: "failed", message: loaded.error };
  return { section, step2 };
}
clientLoader.hydrate = true as const;

export const clientAction = formAction((_, { params }: Route.ClientActionArgs) => ({
  path: params.section === "2" ? "/create_journal/2" : "/create_journal/1",
  failure: MESSAGES.journalSubmissionFailed,
}));

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Create New Journal"));
}

export const HydrateFallback = screenFallback();

export default function CreateJournal({ loaderData }: Route.ComponentProps) {
  // any other section is a 404 before this renders (app/lib/dashboard-params.ts)
  const t = useT();
  const { section, step2 } = loaderData;
  return (
    <DashboardScreen
      title={t("Create New Journal")}
      kicker={
        section === "1"
          ? t("Step 1 of 2: Journal basics")
          : t("Step 2 of 2: Guidelines and contacts")
      }
    >
      {section === "1" ? <BasicsStep /> : <GuidelinesStep state={step2!} />}
    </DashboardScreen>
  );
}

function BasicsStep() {
  const t = useT();
  const navigate = useNavigate();
  const cover = useImageChoice({
    required: true,
    missing: msg("Choose a cover image for the journal."),
  });
  const [uriEdited, setUriEdited] = useState(false);
  const {
    field: registered,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { isSubmitted },
  } = useSchemaForm(journalStep1FormSchema, {
    journal_name: "",
    abbreviation: "",
    journal_uri: "",
    publisher: "",
    pub_frequency: "" as JournalStep1Values["pub_frequency"],
    subject: "" as JournalStep1Values["subject"],
    issn: "",
    journal_intro: "",
    // open access as Plan S and the DOAJ Seal ask; the manager may choose another (decision 251)
    license_url: "https://creativecommons.org/licenses/by/4.0/",
    doi_prefix: "",
    doi_pattern: "",
    preservation: "",
    update_policy: "",
    update_policy_doi: "",
    primary_language: "en",
    languages: [],
  });

  // the Journal URI follows the name until the manager edits it (decision 070)
  const field = (name: BasicsKey) =>
    registered(name, {
      onChange:
        name === "journal_name"
          ? (event: React.ChangeEvent<HTMLInputElement>) => {
              if (uriEdited) return;
              setValue("journal_uri", uriFromName(event.target.value), {
                shouldValidate: isSubmitted,
              });
            }
          : name === "journal_uri"
            ? (event: React.ChangeEvent<HTMLInputElement>) =>
                setUriEdited(event.target.value !== "")
            : undefined,
    });

  const uri = watch("journal_uri");

  const action = useFormAction<{ journal_uri: string }>((result) => {
    if (result.ok) {
      navigate(`/dashboard/create_journal/2?journal=${encodeURIComponent(result.journal_uri)}`);
      return;
    }
    const rest = applyServerErrors(result.errors, BASICS_KEYS, setError);
    if (rest.cover_img) cover.showError(rest.cover_img);
  });

  const onSubmit = handleSubmit(
    ...cover.checkedSubmit(
      (values: JournalStep1Input) =>
        action.submit("basics", toFormData(values, { cover_img: cover.file })),
      action.dismiss,
    ),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="max-w-3xl space-y-6"
      aria-label={t("Journal basics")}
    >
      <JournalBasicsFields
        field={field}
        uriHint={
          <Trans
            id="Lower-case letters, digits and hyphens; filled in from the name until you change it. The journal's address will be <0>/journal/{uri}</0>"
            values={{ uri: uri || "…" }}
            components={{ 0: <span className="font-mono" dir="ltr" /> }}
          />
        }
        cover={cover}
      />
      <FormFooter
        busy={action.busy}
        label={t("Next Step")}
        busyLabel={t("Submitting...")}
        error={action.failure}
      />
    </form>
  );
}

function GuidelinesStep({ state }: { state: Step2State }) {
  const t = useT();
  if (state.kind !== "ready") {
    return (
      <div role="alert" className="max-w-2xl rounded-sm border border-slate-300 bg-white p-6">
        <p className="font-serif text-xl text-slate-900">
          {state.kind === "no-uri"
            ? t("Which journal? Step 2 continues a journal created in step 1.")
            : t(state.message)}
        </p>
        <p className="mt-3 text-slate-700">
          <Trans
            id="<0>Start with step 1</0> or go back to the <1>journals</1>."
            components={{
              0: <Link to="/dashboard/create_journal/1" className={textLinkClass} />,
              1: <Link to="/dashboard" className={textLinkClass} />,
            }}
          />
        </p>
      </div>
    );
  }
  return <GuidelinesForm journal={state.journal} />;
}

function GuidelinesForm({ journal }: { journal: JournalDetail }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <SubmissionInfoForm
      journal={journal}
      intent="guidelines"
      label={t("Guidelines and contacts")}
      lead={
        <p className="text-slate-700">
          <Trans
            id="For <0>{name}</0> <1>/journal/{uri}</1>. The journal goes live when you submit this step."
            values={{ name: journal.name, uri: journal.uri }}
            components={{
              0: <strong className="text-slate-900" />,
              1: <span className="font-mono text-sm" dir="ltr" />,
            }}
          />
        </p>
      }
      onSuccess={(msg) => navigate("/dashboard", { state: flashState(msg) })}
    />
  );
}
