/**
 * The form of a partner institution of the home page carousel (docs/product/overview.md), for adding one
 * (POST /api/create_partner) and editing one (POST /api/edit_partner/{id}): Name (required),
 * Link (optional, an http(s) address, `type="url"`) and Logo (an image; required when adding,
 * optional when editing). Validated with the shared `partnerSchema`; failures show the server's
 * msg, else 'Something went wrong.', below the form; field messages under their fields.
 * Calls and rules: docs/decisions/074-partner-calls.md.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { PartnerItem } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { type PartnerInput, type PartnerValues, partnerSchema } from "../../../shared/schemas.ts";
import { apiPostForm, errorMessage } from "../../lib/api.ts";
import { toFormData } from "../../lib/form-data.ts";
import { FormError, SubmitButton, TextField } from "../forms/index.ts";
import { buttonClass } from "../ui/styles.ts";
import { ImageFileField } from "./image-file-field.tsx";
import { applyServerErrors } from "./server-errors.ts";

const NO_LOGO = "Choose the partner's logo image.";

export function PartnerForm({
  partner,
  onSaved,
  onCancel,
  narrow = false,
}: {
  /** The partner being edited; absent when adding one. */
  partner?: PartnerItem;
  /** Called with the server's msg after a successful save. */
  onSaved: (msg: string) => void;
  onCancel?: () => void;
  /** One column (a sidebar) instead of two. */
  narrow?: boolean;
}) {
  const editing = Boolean(partner);
  const headingId = useId();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoKey, setLogoKey] = useState(0);
  const [logoError, setLogoError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PartnerValues, unknown, PartnerInput>({
    resolver: zodResolver(partnerSchema),
    defaultValues: { name: partner?.name ?? "", link: partner?.link ?? "" },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(undefined);
      if (!editing && !logo) {
        setLogoError(NO_LOGO);
        return;
      }
      setBusy(true);
      try {
        const answer = await apiPostForm(
          partner ? `/edit_partner/${partner.id}` : "/create_partner",
          toFormData({ name: values.name, link: values.link }, { logo }),
          MESSAGES.somethingWentWrong,
        );
        if (!editing) {
          reset();
          setLogo(null);
          setLogoKey((k) => k + 1);
        }
        setBusy(false);
        onSaved(answer.msg);
      } catch (error) {
        const rest = applyServerErrors(error, ["name", "link"] as const, setError);
        if (rest.logo) setLogoError(rest.logo);
        setFormError(errorMessage(error, MESSAGES.somethingWentWrong));
        setBusy(false);
      }
    },
    () => {
      setFormError(undefined);
      if (!editing && !logo) setLogoError(NO_LOGO);
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-5">
      <h2 id={headingId} className={editing ? "sr-only" : "text-xl font-semibold"}>
        {editing ? `Edit ${partner!.name}` : "Add a Partner"}
      </h2>
      <div className={`grid gap-5 ${narrow ? "" : "sm:grid-cols-2"}`}>
        <TextField
          label="Name"
          required
          autoComplete="organization"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          label="Link"
          type="url"
          inputMode="url"
          optional
          placeholder="https://www.example.edu"
          autoComplete="url"
          error={errors.link?.message}
          {...register("link")}
        />
        <div className={narrow ? "" : "sm:col-span-2"}>
          <ImageFileField
            key={logoKey}
            label="Logo"
            name="logo"
            required={!editing}
            optional={editing}
            previewShape="logo"
            currentSrc={partner?.logo}
            hint={
              editing
                ? "Choose a file only to replace the current logo: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB."
                : "JPEG, PNG, WebP, GIF or AVIF, at most 5 MB; a square logo looks best."
            }
            error={logoError}
            onFile={(file) => {
              setLogo(file);
              if (file) setLogoError(undefined);
            }}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={busy} busyLabel={editing ? "Updating..." : "Adding..."}>
          {editing ? "Update" : "Add Partner"}
        </SubmitButton>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClass("secondary", "min-h-11")}>
            Cancel
          </button>
        ) : null}
      </div>
      <FormError message={formError} />
    </form>
  );
}
