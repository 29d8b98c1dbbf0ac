/**
 * The form of a partner institution of the home page carousel (docs/product/overview.md), for adding one
 * (POST /api/create_partner) and editing one (POST /api/edit_partner/{id}): Name (required),
 * Link (optional, an http(s) address, `type="url"`) and Logo (an image; required when adding,
 * optional when editing). Validated with the shared `partnerSchema`, then submitted to the
 * route's `clientAction` with the intent `create` or `edit:{id}`
 * (app/components/dashboard/form-action.ts); failures show the server's msg, else 'Something
 * went wrong.', below the form; field messages under their fields.
 * Calls and rules: docs/decisions/074-partner-calls.md.
 */
import { useId } from "react";
import type { PartnerItem } from "../../../shared/api.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { type PartnerInput, partnerSchema } from "../../../shared/schemas.ts";
import { useT } from "../../i18n/use-t.tsx";
import { toFormData } from "../../lib/form-data.ts";
import { FormError, SubmitButton, TextField } from "../forms/index.ts";
import { useSchemaForm } from "../forms/use-schema-form.ts";
import { buttonClass } from "../ui/styles.ts";
import { useFormAction } from "./form-action.ts";
import { ImageFileField, imageHint, useImageChoice } from "./image-file-field.tsx";
import { applyServerErrors } from "./server-errors.ts";

export function PartnerForm({
  partner,
  onSaved,
  onCancel,
  narrow = false,
}: {
  /** The partner being edited; absent when adding one. */
  partner?: PartnerItem;
  /** Called with the server's msg after a successful save, once the page has reloaded. */
  onSaved: (msg: string) => void;
  onCancel?: () => void;
  /** One column (a sidebar) instead of two. */
  narrow?: boolean;
}) {
  const t = useT();
  const editing = Boolean(partner);
  const headingId = useId();
  const logo = useImageChoice({
    required: !editing,
    missing: msg("Choose the partner's logo image."),
  });
  const { field, handleSubmit, setError, reset } = useSchemaForm(partnerSchema, {
    name: partner?.name ?? "",
    link: partner?.link ?? "",
  });

  const action = useFormAction((result) => {
    if (!result.ok) {
      const rest = applyServerErrors(result.errors, ["name", "link"] as const, setError);
      if (rest.logo) logo.showError(rest.logo);
      return;
    }
    if (!editing) {
      reset();
      logo.clear();
    }
    onSaved(result.msg);
  });

  const onSubmit = handleSubmit(
    ...logo.checkedSubmit((values: PartnerInput) => {
      action.submit(
        partner ? `edit:${partner.id}` : "create",
        toFormData({ name: values.name, link: values.link }, { logo: logo.file }),
      );
    }, action.dismiss),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-5">
      <h2 id={headingId} className={editing ? "sr-only" : "text-xl font-semibold"}>
        {editing ? t("Edit {name}", { name: partner!.name }) : t("Add a Partner")}
      </h2>
      <div className={`grid gap-5 ${narrow ? "" : "sm:grid-cols-2"}`}>
        <TextField label={t("Name")} required autoComplete="organization" {...field("name")} />
        <TextField
          label={t("Link")}
          type="url"
          inputMode="url"
          optional
          placeholder="https://www.example.edu"
          autoComplete="url"
          {...field("link")}
        />
        <div className={narrow ? "" : "sm:col-span-2"}>
          <ImageFileField
            key={logo.key}
            label={t("Logo")}
            name="logo"
            previewShape="logo"
            currentSrc={partner?.logo}
            hint={t(imageHint("logo", editing))}
            {...logo.field}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={action.busy} busyLabel={editing ? t("Updating...") : t("Adding...")}>
          {editing ? t("Update") : t("Add Partner")}
        </SubmitButton>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClass("secondary", "min-h-11")}>
            {t("Cancel")}
          </button>
        ) : null}
      </div>
      <FormError message={action.failure} />
    </form>
  );
}
