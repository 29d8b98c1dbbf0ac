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
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useRevalidator } from "react-router";
import type { JournalDetail } from "../../../shared/api.ts";
import { FREQUENCIES, MESSAGES } from "../../../shared/constants.ts";
import {
  type JournalEditInput,
  type JournalEditValues,
  journalEditFormSchema,
} from "../../../shared/schemas.ts";
import { ImageFileField } from "../../components/dashboard/image-file-field.tsx";
import {
  BASICS_KEYS,
  type BasicsKey,
  JournalBasicsFields,
  SubmissionInfoFields,
  useSubmissionInfoForm,
} from "../../components/dashboard/journal-fields.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { applyServerErrors } from "../../components/dashboard/server-errors.ts";
import { Tabs } from "../../components/dashboard/tabs.tsx";
import { FormError, FormSuccess, SubmitButton } from "../../components/forms/index.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { apiPostForm, errorMessage } from "../../lib/api.ts";
import { loadManagedJournal, loadScreen } from "../../lib/dashboard-load.ts";
import { toFormData } from "../../lib/form-data.ts";
import type { Route } from "./+types/edit-journal";

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    return loadManagedJournal(get, params.journal);
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Edit Journal");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the journal…" />;
}

export default function EditJournal({ loaderData }: Route.ComponentProps) {
  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const journal = loaderData.data;
  return (
    <DashboardScreen
      title="Edit Journal"
      kicker={journal.name}
      actions={
        <>
          <ButtonLink to={`/dashboard/${journal.uri}/publications`} variant="secondary">
            Publications
          </ButtonLink>
          <ButtonLink to={`/journal/${journal.uri}`} variant="secondary">
            View
          </ButtonLink>
        </>
      }
    >
      <Tabs
        label="Journal details"
        items={[
          { key: "main", label: "Main Details", content: <MainDetailsForm journal={journal} /> },
          {
            key: "submission",
            label: "Submission Info",
            content: <SubmissionInfoForm journal={journal} />,
          },
        ]}
      />
    </DashboardScreen>
  );
}

type Outcome = { ok: true; msg: string } | { ok: false; msg: string } | null;

function Outcome({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return outcome.ok ? <FormSuccess message={outcome.msg} /> : <FormError message={outcome.msg} />;
}

function frequencyOf(value: string): JournalEditValues["pub_frequency"] {
  return (
    (FREQUENCIES as readonly string[]).includes(value) ? value : ""
  ) as JournalEditValues["pub_frequency"];
}

function MainDetailsForm({ journal }: { journal: JournalDetail }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [cover, setCover] = useState<File | null>(null);
  const [coverKey, setCoverKey] = useState(0);
  const [coverError, setCoverError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<JournalEditValues, unknown, JournalEditInput>({
    resolver: zodResolver(journalEditFormSchema),
    defaultValues: {
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
    },
  });
  const field = (name: BasicsKey) => ({ ...register(name), error: errors[name]?.message });
  const active = watch("journal_active") === "Y";

  const onSubmit = handleSubmit(
    async (values) => {
      setOutcome(null);
      setBusy(true);
      try {
        const answer = await apiPostForm<{ journal_uri: string }>(
          "/edit_journal/1",
          toFormData({ ...values, primary_journal_uri: journal.uri }, { cover_img: cover }),
          MESSAGES.journalUpdateFailed,
        );
        setOutcome({ ok: true, msg: answer.msg });
        setCover(null);
        setCoverKey((k) => k + 1);
        if (answer.journal_uri !== journal.uri) {
          navigate(`/dashboard/edit_journal/${answer.journal_uri}`, { replace: true });
        } else {
          revalidator.revalidate();
        }
      } catch (error) {
        const rest = applyServerErrors(error, BASICS_KEYS, setError);
        if (rest.cover_img) setCoverError(rest.cover_img);
        setOutcome({ ok: false, msg: errorMessage(error, MESSAGES.journalUpdateFailed) });
      } finally {
        setBusy(false);
      }
    },
    () => setOutcome(null),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-3xl space-y-6" aria-label="Main Details">
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
            Active
          </label>
          <p id="journal-active-hint" className="text-sm text-slate-600">
            {active
              ? "Readers see this journal on the site."
              : "Hidden from readers; only managers see it."}
          </p>
        </div>
      </div>
      <JournalBasicsFields
        field={field}
        uriHint={
          <>
            The journal's address:{" "}
            <span className="font-mono">/journal/{watch("journal_uri")}</span>. After a change the
            old addresses keep working: they redirect to the new ones, and no other journal can take
            the old URI.
          </>
        }
        cover={
          <ImageFileField
            key={coverKey}
            label="Journal Cover Image"
            name="cover_img"
            optional
            currentSrc={journal.image}
            hint="Choose a file only to replace the current cover: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB."
            error={coverError}
            onFile={(file) => {
              setCover(file);
              setCoverError(undefined);
            }}
          />
        }
      />
      <div className="space-y-4">
        <SubmitButton busy={busy} busyLabel="Submitting...">
          Submit
        </SubmitButton>
        <Outcome outcome={outcome} />
      </div>
    </form>
  );
}

function SubmissionInfoForm({ journal }: { journal: JournalDetail }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const { handleSubmit, field, send } = useSubmissionInfoForm(journal);

  const onSubmit = handleSubmit(
    async (values) => {
      setOutcome(null);
      setBusy(true);
      try {
        const answer = await send("/edit_journal/2", values, MESSAGES.journalUpdateFailed);
        setOutcome({ ok: true, msg: answer.msg });
      } catch (error) {
        setOutcome({ ok: false, msg: errorMessage(error, MESSAGES.journalUpdateFailed) });
      } finally {
        setBusy(false);
      }
    },
    () => setOutcome(null),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="max-w-3xl space-y-6"
      aria-label="Submission Info"
    >
      <SubmissionInfoFields field={field} />
      <div className="space-y-4">
        <SubmitButton busy={busy} busyLabel="Submitting...">
          Submit
        </SubmitButton>
        <Outcome outcome={outcome} />
      </div>
    </form>
  );
}
