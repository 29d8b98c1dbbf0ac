/**
 * The client side of an account form (sign-in, registration, a password reset and its request;
 * docs/product/screens.md, sections 4 and 5): react-hook-form checking the values with the
 * form's zod schema, the values posted as JSON to the route's `clientAction`, and the answer's
 * messages shown the way every account screen shows them.
 *
 * - `serverError`, the message below the form, is the last answer's `error`; it is hidden while
 *   a new attempt is on its way, and once the browser refused an attempt (its own field
 *   messages then apply, the old answer no longer does).
 * - `serverFields`: each named field the answer's `errors` gives a message for shows it beside
 *   the field, unless the message below the form already says the same (a screen reader would
 *   hear it twice).
 */
import { useEffect, useState } from "react";
import type { DefaultValues, FieldValues, Path } from "react-hook-form";
import { useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import { useSchemaForm } from "./use-schema-form.ts";

/** No server field messages beside fields (a constant: the list is an effect's dependency). */
const NO_FIELDS: readonly never[] = [];

/** What an account route's `clientAction` answers: a failure has `error`, maybe field `errors`. */
export type AccountAnswer =
  | { ok?: boolean; error?: string; errors?: Partial<Record<string, string>> }
  | undefined;

/** The form's state: react-hook-form's API plus `field(name)`, `busy`, `serverError` and `onSubmit`. */
export function useAccountForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  answer,
  serverFields = NO_FIELDS,
  extra = {},
}: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** The route's `actionData`: undefined before the first attempt. */
  answer: AccountAnswer;
  /** The fields whose server messages go beside them: a module constant, not a literal. */
  serverFields?: readonly Path<Input>[];
  /** Added to the posted values (a reset link's token). */
  extra?: Record<string, string>;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useSchemaForm(schema, defaultValues);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const serverError =
    answer && answer.ok !== true && dismissed !== answer && !busy ? answer.error : undefined;
  const onSubmit = form.handleSubmit(
    (values) => submit({ ...values, ...extra }, { method: "post", encType: "application/json" }),
    () => setDismissed(answer),
  );
  const { setError } = form;
  useEffect(() => {
    if (!answer || answer.ok === true || !answer.errors) return;
    for (const field of serverFields) {
      const message = answer.errors[field];
      if (message && message !== answer.error) setError(field, { type: "server", message });
    }
  }, [answer, serverFields, setError]);
  return { ...form, errors: form.formState.errors, busy, serverError, onSubmit };
}
