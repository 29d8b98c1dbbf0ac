/**
 * Builds the multipart body of a dashboard form (docs/product/api.md) from its values: scalars as
 * text fields, arrays of objects with bracket names exactly as the spec writes them
 * (`editors[0][name]`, `authors[1][institution]`), nested lists one bracket deeper
 * (`authors[0][affiliations][1][ror]`, decision 256), files under their field name. Empty file
 * fields are left out, so an optional file that was not chosen is simply absent. The body names
 * its fields in its type, so `apiPostForm` refuses a field its call does not take.
 */
import type { FormBody } from "./api.ts";

export type FormValue = string | number | boolean | null | undefined;
/** A row of a list field: scalars, and lists of rows or of strings one bracket deeper. */
export type FormRow = { [field: string]: FormValue | FormRow[] | string[] };
/** A form's values; a list of strings (a journal's `languages`, decision 440) as `name[i]`. */
export type FormValues = Record<string, FormValue | FormRow[] | string[]>;

/** Appends `value` under `name`: rows and their lists with bracket names, scalars as text. */
function appendValue(
  body: FormData,
  name: string,
  value: FormValue | FormRow | FormRow[] | string[],
) {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) appendValue(body, `${name}[${index}]`, item);
  } else if (value !== null && typeof value === "object") {
    for (const [field, v] of Object.entries(value)) appendValue(body, `${name}[${field}]`, v);
  } else {
    body.append(name, value == null ? "" : String(value));
  }
}

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
      appendValue(body, key, value);
    } else if (value != null) {
      body.append(key, typeof value === "boolean" ? (value ? "Y" : "N") : String(value));
    }
  }
  for (const [key, file] of Object.entries(files)) {
    if (file && file.size > 0) body.append(key, file);
  }
  return body;
}
