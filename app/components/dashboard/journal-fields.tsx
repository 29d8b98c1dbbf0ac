/**
 * The fields of the journal forms (docs/product/screens.md, docs/product/data.md and docs/product/validation.md), shared by Create journal and
 * Edit journal: {@link JournalBasicsFields} (step 1 / 'Main Details': Journal Name, Journal
 * Abbreviation, Journal URI, the cover, Publisher, Publishing Frequency, Subject (issue 8), ISSN, Journal
 * Introduction (Summary), and the Licence of its papers (issue 16, decision 257: the default of each
 * new paper's licence)) and {@link SubmissionInfoFields} (step 2 / 'Submission Info':
 * Submission Guidelines, Other Guidelines, Journal Email, Paper Submission Cost, Contact Full
 * Name, Contact Email). All are required (docs/product/validation.md); the emails are `type="email"`.
 *
 * The form owns the values: `field(name)` gives react-hook-form's `register(name)` props plus
 * the field's error message, so one component serves forms of different value types. The
 * Submission Info values are the same on both screens, so their form is shared too
 * ({@link SubmissionInfoForm}).
 */
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { JournalDetail } from "../../../shared/api.ts";
import { FREQUENCIES, FREQUENCY_LABELS, SUBJECTS } from "../../../shared/constants.ts";
import { DEFAULT_DOI_PATTERN } from "../../../shared/doi-pattern.ts";
import { slugify } from "../../../shared/format.ts";
import { journalStep2Schema } from "../../../shared/schemas.ts";
import { useT } from "../../i18n/use-t.tsx";
import { toFormData } from "../../lib/form-data.ts";
import {
  CodeField,
  EmailField,
  FormFooter,
  IssnField,
  SelectField,
  TextAreaField,
  TextField,
} from "../forms/index.ts";
import { useSchemaForm } from "../forms/use-schema-form.ts";
import { type ImageChoice, ImageFileField, imageHint } from "./image-file-field.tsx";
import { LanguageSelect } from "./language-select.tsx";
import { LicenceSelect } from "./licence-select.tsx";
import { useNoticeForm } from "./use-notice-form.ts";

/**
 * The Journal URI offered for a journal name (docs/decisions/070-journal-creation-steps.md):
 * lower-case ASCII letters, digits and hyphens, at most 60 characters, matching the slug rule of
 * docs/product/data.md#tables (`[a-z0-9][a-z0-9-]*`); `""` while the name has no letter or digit.
 */
export function uriFromName(name: string): string {
  return /[a-z0-9]/i.test(name.normalize("NFKD")) ? slugify(name, 60) : "";
}

export type FieldProps<K extends string> = UseFormRegisterReturn<K> & { error?: string };
export type FieldOf<K extends string> = (name: K) => FieldProps<K>;

export type BasicsKey =
  | "journal_name"
  | "abbreviation"
  | "journal_uri"
  | "publisher"
  | "pub_frequency"
  | "subject"
  | "issn"
  | "journal_intro"
  | "license_url"
  | "doi_prefix"
  | "doi_pattern"
  | "preservation"
  | "update_policy"
  | "update_policy_doi"
  | "primary_language"
  | "languages";

export type SubmissionKey =
  | "submission_guide"
  | "other_guide"
  | "journal_email"
  | "journal_cost"
  | "contact_name"
  | "contact_email";

/** The fields of {@link JournalBasicsFields}, whose server messages go under them. */
export const BASICS_KEYS: readonly BasicsKey[] = [
  "journal_name",
  "abbreviation",
  "journal_uri",
  "publisher",
  "pub_frequency",
  "subject",
  "issn",
  "journal_intro",
  "license_url",
  "doi_prefix",
  "doi_pattern",
  "preservation",
  "update_policy",
  "update_policy_doi",
  "primary_language",
  "languages",
];

/**
 * The Submission Info form (create step 2 'Guidelines and contacts', edit tab 'Submission
 * Info'): react-hook-form over `journalStep2Schema`, prefilled from `journal`, sent with the
 * journal's URI as multipart to the route's `clientAction` under `intent`
 * ({@link useNoticeForm}); the answer shows below the form, and `onSuccess` has the server's msg
 * of a successful save.
 */
export function SubmissionInfoForm({
  journal,
  intent,
  label,
  lead,
  onSuccess,
}: {
  journal: JournalDetail;
  intent: string;
  /** The form's accessible name, translated. */
  label: string;
  /** A paragraph above the fields. */
  lead?: ReactNode;
  onSuccess?: (msg: string) => void;
}) {
  const t = useT();
  const form = useNoticeForm(
    intent,
    useSchemaForm(journalStep2Schema, {
      submission_guide: journal.sub_guide,
      other_guide: journal.other_guide,
      journal_email: journal.email,
      journal_cost: journal.cost,
      contact_name: journal.contact_name,
      contact_email: journal.contact_email,
      journal_uri: journal.uri,
    }),
    { onSuccess, body: (values) => toFormData({ ...values, journal_uri: journal.uri }) },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="max-w-3xl space-y-6" aria-label={label}>
      {lead}
      <SubmissionInfoFields field={form.field} />
      <FormFooter
        busy={form.busy}
        label={t("Submit")}
        busyLabel={t("Submitting...")}
        notice={form.notice}
      />
    </form>
  );
}

export function JournalBasicsFields({
  field,
  cover,
  currentCover,
  uriHint,
  storedLicence = "",
}: {
  field: FieldOf<BasicsKey>;
  /** The journal's licence now (edit), offered even when it is none of the choices. */
  storedLicence?: string;
  /** The Journal Cover Image (required on create, optional on edit: `useImageChoice`). */
  cover: ImageChoice;
  /** The cover stored now (edit), previewed until another is chosen. */
  currentCover?: string | null;
  uriHint?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label={t("Journal Name")}
        required
        className="sm:col-span-2"
        {...field("journal_name")}
      />
      <TextField label={t("Journal Abbreviation")} required {...field("abbreviation")} />
      <TextField
        label={t("Journal URI")}
        required
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        hint={uriHint}
        {...field("journal_uri")}
      />
      <div className="sm:col-span-2">
        <ImageFileField
          key={cover.key}
          label={t("Journal Cover Image")}
          name="cover_img"
          currentSrc={currentCover}
          hint={t(imageHint("cover", !cover.field.required))}
          {...cover.field}
        />
      </div>
      <TextField label={t("Publisher")} required {...field("publisher")} />
      <SelectField label={t("Publishing Frequency")} required {...field("pub_frequency")}>
        <option value="">{t("-- Select --")}</option>
        {FREQUENCIES.map((value) => (
          <option key={value} value={value}>
            {t(FREQUENCY_LABELS[value])}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("Subject")}
        required
        hint={t("Where the journal is listed on the home page and under About.")}
        {...field("subject")}
      >
        <option value="">{t("-- Select --")}</option>
        {SUBJECTS.map((subject) => (
          <option key={subject.key} value={subject.key}>
            {t(subject.name)}
          </option>
        ))}
      </SelectField>
      <IssnField required {...field("issn")} />
      <TextAreaField
        label={t("Journal Introduction (Summary)")}
        required
        className="sm:col-span-2"
        {...field("journal_intro")}
      />
      <LanguageSelect
        label={t("Primary language")}
        hint={t("The language of its papers unless a paper says otherwise.")}
        {...field("primary_language")}
      />
      <LanguageSelect
        label={t("Languages it publishes in")}
        multiple
        size={6}
        hint={t(
          "Besides the primary language; hold Ctrl (⌘ on a Mac) to choose several. Papers may give their title, abstract and keywords in these too.",
        )}
        {...field("languages")}
      />
      <LicenceSelect
        label={t("Licence of its papers")}
        className="sm:col-span-2"
        stored={storedLicence}
        hint={t(
          "Each new paper starts with this licence; a paper's own form can change it. Plan S and the DOAJ Seal ask for CC BY.",
        )}
        {...field("license_url")}
      />
      <CodeField
        label={t("DOI Prefix")}
        hint={t(
          "Given by Crossref, such as 10.12345; papers without a DOI get one when you register DOIs.",
        )}
        {...field("doi_prefix")}
      />
      <CodeField
        label={t("DOI Pattern")}
        hint={t(
          "Empty for {pattern}: %j journal, %v volume, %i issue, %Y year, %a paper id, %p page.",
          { pattern: DEFAULT_DOI_PATTERN },
        )}
        {...field("doi_pattern")}
      />
      <TextAreaField
        label={t("Preservation")}
        className="sm:col-span-2"
        hint={t(
          "How the journal's content is preserved (LOCKSS, CLOCKSS, Portico, a national library); shown on the journal's page.",
        )}
        {...field("preservation")}
      />
      <TextAreaField
        label={t("Update policy")}
        className="sm:col-span-2"
        optional
        hint={t(
          "How the journal corrects, retracts and withdraws papers; shown at the journal's update policy page.",
        )}
        {...field("update_policy")}
      />
      <CodeField
        label={t("Update policy DOI")}
        optional
        hint={t("The DOI of the update policy page, which Crossmark names in Crossref deposits.")}
        {...field("update_policy_doi")}
      />
    </div>
  );
}

export function SubmissionInfoFields({ field }: { field: FieldOf<SubmissionKey> }) {
  const t = useT();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextAreaField
        label={t("Submission Guidelines")}
        required
        className="sm:col-span-2"
        {...field("submission_guide")}
      />
      <TextAreaField
        label={t("Other Guidelines")}
        required
        className="sm:col-span-2"
        {...field("other_guide")}
      />
      <EmailField
        label={t("Journal Email")}
        autoComplete="off"
        required
        {...field("journal_email")}
      />
      <TextField
        label={t("Paper Submission Cost")}
        required
        hint={t("Free text, such as None or USD 50.")}
        {...field("journal_cost")}
      />
      <TextField
        label={t("Contact Full Name")}
        required
        autoComplete="off"
        {...field("contact_name")}
      />
      <EmailField
        label={t("Contact Email")}
        autoComplete="off"
        required
        {...field("contact_email")}
      />
    </div>
  );
}
