/**
 * 'Add a notice' on a published paper's edit screen (issue 33, decision 490): the type (Crossref's
 * update types, shared/updates.ts), title, text, date and optional DOI of a correction,
 * retraction… checked by `paperUpdateSchema` in the browser and again by the server; sent as the
 * screen's `update-notice` intent to POST /api/add_paper_update/{journal}/{paper}. The answer is
 * the message below the form; on success the form empties.
 */
import { paperUpdateSchema } from "../../../shared/schemas.ts";
import { UPDATE_TYPE_LABELS, UPDATE_TYPES } from "../../../shared/updates.ts";
import { useT } from "../../i18n/use-t.tsx";
import { SelectField, TextAreaField, TextField } from "../forms/index.ts";
import { useSchemaForm } from "../forms/use-schema-form.ts";
import { FormCard, type FormCardText } from "./form-card.tsx";
import { useNoticeForm } from "./use-notice-form.ts";

/** The intent the edit screen's `clientAction` sends to POST /add_paper_update. */
export const UPDATE_NOTICE_INTENT = "update-notice";

export function UpdateNoticeForm() {
  const t = useT();
  const text: FormCardText = {
    title: t("Add a notice"),
    lead: t(
      "A correction, retraction or other notice about this published paper. It is shown on the paper's page and sent to Crossref; a retraction stamps the PDF download.",
    ),
    submit: t("Add notice"),
    busy: t("Adding..."),
  };
  const empty = {
    type: "correction" as const,
    title: "",
    text: "",
    date: new Date().toISOString().slice(0, 10),
    doi: "",
  };
  const schemaForm = useSchemaForm(paperUpdateSchema, empty);
  const form = useNoticeForm(UPDATE_NOTICE_INTENT, schemaForm, {
    onSuccess: () => schemaForm.reset(empty),
  });
  return (
    <FormCard id="notice-heading" text={text} form={form}>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label={t("Type")} required {...form.field("type")}>
          {UPDATE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(UPDATE_TYPE_LABELS[type])}
            </option>
          ))}
        </SelectField>
        <TextField label={t("Date")} type="date" required {...form.field("date")} />
      </div>
      <TextField label={t("Notice title")} required {...form.field("title")} />
      <TextAreaField label={t("Notice text")} rows={4} required {...form.field("text")} />
      <TextField label={t("Notice DOI (optional)")} dir="ltr" {...form.field("doi")} />
    </FormCard>
  );
}
