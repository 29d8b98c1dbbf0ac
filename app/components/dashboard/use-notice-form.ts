/**
 * A dashboard form whose answer is one notice below it, success or failure, in the server's own
 * words (docs/product/errors.md: "forms show it below the form"), such as the two forms of Your
 * account and the journal's Submission Info. The values go to the route's `clientAction` under
 * `intent` ({@link useFormAction}), as JSON unless `body` makes them another body (multipart);
 * the server's field messages go to the form's fields, except one that only repeats the notice.
 */
import { useRef, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { fieldOf } from "../forms/field-of.ts";
import type { Notice } from "../forms/index.ts";
import { type Submitted, useFormAction } from "./form-action.ts";

/**
 * @param form the react-hook-form form (its own zod resolver checks the values first).
 * @param options.onSuccess runs with the server's msg after a successful answer (once the page
 *   has reloaded), e.g. to empty the form or to leave the page.
 * @param options.body the body sent for the valid values (default: the values, as JSON).
 * @returns `onSubmit` (the form element's handler: a submission the browser refuses clears the
 *   last notice, which no longer applies), `field(name)` (a field's props with its message),
 *   `busy` and `notice`.
 */
export function useNoticeForm<T extends FieldValues>(
  intent: string,
  form: UseFormReturn<T>,
  { onSuccess, body }: { onSuccess?: (msg: string) => void; body?: (values: T) => Submitted } = {},
) {
  const [notice, setNotice] = useState<Notice>(null);
  const sent = useRef<T | null>(null);
  const action = useFormAction((result) => {
    if (result.ok) onSuccess?.(result.msg);
    else {
      for (const [field, message] of Object.entries(result.errors)) {
        if (sent.current && field in sent.current && message !== result.msg) {
          form.setError(field as Path<T>, { type: "server", message });
        }
      }
    }
    setNotice({ ok: result.ok, msg: result.msg });
  });
  const send = (values: T) => {
    sent.current = values;
    setNotice(null);
    action.submit(intent, body ? body(values) : values);
  };
  return {
    busy: action.busy,
    notice,
    onSubmit: form.handleSubmit(send, () => setNotice(null)),
    field: fieldOf(form.register, form.formState.errors),
  };
}

/** What {@link useNoticeForm} answers, for the form's frame. */
export type NoticeForm = Pick<ReturnType<typeof useNoticeForm>, "busy" | "notice" | "onSubmit">;
