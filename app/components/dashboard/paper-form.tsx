/**
 * The form of Paper submission and Edit paper (docs/product/screens.md, docs/product/validation.md and docs/product/api.md): Publication (select
 * of the journal's issues, required), Title (required), DOI Number, Abstract (required, 8 rows),
 * Keywords, Paper File (a PDF; required on submission, optional on edit) and Author(s) (name,
 * email, institution; Add and X).
 *
 * It checks the fields with the server's own schema (`paperSchema`), then submits the multipart
 * body (`sel_publication, title, doi, abstract, keywords, paper_file, authors[i][name, email,
 * institution]`) to its route's `clientAction` (intent `paper`; app/components/dashboard/form-action.ts),
 * the button showing `busyLabel` meanwhile. On success, once the page has reloaded, it shows
 * `successMessage` ('Paper Created Successfully.' / 'Paper Updated Successfully.') with links to
 * the paper, and either clears the whole form (`clearOnSuccess`, when adding: fields, file input and
 * authors, keeping the chosen publication for the next paper of the same issue) or takes the
 * reloaded paper (a new `initial`). When the PDF's text was cut at the limits of one paper
 * (decision 271) the answer's note shows under the success message (adding), or under the current
 * file (editing: the reloaded paper's `textNote`). On failure the action's message (the server's msg, else the
 * route's default) shows under the form, and the server's field messages under their fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import type { AuthorInput, PublicationOption } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { paperSchema, proceedingPaperSchema } from "../../../shared/schemas.ts";
import { loadJournalName, type ScreenGet } from "../../lib/dashboard-load.ts";
import { toFormData } from "../../lib/form-data.ts";
import {
  FormError,
  FormNote,
  FormSuccess,
  PeopleListField,
  type Person,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../forms/index.ts";
import { Link } from "../ui/link.tsx";
import { textLinkClass } from "../ui/styles.ts";
import { useFormAction } from "./form-action.ts";
import { type JatsChoice, JatsFileField } from "./jats-file-field.tsx";
import { PdfFileField } from "./pdf-file-field.tsx";
import { applyServerErrors } from "./server-errors.ts";

/**
 * A journal paper's fields (Publication select) and a conference paper's (pages instead). The
 * scholarly lists (funders, references) are not on this form yet (issue 16, stage 2); the
 * server keeps them as stored when an edit leaves them out (decision 256).
 */
const LISTS = { authors: true, funding: true, references: true } as const;
const journalFields = paperSchema.omit(LISTS);
const proceedingFields = proceedingPaperSchema.omit(LISTS);
type Common = Omit<z.input<typeof journalFields>, "sel_publication">;
type FieldValues = Common & { sel_publication?: string; first_page?: string; last_page?: string };
type FieldOutput = Omit<z.output<typeof journalFields>, "sel_publication"> & {
  sel_publication?: number;
  first_page?: string;
  last_page?: string;
};
const FIELDS = [
  "sel_publication",
  "title",
  "doi",
  "abstract",
  "keywords",
  "first_page",
  "last_page",
] as const;

export const PDF_MISSING = "Choose the paper's PDF file.";

/**
 * What both paper screens load for the form: the journal's name and its issues as the
 * Publication options (GET /api/get_publications/{journal}/Y, drafts included for a manager).
 */
export async function loadPaperFormData(
  get: ScreenGet,
  journalUri: string,
): Promise<{ journalName: string; publications: PublicationOption[] }> {
  const [journalName, { publications }] = await Promise.all([
    loadJournalName(get, journalUri),
    get(pathOf("GET /get_publications/:journalUrl/Y", { journalUrl: journalUri })),
  ]);
  return { journalName, publications };
}

export type PaperFormInitial = {
  /** Publication id as the select's value, or `""` (unused for a conference paper). */
  sel_publication: string;
  title: string;
  doi: string;
  abstract: string;
  keywords: string;
  /** Pages of a conference paper. */
  first_page?: string;
  last_page?: string;
  authors: AuthorInput[];
};

export const EMPTY_PAPER: PaperFormInitial = {
  sel_publication: "",
  title: "",
  doi: "",
  abstract: "",
  keywords: "",
  first_page: "",
  last_page: "",
  authors: [],
};

function fieldValues(
  { authors: _, first_page, last_page, sel_publication, ...fields }: PaperFormInitial,
  conference: boolean,
): FieldValues {
  return conference
    ? { ...fields, first_page: first_page ?? "", last_page: last_page ?? "" }
    : { ...fields, sel_publication };
}

type Success = {
  message: string;
  paperID: number;
  /** The answer's `text_note`: the PDF's text was cut at the limits of one paper (decision 271). */
  note: string;
};

/**
 * What differs between adding a paper and editing one (docs/decisions/084-paper-forms.md): the
 * PDF is required only when adding; the button; the success message; and whether the form
 * empties for the next paper after a success.
 */
const MODES = {
  add: {
    fileRequired: true,
    submitLabel: "Submit",
    busyLabel: "Submitting...",
    successMessage: MESSAGES.paperCreated,
    clearOnSuccess: true,
  },
  edit: {
    fileRequired: false,
    submitLabel: "Update",
    busyLabel: "Updating...",
    successMessage: MESSAGES.paperUpdated,
    clearOnSuccess: false,
  },
};

/** The intent of the paper form's submission, for its route's `clientAction`. */
export const PAPER_INTENT = "paper";

export function PaperForm({
  openLink,
  editLink,
  publications,
  initial,
  currentFile,
  textNote,
  mode,
}: {
  /** The public page of a paper, for the success message's 'Open the paper'. */
  openLink: (paperID: number) => string;
  /** The paper's edit screen, for the success message's 'Edit it' (after a submission). */
  editLink: (paperID: number) => string;
  /**
   * The options of the Publication select (GET /api/get_publications/{journal}/Y); null for a
   * conference paper, whose form has First Page and Last Page instead (decision 202).
   */
  publications: PublicationOption[] | null;
  /** Values the form starts with; when the object changes, the form takes them again. */
  initial: PaperFormInitial;
  /** The stored PDF's URL (edit). */
  currentFile?: string;
  /** The stored PDF's `text_note` (edit): shown under it when its text was cut. */
  textNote?: string;
  /** See {@link MODES}. */
  mode: keyof typeof MODES;
}) {
  const { fileRequired, submitLabel, busyLabel, successMessage, clearOnSuccess } = MODES[mode];
  const conference = publications === null;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FieldValues, unknown, FieldOutput>({
    resolver: zodResolver(conference ? proceedingFields : journalFields) as unknown as Resolver<
      FieldValues,
      unknown,
      FieldOutput
    >,
    defaultValues: fieldValues(initial, conference),
  });
  const [authors, setAuthors] = useState<Person[]>(initial.authors);
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the uncontrolled file input.
  const [fileKey, setFileKey] = useState(0);
  const [fileError, setFileError] = useState<string | undefined>();
  // the optional JATS full text and its figures (decision 288)
  const [jats, setJats] = useState<JatsChoice>({ xml: null, figures: [] });
  const [jatsErrors, setJatsErrors] = useState<{ xml?: string; figures?: string }>({});
  const [authorsError, setAuthorsError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [success, setSuccess] = useState<Success | null>(null);
  // The publication chosen for the paper being sent, kept for the next one.
  const [sentPublication, setSentPublication] = useState<string>();

  const startFrom = (values: PaperFormInitial) => {
    reset(fieldValues(values, conference));
    setAuthors(values.authors);
    setFile(null);
    setJats({ xml: null, figures: [] });
    setFileKey((k) => k + 1);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new `initial` resets the form
  useEffect(() => startFrom(initial), [initial]);

  const fileMissing = () => fileRequired && !file;

  const action = useFormAction<{ paperID: number; text_note?: string }>((result) => {
    if (!result.ok) {
      const rest = applyServerErrors(result.errors, FIELDS, setError);
      setFileError(rest.paper_file);
      setJatsErrors({ xml: rest.jats_file, figures: rest.jats_figures });
      setAuthorsError(Object.entries(rest).find(([k]) => k.startsWith("authors"))?.[1]);
      setMessage(result.msg);
      return;
    }
    // the next paper is usually of the same issue: keep it chosen (issue 8)
    if (clearOnSuccess) {
      startFrom({ ...initial, sel_publication: sentPublication ?? initial.sel_publication });
    }
    setSuccess({ message: successMessage, paperID: result.paperID, note: result.text_note ?? "" });
  });

  const send = (values: FieldOutput) => {
    if (fileMissing()) {
      setFileError(PDF_MISSING);
      return;
    }
    setMessage(undefined);
    setSuccess(null);
    setFileError(undefined);
    setJatsErrors({});
    setAuthorsError(undefined);
    setSentPublication(
      values.sel_publication === undefined ? undefined : String(values.sel_publication),
    );
    const body = toFormData(
      {
        ...values,
        authors: authors.map((a) => ({
          name: a.name,
          email: a.email,
          institution: a.institution,
        })),
      },
      { paper_file: file, jats_file: jats.xml },
    );
    if (jats.xml) for (const figure of jats.figures) body.append("jats_figures", figure);
    action.submit(PAPER_INTENT, body);
  };

  const onSubmit = handleSubmit(send, () => {
    if (fileMissing()) setFileError(PDF_MISSING);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-3xl space-y-6">
      {publications ? (
        <SelectField
          label="Publication"
          required
          error={errors.sel_publication?.message}
          hint={
            publications.length === 0
              ? "This journal has no publication yet: create one first."
              : undefined
          }
          {...register("sel_publication")}
        >
          <option value="">-- Select --</option>
          {publications.map((p) => (
            <option key={p.value} value={String(p.value)}>
              {p.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField label="Title" required error={errors.title?.message} {...register("title")} />
      <TextField
        label="DOI Number"
        optional
        autoComplete="off"
        spellCheck={false}
        hint="Such as 10.1371/journal.pone.0115884; a https://doi.org/ link is fine too."
        error={errors.doi?.message}
        {...register("doi")}
      />
      <TextAreaField
        label="Abstract"
        required
        error={errors.abstract?.message}
        {...register("abstract")}
      />
      <TextField
        label="Keywords"
        optional
        hint="Separate keywords with commas or semicolons."
        error={errors.keywords?.message}
        {...register("keywords")}
      />
      {conference ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First Page"
            optional
            inputMode="numeric"
            hint="As printed, such as 465 or e1003."
            error={errors.first_page?.message}
            {...register("first_page")}
          />
          <TextField
            label="Last Page"
            optional
            inputMode="numeric"
            error={errors.last_page?.message}
            {...register("last_page")}
          />
        </div>
      ) : null}
      <PdfFileField
        key={fileKey}
        required={fileRequired}
        current={currentFile}
        note={textNote}
        error={fileError}
        onFile={(chosen) => {
          setFile(chosen);
          if (chosen) setFileError(undefined);
        }}
      />
      <JatsFileField
        key={`jats-${fileKey}`}
        error={jatsErrors.xml}
        figuresError={jatsErrors.figures}
        onChange={setJats}
      />
      <PeopleListField
        kind="author"
        legend="Author(s)"
        people={authors}
        onChange={setAuthors}
        error={authorsError}
      />
      <div className="space-y-4">
        <SubmitButton busy={action.busy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
        <FormError message={message} />
        {success ? (
          <FormSuccess message={success.message}>
            <p className="mt-1 flex flex-wrap gap-x-4">
              <Link to={openLink(success.paperID)} className={textLinkClass}>
                Open the paper
              </Link>
              {clearOnSuccess ? (
                <Link to={editLink(success.paperID)} className={textLinkClass}>
                  Edit it
                </Link>
              ) : null}
            </p>
          </FormSuccess>
        ) : null}
        {/* On edit the reloaded paper's note shows under its file instead. */}
        {success && clearOnSuccess ? <FormNote message={success.note} /> : null}
      </div>
    </form>
  );
}
