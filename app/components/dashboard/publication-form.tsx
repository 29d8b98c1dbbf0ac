/**
 * The form of Create publication and Edit publication (docs/product/screens.md, docs/product/validation.md and docs/product/api.md): Volume Number
 * and Issue Number (required text, whole numbers: docs/decisions/001-volume-and-number.md),
 * Publication Title (optional), Publication Year (required, 51 choices), Cover Image (required
 * on create, optional on edit) and Editor(s) (name, email, institution, role; Add and X). Added
 * to the spec's fields (decision 185): a 'Continuous publication (not numbered)' checkbox,
 * sent as `show_number` Y/N; the Issue Number then only keys the issue's URL. Added for issue 16
 * (decisions 255, 258 and 251): the publication date's Month and Day (optional; with the year
 * they make `publication_date`, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`), and the Status, Draft
 * (a new issue's default: readers do not see it until published) or Published, sent as `status`.
 *
 * It checks the fields with the server's own schema (`publicationSchema`), then submits the
 * multipart body (`volume, issue, title, year, cover_img, editors[i][name,email,institution,
 * role]`) to its route's `clientAction` (app/components/dashboard/form-action.ts). While
 * sending, the button shows `busyLabel`. On success it calls `onDone`; on failure the action's
 * message (the server's msg, else the route's default) shows under the form, and the server's
 * field messages under their fields.
 */
import { useState } from "react";
import type { z } from "zod";
import type { EditorInput } from "../../../shared/api.ts";
import { isPartialDate, partialDateMessage } from "../../../shared/dates.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { publicationFieldsSchema } from "../../../shared/schemas.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { toFormData } from "../../lib/form-data.ts";
import {
  CheckboxField,
  FormFooter,
  PeopleListField,
  type Person,
  SelectField,
  TextField,
  YearSelect,
} from "../forms/index.ts";
import { useSchemaForm } from "../forms/use-schema-form.ts";
import { useFormAction } from "./form-action.ts";
import { monthNames } from "./formats.ts";
import { ImageFileField, imageHint, useImageChoice } from "./image-file-field.tsx";
import { applyServerErrors } from "./server-errors.ts";

const fieldsSchema = publicationFieldsSchema.omit({
  editors: true,
  show_number: true,
  publication_date: true,
  status: true,
});
type FieldOutput = z.output<typeof fieldsSchema>;
const FIELDS = ["volume", "issue", "title", "year"] as const;

const COVER_MISSING = msg("Choose a cover image for the publication.");

export type PublicationFormInitial = {
  volume: string;
  issue: string;
  title: string;
  /** A year, or `""` for none chosen yet. */
  year: number | "";
  /** False: the issue has no real number (continuous publication). Absent: true. */
  show_number?: boolean;
  editors: EditorInput[];
  /** The stored publication date (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`); absent or `""`: the year. */
  publication_date?: string;
  /** `draft` or `published`; absent: a new issue, a draft unless chosen (decision 258). */
  status?: string;
};

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` from the year and the chosen month and day. */
function publicationDate(year: number, month: string, day: string): string {
  const two = (n: string) => n.trim().padStart(2, "0");
  if (!month) return String(year);
  return day.trim() ? `${year}-${two(month)}-${two(day)}` : `${year}-${two(month)}`;
}

export function PublicationForm({
  initial,
  currentCover = null,
  coverRequired,
  submitLabel,
  busyLabel,
  onDone,
}: {
  initial: PublicationFormInitial;
  /** The cover stored now (edit), previewed until another is chosen. */
  currentCover?: string | null;
  coverRequired: boolean;
  /** The button's label, idle and busy, translated. */
  submitLabel: string;
  busyLabel: string;
  /** Called with the server's message once the publication is saved. */
  onDone: (message: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { field, handleSubmit, setError } = useSchemaForm(fieldsSchema, {
    volume: initial.volume,
    issue: initial.issue,
    title: initial.title,
    year: initial.year ? String(initial.year) : "",
  });
  const [editors, setEditors] = useState<Person[]>(initial.editors);
  const [unnumbered, setUnnumbered] = useState(initial.show_number === false);
  const [, storedMonth = "", storedDay = ""] = (initial.publication_date ?? "").split("-");
  const [month, setMonth] = useState(storedMonth.replace(/^0/, ""));
  const [day, setDay] = useState(storedDay.replace(/^0/, ""));
  const [dateError, setDateError] = useState<string | undefined>();
  const [status, setStatus] = useState(initial.status === "published" ? "published" : "draft");
  const cover = useImageChoice({ required: coverRequired, missing: COVER_MISSING });
  const [editorsError, setEditorsError] = useState<string | undefined>();
  const action = useFormAction((result) => {
    if (result.ok) return onDone(result.msg);
    const rest = applyServerErrors(result.errors, FIELDS, setError);
    cover.showError(rest.cover_img);
    setDateError(rest.publication_date ?? rest.status);
    setEditorsError(Object.entries(rest).find(([k]) => k.startsWith("editors"))?.[1]);
  });

  const send = (values: FieldOutput) => {
    const date = publicationDate(values.year, month, day);
    // the date is chosen from a month and a day list, not typed: a day the month lacks (31
    // February) is told in those words, not as a typed date's format (issue 34)
    const badDate = isPartialDate(date)
      ? undefined
      : month && /^\d{1,2}$/.test(day)
        ? t("{month} {year} has no day {day}: choose a day from 1 to {last}.", {
            month: monthNames(locale)[Number(month) - 1] ?? month,
            year: String(values.year),
            day,
            last: new Date(Date.UTC(Number(values.year), Number(month), 0)).getUTCDate(),
          })
        : partialDateMessage("publication date");
    setDateError(badDate);
    if (!cover.ready() || badDate) return;
    cover.showError(undefined);
    setEditorsError(undefined);
    const body = toFormData(
      {
        ...values,
        show_number: unnumbered ? "N" : "Y",
        publication_date: date,
        status,
        editors: editors.map((e) => ({
          name: e.name,
          email: e.email,
          institution: e.institution,
          role: e.role ?? "",
        })),
      },
      { cover_img: cover.file },
    );
    action.submit("publication", body);
  };

  const onSubmit = handleSubmit(send, () => cover.ready());

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-3xl space-y-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("Volume Number")}
          required
          inputMode="numeric"
          autoComplete="off"
          {...field("volume")}
        />
        <TextField
          label={t("Issue Number")}
          required
          inputMode="numeric"
          autoComplete="off"
          {...field("issue")}
        />
        <CheckboxField
          className="sm:col-span-2"
          label={t("Continuous publication (not numbered)")}
          hint={t(
            "Volumes of journals that publish continuously have no issue number: the issue is then shown as Vol. and year only, and the Issue Number above only names its web address.",
          )}
          checked={unnumbered}
          onChange={(event) => setUnnumbered(event.currentTarget.checked)}
        />
        <TextField
          label={t("Publication Title")}
          optional
          className="sm:col-span-2"
          {...field("title")}
        />
        <YearSelect label={t("Publication Year")} required {...field("year")} />
        <fieldset className="grid grid-cols-2 gap-3 sm:col-span-2 sm:max-w-md">
          <legend className="mb-1 text-sm font-semibold text-slate-800">
            {t("Publication date")}{" "}
            <span className="font-normal text-slate-500">{t("(optional month and day)")}</span>
          </legend>
          <SelectField
            label={t("Month")}
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              if (!event.target.value) setDay("");
              setDateError(undefined);
            }}
          >
            <option value="">{t("— Year only —")}</option>
            {monthNames(locale).map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("Day")}
            inputMode="numeric"
            autoComplete="off"
            disabled={!month}
            value={day}
            onChange={(event) => {
              setDay(event.target.value);
              setDateError(undefined);
            }}
          />
          <p className="col-span-2 text-sm text-slate-600">
            {t("Papers of this issue are cited with this date unless they have their own.")}
          </p>
          {dateError ? (
            <p role="alert" className="col-span-2 text-sm font-medium text-red-700">
              {t(dateError)}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">{t("Status")}</legend>
          <div className="space-y-2">
            {(
              [
                [
                  "draft",
                  t("Draft"),
                  t("Readers do not see it yet: add its papers, then publish it."),
                ],
                ["published", t("Published"), t("Readers see it on the site now.")],
              ] as const
            ).map(([value, label, hint]) => (
              <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="status"
                  value={value}
                  checked={status === value}
                  onChange={() => setStatus(value)}
                  className="mt-0.5 size-4 shrink-0 accent-brand-800"
                />
                <span>
                  <span className="font-semibold">{label}</span>
                  <span className="block text-slate-600">{hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <ImageFileField
        label={t("Cover Image")}
        name="cover_img"
        hint={
          coverRequired
            ? t(imageHint("cover", false))
            : t("Choose a new image only to replace the current cover.")
        }
        currentSrc={currentCover}
        {...cover.field}
      />
      <PeopleListField
        kind="editor"
        legend={t("Editor(s)")}
        people={editors}
        onChange={setEditors}
        error={editorsError}
      />
      <FormFooter
        busy={action.busy}
        label={submitLabel}
        busyLabel={busyLabel}
        error={action.failure}
      />
    </form>
  );
}
