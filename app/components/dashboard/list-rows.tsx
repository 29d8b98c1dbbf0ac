/**
 * Pieces shared by the editable lists of the paper form (authors, funders, references; issue 16,
 * decision 251): field messages keyed by their wire path (`authors.0.orcid`,
 * `references.3.doi`, as the server's zod errors are keyed, server/http/respond.ts), the
 * messages of a list checked in the browser with the server's own row schema, moving and
 * removing rows, and the row buttons (Move up, Move down, Remove) with names that say which row.
 * Every text a list shows comes translated from its caller ({@link RowNames}, {@link RowListText}),
 * as each kind of row is named in its own words (decision 382).
 */
import type { ReactNode } from "react";
import type { z } from "zod";
import { useT } from "../../i18n/use-t.tsx";
import { buttonClass } from "../ui/styles.ts";

/** Field messages keyed by wire path, `authors.0.affiliations.1.ror`. */
export type PathErrors = Record<string, string>;

/** Sets the message at a wire path, or clears it (`undefined`). */
export type SetPathError = (path: string, message: string | undefined) => void;

/** What an editable list of the paper form takes from the form. */
export type ListFieldProps<T> = {
  rows: T[];
  onChange: (rows: T[]) => void;
  /** Messages keyed by wire path (`funding.0.funder_id`); the list's name alone is about the list. */
  errors: PathErrors;
  setError: SetPathError;
};

/**
 * Binds the fields of a list row to the form's messages:
 * - `text(path, value, set)`: a text field's `value`, its message at wire path `path`
 *   (`error`), and an `onChange` that clears that message, then gives `set` the new text;
 * - `checkOnBlur(path, schema, value)`: an `onBlur` that checks `value` with the server's
 *   `schema` (ORCID iD, ROR id, Funder ID) and puts its first message, or none, at `path`.
 */
export function pathFields(errors: PathErrors, setError: SetPathError) {
  return {
    text: (path: string, value: string, set: (text: string) => void) => ({
      value,
      error: errors[path],
      onChange: (
        event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
      ) => {
        setError(path, undefined);
        set(event.target.value);
      },
    }),
    checkOnBlur: (path: string, schema: z.ZodType, value: string) => () => {
      const checked = schema.safeParse(value);
      setError(path, checked.success ? undefined : checked.error.issues[0]?.message);
    },
  };
}

/**
 * The first message of each field of `rows` checked with `schema` (a list schema), keyed
 * `{list}.{index}.{field…}` as the server keys them; none when every row is valid.
 */
export function listErrors(list: string, schema: z.ZodType, rows: unknown): PathErrors {
  const result = schema.safeParse(rows);
  const errors: PathErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    errors[[list, ...issue.path].join(".")] ??= issue.message;
  }
  return errors;
}

/** True when some message is under `prefix` (`authors.2`, `references`). */
export function hasErrorUnder(errors: PathErrors, prefix: string): boolean {
  return Object.keys(errors).some((key) => key === prefix || key.startsWith(`${prefix}.`));
}

/** `list` with the item at `index` moved by `delta` places (unchanged at the ends). */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** `list` without the item at `index`. */
export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** `list` with the item at `index` changed by `patch`. */
export function patchItem<T extends object>(list: readonly T[], index: number, patch: Partial<T>) {
  return list.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

/** The accessible names of a row's buttons, translated: 'Move author 2 up', …, 'Remove author 2'. */
export type RowNames = { up: string; down: string; remove: string };

/**
 * Up, Down and Remove for row `index` of `count`, named for the row (`names`), so a screen
 * reader and a test tell the rows apart.
 */
export function RowButtons({
  names,
  index,
  count,
  onMove,
  onRemove,
}: {
  names: RowNames;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const small = buttonClass("secondary", "min-h-9 px-3 py-1 text-sm");
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={small}
        disabled={index === 0}
        aria-label={names.up}
        onClick={() => onMove(-1)}
      >
        {t("Up")}
      </button>
      <button
        type="button"
        className={small}
        disabled={index === count - 1}
        aria-label={names.down}
        onClick={() => onMove(1)}
      >
        {t("Down")}
      </button>
      <button
        type="button"
        className="min-h-9 rounded-sm px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
        aria-label={names.remove}
        onClick={onRemove}
      >
        {t("Remove")}
      </button>
    </div>
  );
}

/** The keys of `T` whose values are text. */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** The fields of one row of a {@link RowList}, bound to the form (see {@link pathFields}). */
export type RowFields<T> = {
  /** A text field's value, message and change (patching the row), with `autoComplete="off"`. */
  text: (field: TextKey<T>) => ReturnType<ReturnType<typeof pathFields>["text"]> & {
    autoComplete: "off";
  };
  /** A blur handler checking the field with the server's `schema`. */
  checkOnBlur: (field: TextKey<T>, schema: z.ZodType) => () => void;
};

/** What a {@link RowList} says, translated: the list's name, its empty note, its Add button. */
export type RowListText = {
  /** The list's name: "Funders". */
  label: string;
  /** Shown when the list is empty: "No funders listed.". */
  empty: string;
  /** The button that appends a row: "Add funder". */
  add: string;
  /** Row `n`'s (from 1) buttons' names: "Move funder 2 up", …. */
  names: (n: number) => RowNames;
};

/**
 * An editable list of the paper form (funders, references): `rows` as an ordered list named
 * `text.label` ("Funders"), each row a fieldset headed `legend` ("Funder 2") holding its
 * fields (`children`, given the row's {@link RowFields}, whose messages are keyed under `list`,
 * the list's wire name: `funding.0.funder_id`) and its {@link RowButtons}; `text.empty` when
 * empty; then the `text.add` button, which appends `newRow()`. Rows carry a `key` that survives
 * moves.
 */
export function RowList<T extends { key: number }>({
  text,
  list,
  rows,
  onChange,
  errors,
  setError,
  newRow,
  legend,
  children,
}: ListFieldProps<T> & {
  text: RowListText;
  /** The list's wire name: "funding". */
  list: string;
  newRow: () => T;
  /** Row `index`'s heading, translated: "Funder 2". */
  legend: (row: T, index: number) => ReactNode;
  children: (fields: RowFields<T>) => ReactNode;
}) {
  const bind = pathFields(errors, setError);
  const rowFields = (row: T, index: number): RowFields<T> => {
    const at = (field: string) => `${list}.${index}.${field}`;
    const value = (field: TextKey<T>) => row[field] as string;
    return {
      text: (field) => ({
        ...bind.text(at(field), value(field), (text) =>
          onChange(patchItem(rows, index, { [field]: text } as Partial<T>)),
        ),
        autoComplete: "off",
      }),
      checkOnBlur: (field, schema) => bind.checkOnBlur(at(field), schema, value(field)),
    };
  };
  return (
    <>
      {rows.length ? (
        <ol aria-label={text.label} className="space-y-3">
          {rows.map((row, index) => (
            <li key={row.key}>
              <fieldset className="space-y-3 rounded-sm border border-slate-200 bg-white p-3">
                <legend className="px-1 text-sm font-semibold text-slate-800">
                  {legend(row, index)}
                </legend>
                {children(rowFields(row, index))}
                <RowButtons
                  names={text.names(index + 1)}
                  index={index}
                  count={rows.length}
                  onMove={(delta) => onChange(moveItem(rows, index, delta))}
                  onRemove={() => onChange(removeItem(rows, index))}
                />
              </fieldset>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">{text.empty}</p>
      )}
      <button
        type="button"
        className={buttonClass("secondary", "min-h-10")}
        onClick={() => onChange([...rows, newRow()])}
      >
        {text.add}
      </button>
    </>
  );
}
