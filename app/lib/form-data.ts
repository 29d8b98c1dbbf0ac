/**
 * Builds the multipart body of a dashboard form (docs/product/api.md) from its values: scalars as
 * text fields, arrays of objects with bracket names exactly as the spec writes them
 * (`editors[0][name]`, `authors[1][institution]`), files under their field name. Empty file
 * fields are left out, so an optional file that was not chosen is simply absent.
 */
export type FormValue = string | number | boolean | null | undefined;
export type FormValues = Record<string, FormValue | Record<string, FormValue>[]>;

export function toFormData(
  values: FormValues,
  files: Record<string, File | null | undefined> = {},
) {
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
