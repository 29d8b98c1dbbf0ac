/**
 * The form of Create proceeding and Edit proceeding (docs/product/screens.md, docs/product/data.md and docs/product/api.md):
 *
 * - Event select. Create: '-- Select --', the existing events, 'New Event'; choosing New Event
 *   reveals Event Name, Event Start Date and Event End Date (date inputs). Edit: the existing
 *   events and 'New Event', the proceeding's event chosen; any chosen value reveals the event
 *   fields, prefilled with that event's values for an existing one (empty for New Event). On
 *   edit, the fields of an existing event change that event, for every proceeding of it
 *   (server/features/proceedings/commands.ts), and the form says so.
 * - Proceeding Title (required), Sub Title, Publisher, ISSN, Publication Year (51 years,
 *   required), Cover Image (required on create, optional on edit), Introduction (Summary,
 *   required), Editor(s) (name, email, institution, role; Add and X).
 *
 * Sent as multipart (`event`, `event_name`, `event_start_date`, `event_end_date`, `title`,
 * `sub_title`, `issn`, `publisher`, `year`, `intro`, `cover_img`, `editors[i][...]`, plus
 * `primary_event_id` on edit). Buttons 'Create' / 'Creating...' and 'Update' / 'Updating...';
 * the body goes to the route's `clientAction` (app/components/dashboard/form-action.ts), which
 * makes the call; a failure shows the server's msg, else the spec's default (the route's
 * 'Proceedings Submission failed' / 'Proceedings Update failed'), below the form. Validation uses the
 * shared schemas (`proceedingSchema`, `proceedingEditSchema`). Why the event select works this
 * way: docs/decisions/072-proceeding-event-edits.md.
 */
import { useState } from "react";
import type { ProceedingEdit, ProceedingEventItem } from "../../../shared/api.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";
import {
  type ProceedingInput,
  type ProceedingValues,
  proceedingEditSchema,
  proceedingSchema,
} from "../../../shared/schemas.ts";
import { useT } from "../../i18n/use-t.tsx";
import { toFormData } from "../../lib/form-data.ts";
import {
  FormFooter,
  IssnField,
  PeopleListField,
  type Person,
  SelectField,
  TextAreaField,
  TextField,
  YearSelect,
} from "../forms/index.ts";
import { useSchemaForm } from "../forms/use-schema-form.ts";
import { useFormAction } from "./form-action.ts";
import { ImageFileField, imageHint, useImageChoice } from "./image-file-field.tsx";
import { LanguageSelect } from "./language-select.tsx";
import { applyServerErrors } from "./server-errors.ts";

type Key = Exclude<keyof ProceedingValues, "editors">;
const KEYS: readonly Key[] = [
  "event",
  "event_name",
  "event_start_date",
  "event_end_date",
  "title",
  "sub_title",
  "issn",
  "publisher",
  "year",
  "intro",
  "language",
];

export type ProceedingFormProps = {
  events: ProceedingEventItem[];
  /** Done successfully: the server's msg. */
  onSaved: (msg: string) => void;
} & ({ mode: "create"; proceeding?: undefined } | { mode: "edit"; proceeding: ProceedingEdit });

/** An event as the select names it; its days as stored (`YYYY-MM-DD`, decision 073). */
function eventLabel(event: ProceedingEventItem, t: Translate): string {
  return t("{name} ({start} to {end})", {
    name: event.event_name,
    start: event.start_date,
    end: event.end_date,
  });
}

export function ProceedingForm({ mode, events, proceeding, onSaved }: ProceedingFormProps) {
  const t = useT();
  const editing = mode === "edit";
  const [editors, setEditors] = useState<Person[]>(proceeding?.editors ?? []);
  const cover = useImageChoice({
    required: !editing,
    missing: msg("Choose a cover image for the proceeding."),
  });
  const [editorsError, setEditorsError] = useState<string>();
  const action = useFormAction((result) => {
    if (result.ok) return onSaved(result.msg);
    const rest = applyServerErrors(result.errors, KEYS, setError);
    if (rest.cover_img) cover.showError(rest.cover_img);
    setEditorsError(Object.entries(rest).find(([k]) => k.startsWith("editors"))?.[1]);
  });
  // Both schemas take the same form values; the edit one only adds `primary_event_id`, which the
  // form adds when sending.
  const { field, handleSubmit, setError, setValue, watch } = useSchemaForm<
    ProceedingValues,
    ProceedingInput
  >(editing ? proceedingEditSchema : proceedingSchema, {
    event: proceeding ? String(proceeding.event_id) : "",
    event_name: proceeding?.event_name ?? "",
    event_start_date: proceeding?.event_start_date ?? "",
    event_end_date: proceeding?.event_end_date ?? "",
    title: proceeding?.title ?? "",
    sub_title: proceeding?.sub_title ?? "",
    issn: proceeding?.issn ?? "",
    publisher: proceeding?.publisher ?? "",
    year: proceeding ? String(proceeding.year) : "",
    intro: proceeding?.intro ?? "",
    language: proceeding?.language ?? "en",
  });

  const event = watch("event") ?? "";
  const showEvent = editing ? event !== "" : event === "new";
  const chosen = events.find((e) => String(e.event_id) === event);

  const eventSelect = field("event", {
    onChange: (change: React.ChangeEvent<HTMLSelectElement>) => {
      if (!editing) return;
      const picked = events.find((e) => String(e.event_id) === change.target.value);
      setValue("event_name", picked?.event_name ?? "");
      setValue("event_start_date", picked?.start_date ?? "");
      setValue("event_end_date", picked?.end_date ?? "");
    },
  });

  const onSubmit = handleSubmit(
    ...cover.checkedSubmit((values: ProceedingInput) => {
      const eventFields = showEvent
        ? {}
        : { event_name: "", event_start_date: "", event_end_date: "" };
      const body = toFormData(
        {
          ...values,
          ...eventFields,
          ...(proceeding ? { primary_event_id: proceeding.event_id } : {}),
          editors,
        },
        { cover_img: cover.file },
      );
      action.submit("proceeding", body);
    }, action.dismiss),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="max-w-3xl space-y-6"
      aria-label={editing ? t("Edit proceeding") : t("Create proceeding")}
    >
      <SelectField label={t("Event")} required {...eventSelect}>
        {editing ? null : <option value="">{t("-- Select --")}</option>}
        {events.map((e) => (
          <option key={e.event_id} value={String(e.event_id)}>
            {eventLabel(e, t)}
          </option>
        ))}
        <option value="new">{t("New Event")}</option>
      </SelectField>

      {showEvent ? (
        <fieldset className="grid gap-5 rounded-sm border border-slate-300 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {event === "new" ? t("New event") : t("Event details")}
          </legend>
          {editing && chosen ? (
            <p className="text-sm text-slate-700 sm:col-span-2">
              {t(
                "These are the details of the event itself: changing them changes them for every proceeding of this event. To give this proceeding another event, choose it above or New Event.",
              )}
            </p>
          ) : null}
          <TextField
            label={t("Event Name")}
            required
            className="sm:col-span-2"
            {...field("event_name")}
          />
          <TextField
            label={t("Event Start Date")}
            type="date"
            required
            {...field("event_start_date")}
          />
          <TextField
            label={t("Event End Date")}
            type="date"
            required
            {...field("event_end_date")}
          />
        </fieldset>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("Proceeding Title")}
          required
          className="sm:col-span-2"
          {...field("title")}
        />
        <TextField
          label={t("Sub Title")}
          optional
          className="sm:col-span-2"
          {...field("sub_title")}
        />
        <TextField label={t("Publisher")} optional {...field("publisher")} />
        <IssnField optional {...field("issn")} />
        <YearSelect label={t("Publication Year")} required {...field("year")} />
        <LanguageSelect
          label={t("Language of its papers")}
          hint={t("Unless a paper says otherwise.")}
          {...field("language")}
        />
        <div className="sm:col-span-2">
          <ImageFileField
            label={t("Cover Image")}
            name="cover_img"
            currentSrc={proceeding?.cover_img}
            hint={t(imageHint("cover", editing))}
            {...cover.field}
          />
        </div>
        <TextAreaField
          label={t("Introduction (Summary)")}
          required
          className="sm:col-span-2"
          {...field("intro")}
        />
      </div>

      <PeopleListField
        kind="editor"
        legend={t("Editor(s)")}
        people={editors}
        onChange={(people) => {
          setEditors(people);
          setEditorsError(undefined);
        }}
        error={editorsError}
      />

      <FormFooter
        busy={action.busy}
        label={editing ? t("Update") : t("Create")}
        busyLabel={editing ? t("Updating...") : t("Creating...")}
        error={action.failure}
      />
    </form>
  );
}
