/**
 * Pieces shared by the editable lists of the paper form (authors, funders, references; issue 16,
 * decision 251): field messages keyed by their wire path (`authors.0.orcid`,
 * `references.3.doi`, as the server's zod errors are keyed, server/http/respond.ts), the
 * messages of a list checked in the browser with the server's own row schema, moving and
 * removing rows, and the row buttons (Move up, Move down, Remove) with names that say which row.
 */
import type { ReactNode } from "react";
import type { z } from "zod";
import { buttonClass } from "../ui/styles.ts";

/** Field messages keyed by wire path, `authors.0.affiliations.1.ror`. */
export type PathErrors = Record<string, string>;

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

/**
 * Move up, Move down and Remove for row `index` of `count`, named for the row (`what`, such as
 * "author 2"), so a screen reader and a test tell the rows apart.
 */
export function RowButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const small = buttonClass("secondary", "min-h-9 px-3 py-1 text-sm");
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={small}
        disabled={index === 0}
        aria-label={`Move ${what} up`}
        onClick={() => onMove(-1)}
      >
        Up
      </button>
      <button
        type="button"
        className={small}
        disabled={index === count - 1}
        aria-label={`Move ${what} down`}
        onClick={() => onMove(1)}
      >
        Down
      </button>
      <button
        type="button"
        className="min-h-9 rounded-sm px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
        aria-label={`Remove ${what}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </div>
  );
}

/**
 * An editable list of the paper form (funders, references): `rows` as an ordered list named
 * `label` ("Funders"), each row a fieldset headed `legend` (default "Funder 2") holding its
 * fields (`children`) and its {@link RowButtons}; "No funders listed." when empty; then the
 * "Add funder" button, which appends `newRow()`. Rows carry a `key` that survives moves.
 */
export function RowList<T extends { key: number }>({
  label,
  noun,
  rows,
  onChange,
  newRow,
  legend,
  children,
}: {
  label: string;
  /** One row, lower case: "funder". */
  noun: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  newRow: () => T;
  legend?: (row: T, index: number) => ReactNode;
  children: (row: T, index: number) => ReactNode;
}) {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <>
      {rows.length ? (
        <ol aria-label={label} className="space-y-3">
          {rows.map((row, index) => (
            <li key={row.key}>
              <fieldset className="space-y-3 rounded-sm border border-slate-200 bg-white p-3">
                <legend className="px-1 text-sm font-semibold text-slate-800">
                  {legend ? legend(row, index) : `${title} ${index + 1}`}
                </legend>
                {children(row, index)}
                <RowButtons
                  what={`${noun} ${index + 1}`}
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
        <p className="text-sm text-slate-600">No {label.toLowerCase()} listed.</p>
      )}
      <button
        type="button"
        className={buttonClass("secondary", "min-h-10")}
        onClick={() => onChange([...rows, newRow()])}
      >
        Add {noun}
      </button>
    </>
  );
}
