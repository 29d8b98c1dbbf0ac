/**
 * Builds the multipart body of a dashboard form (docs/product/api.md) from its values: scalars as
 * text fields, arrays of objects with bracket names exactly as the spec writes them
 * (`editors[0][name]`, `authors[1][institution]`), files under their field name. Empty file
 * fields are left out, so an optional file that was not chosen is simply absent. The body names
 * its fields in its type, so `apiPostForm` refuses a field its call does not take.
 */
import type { FormBody } from "./api.ts";

export type FormValue = string | number | boolean | null | undefined;
export type FormValues = Record<string, FormValue | Record<string, FormValue>[]>;

/**
 * The names of the fields a body built from `V` and `F` sends, for `apiPostForm`'s check against
 * the API contract (app/lib/api.ts, `FormBody`); `string`, unchecked, when `V` is not a literal
 * object type.
 */
export type SentFields<V, F> = string extends keyof V
  ? string
  : (keyof V & string) | (string extends keyof F ? never : keyof F & string);

export function toFormData<
  V extends FormValues,
  F extends Record<string, File | null | undefined> = Record<never, never>,
>(values: V, files: F = {} as F): FormBody<SentFields<V, F>> {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        for (const [field, v] of Object.entries(item)) {
          body.append(`${key}[${index}][${field}]`, v == null ? "" : String(v));
        }
      });
    } else if (value != null) {
      body.append(key, typeof value === "boolean" ? (value ? "Y" : "N") : String(value));
    }
  }
  for (const [key, file] of Object.entries(files)) {
    if (file && file.size > 0) body.append(key, file);
  }
  return body;
}
