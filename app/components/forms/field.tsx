/**
 * Labelled form fields: text-like inputs, textareas and selects. Each ties its label to the
 * control (`htmlFor`/`id`), marks itself `aria-invalid` and points `aria-describedby` at its hint
 * and error, and announces the error (`role="alert"`, WCAG 3.3.1). Every other prop goes to the
 * control, so react-hook-form's `register(name)` spreads straight in:
 *
 * ```tsx
 * <TextField label={t("Email")} type="email" autoComplete="email" required
 *   error={errors.email?.message} {...register("email")} />
 * ```
 *
 * Required fields carry the `required` attribute (screen readers announce it); optional ones
 * can say so in their label with `optional`. Labels and hints come translated (`t(…)` where the
 * form is written, decision 382); an error message is translated here ({@link FieldError}).
 */
import { type ComponentProps, type ReactNode, useId } from "react";
import { useT } from "../../i18n/use-t.tsx";
import { controlClass, fieldErrorClass, hintClass, labelClass } from "./styles.ts";

type FieldShellProps = {
  label: ReactNode;
  /** Message shown under the field and announced; the field is then `aria-invalid`. */
  error?: string;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  /** Classes of the wrapping element (layout: grid columns, margins). */
  className?: string;
};

function useFieldIds(id: string | undefined) {
  const auto = useId();
  const controlId = id ?? auto;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

function describedBy(ids: ReturnType<typeof useFieldIds>, hint: unknown, error: unknown) {
  const list = [hint ? ids.hintId : "", error ? ids.errorId : ""].filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}

/**
 * A field's message under it, announced at once (`role="alert"`); `id` is what the control's
 * `aria-describedby` names. Nothing without a message. A text message is translated here: the
 * zod schemas' messages are catalogue texts carried as they are (decision 382).
 */
export function FieldError({ id, message }: { id?: string; message: ReactNode }) {
  const t = useT();
  if (!message) return null;
  return (
    <p id={id} role="alert" className={fieldErrorClass}>
      {typeof message === "string" ? t(message) : message}
    </p>
  );
}

function FieldShell({
  label,
  error,
  hint,
  optional,
  className,
  ids,
  children,
}: FieldShellProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  const t = useT();
  return (
    <div className={className}>
      <label htmlFor={ids.controlId} className={labelClass}>
        {label}
        {optional ? <span className="font-normal text-slate-500"> {t("(optional)")}</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}

/**
 * A field's props split in two: the shell's (label, error, hint…) and the control's, which get
 * the id, the control's classes, `aria-invalid` and `aria-describedby` before every other prop.
 */
function useField<P extends FieldShellProps & { id?: string }>(props: P) {
  const { label, error, hint, optional, className, id, ...rest } = props;
  const ids = useFieldIds(id);
  return {
    shell: { label, error, hint, optional, className, ids },
    control: {
      id: ids.controlId,
      className: controlClass,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy(ids, hint, error),
      ...rest,
    },
  };
}

export type TextFieldProps = FieldShellProps & Omit<ComponentProps<"input">, "className">;

/** A labelled `<input>` (text, email, password, tel, date, number, file...). */
export function TextField(props: TextFieldProps) {
  const { shell, control } = useField(props);
  return (
    <FieldShell {...shell}>
      <input {...control} />
    </FieldShell>
  );
}

/**
 * A labelled email address input: `type="email"` with the email keyboard on phones; the form says
 * how the browser fills it (`autoComplete`: `username` where an account signs in, `email`, `off`).
 */
export function EmailField(props: Omit<TextFieldProps, "type" | "inputMode">) {
  return <TextField type="email" inputMode="email" {...props} />;
}

/**
 * A labelled input for a code or identifier typed as printed (ISSN, DOI, DOI pattern): no
 * spelling check and no autofill, neither of which knows such values.
 */
export function CodeField(props: TextFieldProps) {
  return <TextField autoComplete="off" spellCheck={false} {...props} />;
}

/** The ISSN of a journal or proceeding (docs/product/validation.md), with its example. */
export function IssnField(props: Omit<TextFieldProps, "label" | "hint">) {
  const t = useT();
  return <CodeField label={t("ISSN")} hint={t("Such as 2049-3630.")} {...props} />;
}

export type TextAreaFieldProps = FieldShellProps & Omit<ComponentProps<"textarea">, "className">;

/** A labelled `<textarea>`, 8 rows unless told otherwise (docs/product/validation.md). */
export function TextAreaField({ rows = 8, ...props }: TextAreaFieldProps) {
  const { shell, control } = useField(props);
  return (
    <FieldShell {...shell}>
      <textarea rows={rows} {...control} />
    </FieldShell>
  );
}

export type SelectFieldProps = FieldShellProps & Omit<ComponentProps<"select">, "className">;

/** A labelled `<select>`; pass the `<option>`s as children. */
export function SelectField({ children, ...props }: SelectFieldProps) {
  const { shell, control } = useField(props);
  return (
    <FieldShell {...shell}>
      <select {...control}>{children}</select>
    </FieldShell>
  );
}
