/**
 * The form of Paper submission and Edit paper (docs/product/screens.md, docs/product/validation.md and docs/product/api.md): Publication (select
 * of the journal's issues, required), Title (required), DOI Number, Abstract (required, 8 rows),
 * Keywords, Paper File (a PDF; required on submission, optional on edit) and Author(s). Added
 * beside the spec's fields (issue 16, decisions 256 and 251): authors as people
 * (app/components/dashboard/author-rows.tsx), Licence and copyright (the licence defaults to the
 * journal's), Dates (publication, blank for the issue's; received; accepted), Funding (statement
 * and funders) and References, the last three folded (`<details>`) so long lists stay usable.
 *
 * It checks the fields with the server's own schema (`paperSchema`; the lists row by row), then
 * submits the multipart body (`sel_publication, title, doi, abstract, keywords, paper_file,
 * authors[i][…]` and the scholarly fields of decision 256) to its route's `clientAction` (intent `paper`; app/components/dashboard/form-action.ts),
 * the button showing `busyLabel` meanwhile. On success, once the page has reloaded, it shows
 * `successMessage` ('Paper Created Successfully.' / 'Paper Updated Successfully.') with links to
 * the paper, and either clears the whole form (`clearOnSuccess`, when adding: fields, file input and
 * authors, keeping the chosen publication for the next paper of the same issue) or takes the
 * reloaded paper (a new `initial`). When the PDF's text was cut at the limits of one paper
 * (decision 271) the answer's note shows under the success message (adding), or under the current
 * file (editing: the reloaded paper's `textNote`). On failure the action's message (the server's msg, else the
 * route's default) shows under the form, and the server's field messages under their fields
 * (`authors.0.orcid` under that author's ORCID iD, opening its row and section).
 *
 * On an edit the current PDF has "Remove the PDF" (issue 34, decision 510): asked in the same
 * confirmation dialog, then removed at once by `removePdf` with the form's change note, the rest
 * of the form left unsent; the field then says the paper has no PDF.
 *
 * The JATS fieldset (decisions 288, 316, 317): on an edit, the paper's current HTML full text
 * with "Remove the HTML full text" (asked in the confirmation dialog, then removed at once by
 * `removeJats`, without sending the rest of the form, whose unsent changes stay); after a JATS
 * file is chosen, "Fill empty fields from this file" reads it on the server (POST /read_jats)
 * and fills only the empty fields and lists (./jats-fill.ts), saying what it kept.
 *
 * An edit sends the licence, the funders and the references only when the manager changed them
 * (absent keeps what is stored, decision 256), so what an import stored that the form's rules
 * would refuse (a publisher's own licence page) survives an edit of something else.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import type {
  AuthorInput,
  JatsMetadata,
  PaperEditScholarly,
  PublicationOption,
  TranslationItem,
} from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  authorSchema,
  fundingSchema,
  paperSchema,
  proceedingPaperSchema,
  referenceSchema,
  translationSchema,
} from "../../../shared/schemas.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { apiPostForm, errorMessage } from "../../lib/api.ts";
import { loadManagedJournal, type ScreenGet } from "../../lib/dashboard-load.ts";
import { toFormData } from "../../lib/form-data.ts";
import {
  CheckboxField,
  CodeField,
  FormFooter,
  FormNote,
  FormSuccess,
  SelectField,
  TextAreaField,
  TextField,
} from "../forms/index.ts";
import { Link } from "../ui/link.tsx";
import { textLinkClass } from "../ui/styles.ts";
import { type AuthorRow, AuthorRowsField, authorRowOf, authorToWire } from "./author-rows.tsx";
import { useConfirm } from "./confirm-dialog.tsx";
import { useFormAction } from "./form-action.ts";
import { FundingRowsField, fundingRowOf, fundingToWire } from "./funding-rows.tsx";
import { type JatsChoice, JatsFileField } from "./jats-file-field.tsx";
import { FILLABLE, type FillableField, fillMessage, planFill } from "./jats-fill.ts";
import { LanguageSelect } from "./language-select.tsx";
import { LicenceSelect } from "./licence-select.tsx";
import { hasErrorUnder, listErrors, type PathErrors } from "./list-rows.tsx";
import { PdfFileField } from "./pdf-file-field.tsx";
import { ReferenceRowsField, referenceRowOf, referenceToWire } from "./reference-rows.tsx";
import { applyServerErrors } from "./server-errors.ts";
import { TranslationRowsField, translationRowOf, translationToWire } from "./translation-rows.tsx";

/**
 * A journal paper's fields (Publication select) and a conference paper's (pages instead), the
 * scholarly scalars included; the lists and the licence select are held apart (checked row by
 * row on submit, see {@link PaperForm}).
 */
const LISTS = {
  authors: true,
  funding: true,
  references: true,
  license_url: true,
  translations: true,
} as const;
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
  "copyright_holder",
  "copyright_year",
  "published_on",
  "received_on",
  "accepted_on",
  "funding_statement",
  "language",
] as const;

const authorsListSchema = z.array(authorSchema);
const fundingListSchema = z.array(fundingSchema);
const referencesListSchema = z.array(referenceSchema);
const translationsListSchema = z.array(translationSchema);

export const PDF_MISSING = msg("Choose the paper's PDF file.");

/** The message of a failed removal of the HTML full text, when the server gives none. */
export const REMOVE_JATS_FAILED = msg("The HTML full text was not removed.");
/** The failure message of "Remove the PDF" (decision 510). */
export const REMOVE_PDF_FAILED = msg("The PDF was not removed.");

/** The message of a failed reading of a JATS file, when the server gives none. */
const JATS_UNREAD = msg("The JATS file could not be read.");

/**
 * What both paper screens load for the form: the journal's name, its licence (the default of a
 * new paper's, decision 257) and its issues as the Publication options
 * (GET /api/get_publications/{journal}/Y, drafts included for a manager).
 */
export async function loadPaperFormData(
  get: ScreenGet,
  journalUri: string,
): Promise<{ journalName: string; journalLicence: string; publications: PublicationOption[] }> {
  const [journal, { publications }] = await Promise.all([
    loadManagedJournal(get, journalUri),
    get(pathOf("GET /get_publications/:journalUrl/Y", { journalUrl: journalUri })),
  ]);
  return { journalName: journal.name, journalLicence: journal.license_url, publications };
}

/** No licence, dates, funders nor references: a new paper's scholarly fields. */
export const EMPTY_SCHOLARLY: PaperEditScholarly = {
  license_url: "",
  copyright_holder: "",
  copyright_year: null,
  published_on: "",
  received_on: "",
  accepted_on: "",
  funding_statement: "",
  funding: [],
  references: [],
};

/** The scholarly fields of a paper to edit (`PaperEdit`, decision 256), for the form's `initial`. */
export function scholarlyOf(paper: PaperEditScholarly): PaperEditScholarly {
  const scholarly = { ...EMPTY_SCHOLARLY };
  for (const key of Object.keys(EMPTY_SCHOLARLY) as (keyof PaperEditScholarly)[]) {
    Object.assign(scholarly, { [key]: paper[key] });
  }
  return scholarly;
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
  /** Licence, copyright, dates, funding, references (decision 256). */
  scholarly: PaperEditScholarly;
  /**
   * The paper's language (`""`: its journal's or proceeding's) and its title, abstract and
   * keywords in other languages (decision 440).
   */
  language: string;
  translations: TranslationItem[];
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
  scholarly: EMPTY_SCHOLARLY,
  language: "",
  translations: [],
};

function fieldValues(
  {
    authors: _,
    translations: _translations,
    scholarly,
    first_page,
    last_page,
    sel_publication,
    ...fields
  }: PaperFormInitial,
  conference: boolean,
): FieldValues {
  const added = {
    copyright_holder: scholarly.copyright_holder,
    copyright_year: scholarly.copyright_year === null ? "" : String(scholarly.copyright_year),
    published_on: scholarly.published_on,
    received_on: scholarly.received_on,
    accepted_on: scholarly.accepted_on,
    funding_statement: scholarly.funding_statement,
  };
  return conference
    ? { ...fields, ...added, first_page: first_page ?? "", last_page: last_page ?? "" }
    : { ...fields, ...added, sel_publication };
}

/** The rows of the form's lists for `values`. */
function listRows(values: PaperFormInitial) {
  return {
    authors: values.authors.map(authorRowOf),
    funding: values.scholarly.funding.map(fundingRowOf),
    references: values.scholarly.references.map(referenceRowOf),
    translations: values.translations.map(translationRowOf),
  };
}

/** What a list sends, to tell whether the manager changed it. */
const sameList = (a: unknown[], b: unknown[]) => JSON.stringify(a) === JSON.stringify(b);

type Success = {
  message: string;
  paperID: number;
  /** The answer's `text_note`: the PDF's text was cut at the limits of one paper (decision 271). */
  note: string;
};

/**
 * What differs between adding a paper and editing one (docs/decisions/084-paper-forms.md): the
 * PDF is required only when adding; the button; the success message; and whether the form
 * empties for the next paper after a success. The texts are catalogue messages.
 */
const MODES = {
  add: {
    fileRequired: true,
    submitLabel: msg("Submit"),
    busyLabel: msg("Submitting..."),
    successMessage: MESSAGES.paperCreated,
    clearOnSuccess: true,
  },
  edit: {
    fileRequired: false,
    submitLabel: msg("Update"),
    busyLabel: msg("Updating..."),
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
  currentFullText,
  removeJats,
  removePdf,
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
  /** The paper's HTML full text (edit: `fulltext_url`), when it has a JATS galley. */
  currentFullText?: string;
  /** Removes the paper's JATS galley (edit; POST /remove_…_jats, decision 316). */
  removeJats?: () => Promise<unknown>;
  /**
   * Removes the paper's PDF (edit; POST /remove_…_pdf, decision 510) with `version_note`, the
   * change note of the version it makes of a published paper.
   */
  removePdf?: (versionNote: string) => Promise<unknown>;
  /** See {@link MODES}. */
  mode: keyof typeof MODES;
}) {
  const t = useT();
  const locale = useLocale();
  const { fileRequired, submitLabel, busyLabel, successMessage, clearOnSuccess } = MODES[mode];
  const conference = publications === null;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<FieldValues, unknown, FieldOutput>({
    resolver: zodResolver(conference ? proceedingFields : journalFields) as unknown as Resolver<
      FieldValues,
      unknown,
      FieldOutput
    >,
    defaultValues: fieldValues(initial, conference),
  });
  const [authors, setAuthors] = useState<AuthorRow[]>(() => listRows(initial).authors);
  const [funding, setFunding] = useState(() => listRows(initial).funding);
  const [references, setReferences] = useState(() => listRows(initial).references);
  const [translations, setTranslations] = useState(() => listRows(initial).translations);
  const [licence, setLicence] = useState(initial.scholarly.license_url);
  // messages of the lists and the licence, keyed by wire path (`authors.0.orcid`)
  const [pathErrors, setPathErrors] = useState<PathErrors>({});
  const setPathError = (path: string, message: string | undefined) =>
    setPathErrors((now) => {
      if (now[path] === message) return now;
      const next = { ...now };
      if (message === undefined) delete next[path];
      else next[path] = message;
      return next;
    });
  // what the stored lists send, to leave unchanged ones out of an edit
  const sentBefore = useMemo(() => {
    const rows = listRows(initial);
    return {
      funding: rows.funding.map(fundingToWire),
      references: rows.references.map(referenceToWire),
      translations: rows.translations.map(translationToWire),
    };
  }, [initial]);
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the uncontrolled file input.
  const [fileKey, setFileKey] = useState(0);
  const [fileError, setFileError] = useState<string | undefined>();
  // the optional JATS full text and its figures (decision 288)
  const [jats, setJats] = useState<JatsChoice>({ xml: null, figures: [] });
  const [jatsErrors, setJatsErrors] = useState<{ xml?: string; figures?: string }>({});
  // the current full text (edit), a removal or fill under way, and what the last one did
  const [fullText, setFullText] = useState(currentFullText);
  const [jatsBusy, setJatsBusy] = useState<"removing" | "filling" | null>(null);
  const [jatsNote, setJatsNote] = useState<string>();
  // the current PDF (edit), its removal under way, and what the last removal did (decision 510)
  const [pdf, setPdf] = useState(currentFile);
  const [pdfRemoving, setPdfRemoving] = useState(false);
  const [pdfNote, setPdfNote] = useState<string>();
  const { ask, dialog } = useConfirm();
  const [success, setSuccess] = useState<Success | null>(null);
  // The publication chosen for the paper being sent, kept for the next one.
  const [sentPublication, setSentPublication] = useState<string>();

  const startFrom = (values: PaperFormInitial) => {
    reset(fieldValues(values, conference));
    const rows = listRows(values);
    setAuthors(rows.authors);
    setFunding(rows.funding);
    setReferences(rows.references);
    setTranslations(rows.translations);
    setLicence(values.scholarly.license_url);
    setPathErrors({});
    setFile(null);
    setJats({ xml: null, figures: [] });
    setJatsNote(undefined);
    setPdfNote(undefined);
    setFileKey((k) => k + 1);
  };
  // a reloaded paper (after an update) says again whether it has a full text
  useEffect(() => setFullText(currentFullText), [currentFullText]);
  useEffect(() => setPdf(currentFile), [currentFile]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new `initial` resets the form
  useEffect(() => startFrom(initial), [initial]);

  const fileMissing = () => fileRequired && !file;

  const action = useFormAction<{ paperID: number; text_note?: string }>((result) => {
    if (!result.ok) {
      const rest = applyServerErrors(result.errors, FIELDS, setError);
      const { paper_file, jats_file, jats_figures, ...others } = rest;
      setFileError(paper_file);
      setJatsErrors({ xml: jats_file, figures: jats_figures });
      setPathErrors(others);
      return;
    }
    // the next paper is usually of the same issue: keep it chosen (issue 8)
    if (clearOnSuccess) {
      startFrom({ ...initial, sel_publication: sentPublication ?? initial.sel_publication });
    }
    setSuccess({ message: successMessage, paperID: result.paperID, note: result.text_note ?? "" });
  });

  /**
   * The lists as sent: authors always; on an edit the funders, references and licence only
   * when changed (`undefined`: left out); an emptied list as one empty field (decision 256).
   */
  const lists = () => {
    const fundingRows = funding.map(fundingToWire);
    const referenceRows = references.map(referenceToWire);
    const translationRows = translations.map(translationToWire);
    const adding = mode === "add";
    const changed = {
      funding: adding ? fundingRows.length > 0 : !sameList(fundingRows, sentBefore.funding),
      references: adding
        ? referenceRows.length > 0
        : !sameList(referenceRows, sentBefore.references),
      translations: adding
        ? translationRows.length > 0
        : !sameList(translationRows, sentBefore.translations),
    };
    return {
      authors: authors.map(authorToWire),
      funding: changed.funding ? fundingRows : undefined,
      references: changed.references ? referenceRows : undefined,
      translations: changed.translations ? translationRows : undefined,
      license_url: adding || licence !== initial.scholarly.license_url ? licence : undefined,
    };
  };

  /** The lists' messages in the browser, with the server's row schemas. */
  const checkLists = (sent: ReturnType<typeof lists>): PathErrors => ({
    ...listErrors("authors", authorsListSchema, sent.authors),
    ...(sent.funding ? listErrors("funding", fundingListSchema, sent.funding) : {}),
    ...(sent.references ? listErrors("references", referencesListSchema, sent.references) : {}),
    ...(sent.translations
      ? listErrors("translations", translationsListSchema, sent.translations)
      : {}),
  });

  const send = (values: FieldOutput) => {
    const sent = lists();
    const problems = checkLists(sent);
    setPathErrors(problems);
    if (fileMissing()) setFileError(PDF_MISSING);
    if (fileMissing() || Object.keys(problems).length) return;
    setSuccess(null);
    setFileError(undefined);
    setJatsErrors({});
    setSentPublication(
      values.sel_publication === undefined ? undefined : String(values.sel_publication),
    );
    const body = toFormData(
      {
        ...values,
        copyright_year: values.copyright_year ?? "",
        authors: sent.authors,
        license_url: sent.license_url,
        funding: sent.funding?.length === 0 ? "" : sent.funding,
        references: sent.references?.length === 0 ? "" : sent.references,
        translations: sent.translations?.length === 0 ? "" : sent.translations,
      },
      { paper_file: file, jats_file: jats.xml },
    );
    if (jats.xml) for (const figure of jats.figures) body.append("jats_figures", figure);
    action.submit(PAPER_INTENT, body);
  };

  const removeFullText = async () => {
    if (!removeJats) return;
    const ok = await ask({
      title: t("Remove the HTML full text"),
      message: t(
        "Are you sure you want to remove this paper's HTML full text? Its JATS file and figures are deleted; the PDF stays.",
      ),
      detail: getValues("title"),
      confirmLabel: t("Remove"),
    });
    if (!ok) return;
    setJatsBusy("removing");
    setJatsErrors({});
    try {
      await removeJats();
      setFullText(undefined);
      setJatsNote(t("The HTML full text was removed."));
    } catch (error) {
      setJatsErrors({ xml: errorMessage(error, REMOVE_JATS_FAILED) });
    } finally {
      setJatsBusy(null);
    }
  };

  const removeFile = async () => {
    if (!removePdf) return;
    const ok = await ask({
      title: t("Remove the PDF"),
      message: t(
        "Are you sure you want to remove this paper's PDF? Readers no longer get it; a published paper keeps it as its earlier version.",
      ),
      detail: getValues("title"),
      confirmLabel: t("Remove"),
    });
    if (!ok) return;
    setPdfRemoving(true);
    setFileError(undefined);
    setPdfNote(undefined);
    try {
      await removePdf(String(getValues("version_note") ?? ""));
      setPdf(undefined);
      setPdfNote(t("The PDF was removed."));
    } catch (error) {
      setFileError(errorMessage(error, REMOVE_PDF_FAILED));
    } finally {
      setPdfRemoving(false);
    }
  };

  /** Fills the empty fields from `xml` as read by the server (decision 317). */
  const fillFromJats = async (xml: File) => {
    setJatsBusy("filling");
    setJatsErrors({});
    setJatsNote(undefined);
    let metadata: JatsMetadata;
    try {
      const body = toFormData({}, { jats_file: xml });
      ({ metadata } = await apiPostForm("/read_jats", body, JATS_UNREAD));
    } catch (error) {
      setJatsErrors({ xml: errorMessage(error, JATS_UNREAD) });
      return;
    } finally {
      setJatsBusy(null);
    }
    const values = getValues();
    const fields: Partial<Record<FillableField, string>> = {};
    for (const field of Object.keys(FILLABLE) as FillableField[]) {
      const value = values[field];
      // a conference paper's form has pages, a journal paper's has not
      if (value !== undefined) fields[field] = String(value ?? "");
    }
    const plan = planFill(
      {
        fields,
        licence,
        defaultLicence: initial.scholarly.license_url,
        authors: authors.length,
        funding: funding.length,
        references: references.length,
      },
      metadata,
    );
    for (const [field, value] of Object.entries(plan.fields) as [FillableField, string][]) {
      setValue(field, value, { shouldDirty: true });
    }
    if (plan.licence !== null) setLicence(plan.licence);
    if (plan.authors) setAuthors(metadata.authors.map(authorRowOf));
    if (plan.funding) setFunding(metadata.scholarly.funding.map(fundingRowOf));
    if (plan.references) setReferences(metadata.scholarly.references.map(referenceRowOf));
    // the JATS file's languages (decision 440), where the form has none yet
    if (!values.language && metadata.language) {
      setValue("language", metadata.language, { shouldDirty: true });
    }
    if (translations.length === 0 && metadata.translations.length) {
      setTranslations(metadata.translations.map(translationRowOf));
    }
    setJatsNote(fillMessage(plan, metadata.left_out, t, locale));
  };

  const onSubmit = handleSubmit(send, () => {
    setPathErrors(checkLists(lists()));
    if (fileMissing()) setFileError(PDF_MISSING);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-3xl space-y-6">
      {dialog}
      {publications ? (
        <SelectField
          label={t("Publication")}
          required
          error={errors.sel_publication?.message}
          hint={
            publications.length === 0
              ? t("This journal has no publication yet: create one first.")
              : undefined
          }
          {...register("sel_publication")}
        >
          <option value="">{t("-- Select --")}</option>
          {publications.map((p) => (
            <option key={p.value} value={String(p.value)}>
              {p.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField label={t("Title")} required error={errors.title?.message} {...register("title")} />
      <CodeField
        label={t("DOI Number")}
        optional
        hint={t("Such as 10.1371/journal.pone.0115884; a https://doi.org/ link is fine too.")}
        error={errors.doi?.message}
        {...register("doi")}
      />
      <TextAreaField
        label={t("Abstract")}
        required
        error={errors.abstract?.message}
        {...register("abstract")}
      />
      <TextField
        label={t("Keywords")}
        optional
        hint={t("Separate keywords with commas or semicolons.")}
        error={errors.keywords?.message}
        {...register("keywords")}
      />
      <LanguageSelect
        label={t("Language of the paper")}
        optional
        none={conference ? t("The proceeding's language") : t("The journal's language")}
        error={errors.language?.message}
        {...register("language")}
      />
      {conference ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("First Page")}
            optional
            inputMode="numeric"
            hint={t("As printed, such as 465 or e1003.")}
            error={errors.first_page?.message}
            {...register("first_page")}
          />
          <TextField
            label={t("Last Page")}
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
        current={pdf}
        note={textNote}
        onRemove={removePdf ? removeFile : undefined}
        removing={pdfRemoving}
        removedNote={pdfNote}
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
        current={fullText}
        onRemove={removeJats ? removeFullText : undefined}
        removing={jatsBusy === "removing"}
        onFill={fillFromJats}
        filling={jatsBusy === "filling"}
        note={jatsNote}
        onChange={setJats}
      />
      <AuthorRowsField
        rows={authors}
        onChange={setAuthors}
        errors={pathErrors}
        setError={setPathError}
      />
      <Section
        title={
          translations.length
            ? t("Other languages ({count, number})", { count: translations.length })
            : t("Other languages")
        }
        defaultOpen={translations.length > 0 && translations.length <= 2}
        problem={hasErrorUnder(pathErrors, "translations")}
      >
        <div className="sm:col-span-2">
          <TranslationRowsField
            rows={translations}
            onChange={setTranslations}
            errors={pathErrors}
            setError={setPathError}
          />
        </div>
      </Section>
      <Section
        title={t("Licence and copyright")}
        defaultOpen
        problem={!!(pathErrors.license_url || errors.copyright_holder || errors.copyright_year)}
      >
        <LicenceSelect
          label={t("Licence")}
          className="sm:col-span-2"
          stored={initial.scholarly.license_url}
          hint={
            conference
              ? t("The licence readers may use the paper under.")
              : t(
                  "The licence readers may use the paper under; a new paper starts with the journal's.",
                )
          }
          value={licence}
          error={pathErrors.license_url}
          onChange={(event) => {
            setPathError("license_url", undefined);
            setLicence(event.target.value);
          }}
        />
        <TextField
          label={t("Copyright holder")}
          optional
          hint={t("Such as The Authors.")}
          error={errors.copyright_holder?.message}
          {...register("copyright_holder")}
        />
        <TextField
          label={t("Copyright year")}
          optional
          inputMode="numeric"
          autoComplete="off"
          error={errors.copyright_year?.message}
          {...register("copyright_year")}
        />
      </Section>
      <Section
        title={t("Dates")}
        defaultOpen
        problem={!!(errors.published_on || errors.received_on || errors.accepted_on)}
      >
        <TextField
          label={t("Date published")}
          optional
          className="sm:col-span-2"
          autoComplete="off"
          placeholder="YYYY-MM-DD"
          hint={
            conference
              ? t(
                  "Year, year-month or a full date, such as 2019-10-15; blank: the conference's year.",
                )
              : t("Year, year-month or a full date, such as 2019-10-15; blank: the issue's date.")
          }
          error={errors.published_on?.message}
          {...register("published_on")}
        />
        <TextField
          label={t("Received")}
          optional
          autoComplete="off"
          placeholder="YYYY-MM-DD"
          error={errors.received_on?.message}
          {...register("received_on")}
        />
        <TextField
          label={t("Accepted")}
          optional
          autoComplete="off"
          placeholder="YYYY-MM-DD"
          error={errors.accepted_on?.message}
          {...register("accepted_on")}
        />
      </Section>
      <Section
        title={
          funding.length ? t("Funding ({count, number})", { count: funding.length }) : t("Funding")
        }
        defaultOpen={funding.length > 0 && funding.length <= 3}
        problem={!!errors.funding_statement || hasErrorUnder(pathErrors, "funding")}
      >
        <TextAreaField
          label={t("Funding statement")}
          optional
          rows={3}
          className="sm:col-span-2"
          error={errors.funding_statement?.message}
          {...register("funding_statement")}
        />
        <div className="sm:col-span-2">
          <FundingRowsField
            rows={funding}
            onChange={setFunding}
            errors={pathErrors}
            setError={setPathError}
          />
        </div>
      </Section>
      <Section
        title={
          references.length
            ? t("References ({count, number})", { count: references.length })
            : t("References")
        }
        defaultOpen={references.length > 0 && references.length <= 5}
        problem={hasErrorUnder(pathErrors, "references")}
      >
        <div className="sm:col-span-2">
          <ReferenceRowsField
            rows={references}
            onChange={setReferences}
            errors={pathErrors}
            setError={setPathError}
          />
        </div>
      </Section>
      {mode === "edit" ? (
        // an edit of a published paper makes a new version (decision 490)
        <div className="space-y-4 rounded-sm border border-slate-200 bg-slate-50 p-4">
          <TextField
            label={t("Change note")}
            optional
            hint={t(
              "Said with the new version on the paper's page when the paper is published; the earlier version stays readable.",
            )}
            error={errors.version_note?.message}
            {...register("version_note")}
          />
          <CheckboxField
            label={t("Minor fix, no new version")}
            hint={t("For a metadata fix only; a new PDF or full text always makes a new version.")}
            {...register("minor_fix")}
          />
        </div>
      ) : null}
      <FormFooter
        busy={action.busy}
        label={t(submitLabel)}
        busyLabel={t(busyLabel)}
        error={action.failure}
      >
        {success ? (
          <FormSuccess message={success.message}>
            <p className="mt-1 flex flex-wrap gap-x-4">
              <Link to={openLink(success.paperID)} className={textLinkClass}>
                {t("Open the paper")}
              </Link>
              {clearOnSuccess ? (
                <Link to={editLink(success.paperID)} className={textLinkClass}>
                  {t("Edit it")}
                </Link>
              ) : null}
            </p>
          </FormSuccess>
        ) : null}
        {/* On edit the reloaded paper's note shows under its file instead. */}
        {success && clearOnSuccess ? <FormNote message={success.note} /> : null}
      </FormFooter>
    </form>
  );
}

/**
 * A folding section of the form (`<details>`): open at first when `defaultOpen`, and opened
 * whenever `problem` turns true, so a message inside is never hidden.
 */
function Section({
  title,
  defaultOpen = false,
  problem,
  children,
}: {
  title: string;
  defaultOpen?: boolean;
  problem: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (problem) setOpen(true);
  }, [problem]);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-sm border border-slate-300"
    >
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-800 sm:px-4">
        {title}
        {problem ? (
          <span className="font-medium text-red-700"> · {t("needs a correction")}</span>
        ) : null}
      </summary>
      <div className="grid gap-4 border-t border-slate-200 p-3 sm:grid-cols-2 sm:p-4">
        {children}
      </div>
    </details>
  );
}
