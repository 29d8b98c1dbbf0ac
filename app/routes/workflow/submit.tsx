/**
 * `/submit/{journal}` (`?draft={id}` to go on with a draft): the submission form (issue 31;
 * decision 400). The paper forms' model: title, abstract, keywords, authors as people (given and
 * family names, email, ORCID, an affiliation with its ROR id, corresponding author; co-authors
 * need no account), references one a line, funders one a line, a note to the editor. 'Save
 * draft' keeps it (the server keeps a draft until it is submitted); then the manuscript (PDF,
 * Word or ODT, checked by content on the server) and supplementary files; then the journal's
 * checklist and licence, agreed, and 'Submit'.
 */
import { type FormEvent, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { SubmissionMetadataInput } from "../../../shared/workflow-schemas.ts";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { screenFallback } from "../../components/dashboard/screen-route.tsx";
import {
  CheckboxField,
  EmailField,
  FormFooter,
  TextAreaField,
  TextField,
} from "../../components/forms/index.ts";
import { buttonClass, textLinkClass } from "../../components/ui/styles.ts";
import {
  AuthorErrorBoundary,
  FileList,
  Section,
  useCall,
} from "../../components/workflow/parts.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { apiPost, apiPostForm } from "../../lib/api.ts";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/submit";

export const clientLoader = screenLoader(
  async (get, { params, request }: Route.ClientLoaderArgs) => {
    const draftId = new URL(request.url).searchParams.get("draft");
    const [{ journal }, { author }, draft] = await Promise.all([
      get(pathOf("GET /submission_journal/:journal", { journal: params.journal })),
      get("/my_submissions"),
      draftId && /^\d+$/.test(draftId)
        ? get(pathOf("GET /submission/:id", { id: draftId })).then((r) => r.submission)
        : Promise.resolve(null),
    ]);
    return { journal, author, draft };
  },
  msg("Please sign in with your author account to submit a paper."),
);

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Submit a paper"));
}

export const HydrateFallback = screenFallback(msg("Loading the submission form…"));
export const ErrorBoundary = AuthorErrorBoundary;

type AuthorRow = {
  /** A key of the row while the form is open (rows are added and removed). */
  key: number;
  given_names: string;
  family_name: string;
  email: string;
  orcid: string;
  affiliation: string;
  ror: string;
  corresponding: boolean;
};

function rowsOf(
  metadata: SubmissionMetadataInput | null,
  name: string,
  email: string,
): AuthorRow[] {
  const authors = (metadata?.authors ?? []) as Array<Record<string, unknown>>;
  if (authors.length === 0) {
    const [given, ...family] = name.split(" ");
    return [
      {
        key: rowKey(),
        given_names: given ?? "",
        family_name: family.join(" "),
        email,
        orcid: "",
        affiliation: "",
        ror: "",
        corresponding: true,
      },
    ];
  }
  return authors.map((a) => {
    const affiliations = (a.affiliations as { name?: string; ror?: string }[] | undefined) ?? [];
    return {
      key: rowKey(),
      given_names: String(a.given_names ?? ""),
      family_name: String(a.family_name ?? a.name ?? ""),
      email: String(a.email ?? ""),
      orcid: String(a.orcid ?? ""),
      affiliation: affiliations[0]?.name ?? "",
      ror: affiliations[0]?.ror ?? "",
      corresponding: a.corresponding === true,
    };
  });
}

let nextRowKey = 0;
const rowKey = () => {
  nextRowKey += 1;
  return nextRowKey;
};

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

export default function Submit({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { journal, author, draft } = loaderData;
  const metadata = draft?.metadata ?? null;
  const [id, setId] = useState<number | null>(draft?.id ?? null);
  const [authors, setAuthors] = useState<AuthorRow[]>(() =>
    rowsOf(metadata, author.name, author.email),
  );
  const save = useCall(MESSAGES.somethingWentWrong);
  const upload = useCall(MESSAGES.somethingWentWrong);
  const submit = useCall(MESSAGES.somethingWentWrong);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setAuthor = (i: number, change: Partial<AuthorRow>) =>
    setAuthors((rows) => rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const body = {
      title: text("title"),
      abstract: text("abstract"),
      keywords: text("keywords"),
      authors: authors.map((a) => ({
        given_names: a.given_names,
        family_name: a.family_name,
        email: a.email,
        orcid: a.orcid,
        corresponding: a.corresponding,
        affiliations: a.affiliation ? [{ name: a.affiliation, ror: a.ror }] : [],
      })),
      references: lines(text("references")).map((citation) => ({ citation })),
      funding: lines(text("funders")).map((funder_name) => ({ funder_name })),
      note_to_editor: text("note_to_editor"),
    };
    setErrors({});
    await save.run(async () => {
      try {
        if (id === null) {
          const created = await apiPost(
            pathOf("POST /submissions/:journal", { journal: journal.uri }),
            body as never,
            MESSAGES.somethingWentWrong,
          );
          setId(created.id);
          return created;
        }
        return await apiPost(
          pathOf("POST /submission/:id/draft", { id: String(id) }),
          body as never,
          MESSAGES.somethingWentWrong,
        );
      } catch (error) {
        setErrors((error as { errors?: Record<string, string> }).errors ?? {});
        throw error;
      }
    });
  }

  async function onUpload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (id === null) return;
    const form = new FormData(event.currentTarget);
    const target = event.currentTarget;
    const ok = await upload.run(() =>
      apiPostForm(
        pathOf("POST /submission/:id/files", { id: String(id) }),
        form,
        MESSAGES.somethingWentWrong,
      ),
    );
    if (ok) {
      target.reset();
      if (!draft) navigate(`/submit/${journal.uri}?draft=${id}`, { replace: true });
      else await revalidator.revalidate();
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (id === null) return;
    const data = new FormData(event.currentTarget);
    const checklist = journal.checklist.every((_, i) => data.get(`check${i}`) === "on");
    const ok = await submit.run(() =>
      apiPost(
        pathOf("POST /submission/:id/submit", { id: String(id) }),
        { checklist, licence: data.get("licence") === "on" } as never,
        MESSAGES.somethingWentWrong,
      ),
    );
    if (ok) navigate(`/submissions/${id}`);
  }

  return (
    <DashboardScreen
      title={t("Submit a paper")}
      kicker={journal.name}
      lead={t(
        "Your draft is kept until you submit it. You can leave and come back from Your submissions.",
      )}
    >
      <form method="post" noValidate onSubmit={onSave} className="space-y-5">
        <TextField
          label={t("Title")}
          name="title"
          required
          defaultValue={metadata?.title ?? ""}
          error={errors.title}
        />
        <TextAreaField
          label={t("Abstract")}
          name="abstract"
          required
          rows={8}
          defaultValue={metadata?.abstract ?? ""}
          error={errors.abstract}
        />
        <TextField
          label={t("Keywords")}
          name="keywords"
          optional
          hint={t("Separate them with semicolons.")}
          defaultValue={metadata?.keywords ?? ""}
        />
        <fieldset className="space-y-4">
          <legend className="font-semibold">{t("Authors")}</legend>
          {authors.map((a, i) => (
            <div
              key={a.key}
              className="grid gap-3 rounded-sm border border-slate-200 p-3 sm:grid-cols-2"
            >
              <TextField
                label={t("Given names")}
                value={a.given_names}
                onChange={(e) => setAuthor(i, { given_names: e.target.value })}
              />
              <TextField
                label={t("Family name")}
                value={a.family_name}
                required
                onChange={(e) => setAuthor(i, { family_name: e.target.value })}
              />
              <EmailField
                label={t("Email")}
                optional
                value={a.email}
                onChange={(e) => setAuthor(i, { email: e.target.value })}
              />
              <TextField
                label={t("ORCID iD")}
                optional
                value={a.orcid}
                onChange={(e) => setAuthor(i, { orcid: e.target.value })}
              />
              <TextField
                label={t("Affiliation")}
                optional
                value={a.affiliation}
                onChange={(e) => setAuthor(i, { affiliation: e.target.value })}
              />
              <TextField
                label={t("ROR id of the affiliation")}
                optional
                value={a.ror}
                onChange={(e) => setAuthor(i, { ror: e.target.value })}
              />
              <CheckboxField
                label={t("Corresponding author")}
                checked={a.corresponding}
                onChange={(e) => setAuthor(i, { corresponding: e.target.checked })}
              />
              {authors.length > 1 ? (
                <button
                  type="button"
                  className={textLinkClass}
                  onClick={() => setAuthors((rows) => rows.filter((_, j) => j !== i))}
                >
                  {t("Remove this author")}
                </button>
              ) : null}
            </div>
          ))}
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() =>
              setAuthors((rows) => [
                ...rows,
                {
                  key: rowKey(),
                  given_names: "",
                  family_name: "",
                  email: "",
                  orcid: "",
                  affiliation: "",
                  ror: "",
                  corresponding: false,
                },
              ])
            }
          >
            {t("Add an author")}
          </button>
          {errors.authors ? (
            <p role="alert" className="text-sm text-red-800">
              {t(errors.authors)}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label={t("References")}
          name="references"
          optional
          rows={5}
          hint={t("One reference a line.")}
          defaultValue={((metadata?.references ?? []) as { citation: string }[])
            .map((r) => r.citation)
            .join("\n")}
        />
        <TextAreaField
          label={t("Funders")}
          name="funders"
          optional
          rows={3}
          hint={t("One funder a line.")}
          defaultValue={((metadata?.funding ?? []) as { funder_name: string }[])
            .map((f) => f.funder_name)
            .join("\n")}
        />
        <TextAreaField
          label={t("Note to the editor")}
          name="note_to_editor"
          optional
          rows={4}
          defaultValue={draft?.note_to_editor ?? ""}
        />
        <FormFooter
          busy={save.busy}
          label={t("Save draft")}
          busyLabel={t("Saving...")}
          notice={save.notice}
        />
      </form>

      {id !== null ? (
        <>
          <Section title={t("Files")}>
            {draft ? <FileList submissionId={draft.id} files={draft.files} /> : null}
            <form
              method="post"
              encType="multipart/form-data"
              onSubmit={onUpload}
              className="space-y-4"
            >
              <label className="block">
                <span className="font-semibold">{t("What the file is")}</span>
                <select
                  name="kind"
                  className="ms-3 rounded-sm border border-slate-300 px-2 py-1"
                  defaultValue="manuscript"
                >
                  <option value="manuscript">{t("Manuscript (PDF, Word or ODT)")}</option>
                  <option value="supplementary">{t("Supplementary file")}</option>
                </select>
              </label>
              <TextField label={t("File")} name="file" type="file" required />
              <FormFooter
                busy={upload.busy}
                label={t("Upload")}
                busyLabel={t("Uploading...")}
                notice={upload.notice}
              />
            </form>
          </Section>
          <Section title={t("Checklist and licence")}>
            <form method="post" onSubmit={onSubmit} className="space-y-3">
              {journal.checklist.map((item, i) => (
                <CheckboxField key={item} name={`check${i}`} label={item} />
              ))}
              <CheckboxField
                name="licence"
                label={
                  journal.license_url
                    ? t(
                        "I agree that the paper is published under the journal's licence, {licence}.",
                        { licence: journal.license_url },
                      )
                    : t("I agree to the journal's publication terms.")
                }
              />
              <FormFooter
                busy={submit.busy}
                label={t("Submit")}
                busyLabel={t("Submitting...")}
                notice={submit.notice}
              />
            </form>
          </Section>
        </>
      ) : null}
    </DashboardScreen>
  );
}
