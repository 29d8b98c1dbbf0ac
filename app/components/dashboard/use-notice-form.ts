/**
 * A dashboard form whose answer is one notice below it, success or failure, in the server's own
 * words (docs/product/errors.md: "forms show it below the form"), such as the two forms of Your
 * account and the journal's Submission Info. The values go to the route's `clientAction` under
 * `intent` ({@link useFormAction}), as JSON unless `body` makes them another body (multipart);
 * the server's field messages go to the form's fields, except one that only repeats the notice.
 */
import { useRef } from "react";
import type { FieldValues, Path } from "react-hook-form";
import type { SchemaForm } from "../forms/use-schema-form.ts";
import { type Submitted, useFormAction } from "./form-action.ts";

/**
 * @param form the form, from `useSchemaForm` (its zod schema checks the values first): `Input`
 *   what its fields hold, `Output` the checked values that are sent.
 * @param options.onSuccess runs with the server's msg after a successful answer (once the page
 *   has reloaded), e.g. to empty the form or to leave the page.
 * @param options.body the body sent for the valid values (default: the values, as JSON).
 * @returns `onSubmit` (the form element's handler: a submission the browser refuses clears the
 *   last notice, which no longer applies), `field(name)` (a field's props with its message),
 *   `busy` and `notice`.
 */
export function useNoticeForm<Input extends FieldValues, Output extends FieldValues>(
  intent: string,
  form: SchemaForm<Input, Output>,
  {
    onSuccess,
    body,
  }: { onSuccess?: (msg: string) => void; body?: (values: Output) => Submitted } = {},
) {
  const sent = useRef<Output | null>(null);
  const action = useFormAction((result) => {
    if (result.ok) onSuccess?.(result.msg);
    else {
      for (const [field, message] of Object.entries(result.errors)) {
        if (sent.current && field in sent.current && message !== result.msg) {
          form.setError(field as Path<Input>, { type: "server", message });
        }
      }
    }
  });
  const send = (values: Output) => {
    sent.current = values;
    action.submit(intent, body ? body(values) : values);
  };
  return {
    busy: action.busy,
    notice: action.notice,
    onSubmit: form.handleSubmit(send, action.dismiss),
    field: form.field,
  };
}

/** What {@link useNoticeForm} answers, for the form's frame. */
export type NoticeForm = Pick<ReturnType<typeof useNoticeForm>, "busy" | "notice" | "onSubmit">;
