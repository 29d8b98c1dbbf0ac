import type {
  FieldErrors,
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegister,
} from "react-hook-form";

/**
 * The props of a form's fields from react-hook-form: `field(name, options?)` is `register(name,
 * options)` plus the field's message (`error`, its zod message, or undefined), which the fields
 * of field.tsx take as they are: `<TextField label="Publisher" {...field("publisher")} />`.
 * Top-level fields only (a nested path's message is not looked up).
 */
export function fieldOf<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  const messages = errors as Record<string, { message?: string } | undefined>;
  return <K extends Path<T>>(name: K, options?: RegisterOptions<T, K>) => ({
    ...register(name, options),
    error: messages[name]?.message,
  });
}
