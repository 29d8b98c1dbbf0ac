/**
 * A react-hook-form form checked by a zod schema (most are the server's own, shared/schemas.ts,
 * so the browser and the API refuse the same values with the same messages), plus `field(name,
 * options?)`: a field's props with its message, for the fields of field.tsx
 * (`<TextField label="Publisher" {...field("publisher")} />`, {@link fieldOf}).
 *
 * `Input` is what the fields hold (strings), `Output` what the schema makes of them (numbers,
 * trimmed text), which `handleSubmit` hands the form's submit function.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldOf } from "./field-of.ts";

export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  return { ...form, field: fieldOf(form.register, form.formState.errors) };
}

/** What {@link useSchemaForm} gives. */
export type SchemaForm<Input extends FieldValues, Output extends FieldValues> = ReturnType<
  typeof useSchemaForm<Input, Output>
>;
