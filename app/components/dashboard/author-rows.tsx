/**
 * The Author(s) field of the paper forms (issue 16, decisions 255, 256 and 251): one editable
 * row per author, in order, each a person (given names, family name with its particles kept,
 * suffix) or, ticked 'One name as written', a literal name never split (an organisation, a
 * single name); ORCID iD; email; corresponding author; affiliations (name and optional ROR id,
 * added and removed). Rows move up and down, are removed, and fold (`<details>`) so a long
 * author list stays short on screen: a row opens when it is added or has a message.
 *
 * The rows are sent as `authors[i][…]` ({@link authorToWire}); messages come keyed by wire path
 * (`authors.0.orcid`), from the browser's check with the server's `authorSchema` or from the
 * server's answer, and show under their field. An ORCID iD or ROR id is checked when the field
 * is left, with the server's schema and message.
 */
import { useEffect, useRef, useState } from "react";
import type { AuthorInput } from "../../../shared/api.ts";
import { splitInstitutions } from "../../../shared/format.ts";
import { orcidSchema, rorSchema } from "../../../shared/schemas.ts";
import { useT } from "../../i18n/use-t.tsx";
import { CheckboxField, FieldError, TextField } from "../forms/index.ts";
import { buttonClass } from "../ui/styles.ts";
import {
  hasErrorUnder,
  type ListFieldProps,
  moveItem,
  type PathErrors,
  patchItem,
  pathFields,
  RowButtons,
  removeItem,
} from "./list-rows.tsx";

export type AffiliationRow = { name: string; ror: string };

/** An author as the form holds it; `key` tells rows apart across moves. */
export type AuthorRow = {
  key: number;
  /** One name as written (`name`), never split; else given names + family name + suffix. */
  literal: boolean;
  name: string;
  given_names: string;
  family_name: string;
  suffix: string;
  email: string;
  orcid: string;
  corresponding: boolean;
  affiliations: AffiliationRow[];
};

let lastKey = 0;
const nextKey = () => {
  lastKey += 1;
  return lastKey;
};

/** An empty person row. */
export function newAuthorRow(): AuthorRow {
  return {
    key: nextKey(),
    literal: false,
    name: "",
    given_names: "",
    family_name: "",
    suffix: "",
    email: "",
    orcid: "",
    corresponding: false,
    affiliations: [],
  };
}

/**
 * A stored author (`PaperEdit.authors[i]`, decision 256) as a row: literal when it has a name
 * and no family name; its affiliations, else its institution split at "; " (a spec-only row).
 */
export function authorRowOf(author: AuthorInput): AuthorRow {
  const family = author.family_name ?? "";
  return {
    key: nextKey(),
    literal: family === "" && author.name !== "",
    name: author.name,
    given_names: author.given_names ?? "",
    family_name: family,
    suffix: author.suffix ?? "",
    email: author.email,
    orcid: author.orcid ?? "",
    corresponding: author.corresponding ?? false,
    affiliations: author.affiliations?.length
      ? author.affiliations.map(({ name, ror }) => ({ name, ror }))
      : splitInstitutions(author.institution).map((name) => ({ name, ror: "" })),
  };
}

/**
 * A row as `authors[i]` takes it (decision 256): every added field, so the server stores the
 * person as the form shows it; a literal row sends `name` with empty given and family names.
 */
export function authorToWire(row: AuthorRow) {
  const affiliations = row.affiliations.map(({ name, ror }) => ({ name, ror }));
  return {
    name: row.literal ? row.name : "",
    email: row.email,
    institution: affiliations.map((a) => a.name.trim()).join("; "),
    given_names: row.literal ? "" : row.given_names,
    family_name: row.literal ? "" : row.family_name,
    suffix: row.literal ? "" : row.suffix,
    orcid: row.orcid,
    corresponding: row.corresponding ? "Y" : "N",
    affiliations,
  };
}

/** The name a row shows in its summary; `""` while none is typed. */
function displayName(row: AuthorRow): string {
  const name = row.literal
    ? row.name
    : [row.given_names, row.family_name, row.suffix].filter((p) => p.trim()).join(" ");
  return name.trim();
}

type Props = ListFieldProps<AuthorRow>;

export function AuthorRowsField({ rows, onChange, errors, setError }: Props) {
  const t = useT();
  // rows folded open: new ones and those with a message; all of a short list
  const [open, setOpen] = useState<Set<number>>(
    () => new Set(rows.length <= 3 ? rows.map((r) => r.key) : []),
  );
  // a list loaded anew (another paper, the stored one after saving) folds as at first
  const seen = useRef(new Set<number>());
  useEffect(() => {
    if (rows.length && rows.every((r) => !seen.current.has(r.key))) {
      setOpen(new Set(rows.length <= 3 ? rows.map((r) => r.key) : []));
    }
    for (const row of rows) seen.current.add(row.key);
  }, [rows]);
  useEffect(() => {
    const withErrors = rows.filter((_, i) => hasErrorUnder(errors, `authors.${i}`));
    if (withErrors.length) setOpen((now) => new Set([...now, ...withErrors.map((r) => r.key)]));
  }, [errors, rows]);

  const add = () => {
    const row = newAuthorRow();
    onChange([...rows, row]);
    setOpen((now) => new Set([...now, row.key]));
  };

  return (
    <fieldset className="rounded-sm border border-slate-300 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("Author(s)")}</legend>
      {rows.length ? (
        <ol aria-label={t("Authors")} className="space-y-3">
          {rows.map((row, index) => (
            <li key={row.key}>
              <details
                open={open.has(row.key)}
                onToggle={(event) => {
                  const isOpen = event.currentTarget.open;
                  setOpen((now) => {
                    const next = new Set(now);
                    if (isOpen) next.add(row.key);
                    else next.delete(row.key);
                    return next;
                  });
                }}
                className="rounded-sm border border-slate-200 bg-white"
              >
                <summary className="cursor-pointer px-3 py-2 text-sm">
                  <span className="font-semibold text-slate-900">
                    {t("{n}. {name}", { n: index + 1, name: displayName(row) || t("New author") })}
                  </span>
                  {row.corresponding ? (
                    <span className="text-slate-700"> · {t("corresponding")}</span>
                  ) : null}
                  {row.orcid ? <span className="text-slate-700"> · {t("ORCID")}</span> : null}
                  {row.affiliations.length ? (
                    <span className="block break-words text-slate-600">
                      {row.affiliations.map((a) => a.name).join("; ")}
                    </span>
                  ) : null}
                  {hasErrorUnder(errors, `authors.${index}`) ? (
                    <span className="block font-medium text-red-700">
                      {t("This author has a problem: open to see it.")}
                    </span>
                  ) : null}
                </summary>
                <AuthorFields
                  row={row}
                  index={index}
                  errors={errors}
                  setError={setError}
                  onPatch={(patch) => onChange(patchItem(rows, index, patch))}
                />
                <div className="border-t border-slate-200 px-3 py-2">
                  <RowButtons
                    names={{
                      up: t("Move author {n} up", { n: index + 1 }),
                      down: t("Move author {n} down", { n: index + 1 }),
                      remove: t("Remove author {n}", { n: index + 1 }),
                    }}
                    index={index}
                    count={rows.length}
                    onMove={(delta) => onChange(moveItem(rows, index, delta))}
                    onRemove={() => onChange(removeItem(rows, index))}
                  />
                </div>
              </details>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">{t("No authors added yet.")}</p>
      )}
      <div className="mt-3">
        <button type="button" onClick={add} className={buttonClass("secondary", "min-h-10")}>
          {t("Add author")}
        </button>
      </div>
      <FieldError message={errors.authors} />
    </fieldset>
  );
}

function AuthorFields({
  row,
  index,
  errors,
  setError,
  onPatch,
}: {
  row: AuthorRow;
  index: number;
  errors: PathErrors;
  setError: Props["setError"];
  onPatch: (patch: Partial<AuthorRow>) => void;
}) {
  const t = useT();
  const at = (field: string) => `authors.${index}.${field}`;
  const fields = pathFields(errors, setError);
  /** Props of a text field of the row: value, change (clearing its message), message. */
  const text = (field: "name" | "given_names" | "family_name" | "suffix" | "email" | "orcid") => ({
    ...fields.text(at(field), row[field], (value) => onPatch({ [field]: value })),
    autoComplete: "off",
  });
  const setAffiliations = (affiliations: AffiliationRow[]) => onPatch({ affiliations });
  const orcid = text("orcid");

  return (
    <fieldset className="space-y-4 border-t border-slate-200 px-3 py-3">
      <legend className="sr-only">{t("Author {n}", { n: index + 1 })}</legend>
      <CheckboxField
        label={t("One name as written (an organisation, or a single name)")}
        hint={t("Kept whole and never split into given and family names.")}
        checked={row.literal}
        onChange={(event) => {
          const literal = event.currentTarget.checked;
          // carry what was typed across, so ticking by mistake loses nothing
          onPatch(
            literal
              ? {
                  literal,
                  name:
                    row.name ||
                    [row.given_names, row.family_name, row.suffix].filter(Boolean).join(" "),
                }
              : { literal },
          );
        }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {row.literal ? (
          <TextField label={t("Name")} required className="sm:col-span-2" {...text("name")} />
        ) : (
          <>
            <TextField label={t("Given names")} optional {...text("given_names")} />
            <TextField
              label={t("Family name")}
              required
              hint={t("With its particles, such as Di Matteo or van der Berg.")}
              {...text("family_name")}
              error={errors[at("family_name")] ?? errors[at("name")]}
            />
            <TextField
              label={t("Suffix")}
              optional
              hint={t("Such as Jr. or III.")}
              {...text("suffix")}
            />
          </>
        )}
        <TextField
          label={t("ORCID iD")}
          optional
          spellCheck={false}
          inputMode="url"
          // the message, which gives the same example, takes the hint's place: the form below
          // does not move under the pointer when leaving the field shows it (issue 34)
          hint={
            orcid.error
              ? undefined
              : t("Such as 0000-0002-1825-0097; the whole https://orcid.org/ link is fine too.")
          }
          {...orcid}
          onBlur={fields.checkOnBlur(at("orcid"), orcidSchema, row.orcid)}
        />
        <TextField label={t("Email")} type="email" optional {...text("email")} />
        <CheckboxField
          className="self-end pb-2"
          label={t("Corresponding author")}
          checked={row.corresponding}
          onChange={(event) => onPatch({ corresponding: event.currentTarget.checked })}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">{t("Affiliations")}</legend>
        {row.affiliations.map((affiliation, j) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: affiliations have no id; order is the identity
            key={j}
            className="grid gap-2 rounded-sm bg-slate-50 p-2 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
          >
            <TextField
              label={t("Affiliation {n}", { n: j + 1 })}
              {...fields.text(at(`affiliations.${j}.name`), affiliation.name, (name) =>
                setAffiliations(patchItem(row.affiliations, j, { name })),
              )}
            />
            <TextField
              label={t("ROR id of affiliation {n}", { n: j + 1 })}
              optional
              spellCheck={false}
              placeholder="https://ror.org/…"
              {...fields.text(at(`affiliations.${j}.ror`), affiliation.ror, (ror) =>
                setAffiliations(patchItem(row.affiliations, j, { ror })),
              )}
              onBlur={fields.checkOnBlur(at(`affiliations.${j}.ror`), rorSchema, affiliation.ror)}
            />
            <button
              type="button"
              className="min-h-9 self-end rounded-sm px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50 sm:mt-7 sm:self-start"
              aria-label={t("Remove affiliation {affiliation} of author {n}", {
                affiliation: j + 1,
                n: index + 1,
              })}
              onClick={() => setAffiliations(removeItem(row.affiliations, j))}
            >
              {t("Remove")}
            </button>
          </div>
        ))}
        <button
          type="button"
          className={buttonClass("secondary", "min-h-9 px-3 py-1 text-sm")}
          aria-label={t("Add affiliation to author {n}", { n: index + 1 })}
          onClick={() => setAffiliations([...row.affiliations, { name: "", ror: "" }])}
        >
          {t("Add affiliation")}
        </button>
      </fieldset>
    </fieldset>
  );
}
