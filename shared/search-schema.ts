/**
 * The zod schema of a search's query string (`/search` and `GET /api/search`; the parameters and
 * their rules are described in shared/search-params.ts and
 * docs/decisions/172-search-filters-and-api.md). Server-side only: the search page's loader and
 * the API read it, so the browser never loads zod for the search page (decision 175).
 */
import "./zod-setup.ts";
import { z } from "zod";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "./constants.ts";
import { PAPER_TYPES, type SearchParams } from "./search-params.ts";

/** `undefined` for a missing or empty value; a repeated parameter keeps its first value. */
const blankless = (value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value;
  return first === "" ? undefined : first;
};

export const searchParamsSchema = z.object({
  q: z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : v),
    z
      .string({ error: "The search must be text." })
      .trim()
      .max(200, "The search is too long.")
      .default(""),
  ),
  page: z.preprocess(
    blankless,
    z.coerce
      .number({ error: "The page must be a whole number from 1 to 1000." })
      .int("The page must be a whole number from 1 to 1000.")
      .min(1, "The page must be a whole number from 1 to 1000.")
      .max(1000, "The page must be a whole number from 1 to 1000.")
      .default(1),
  ),
  journal: z.preprocess(
    blankless,
    z
      .string({ error: "No such journal." })
      .max(100, "No such journal.")
      .regex(JOURNAL_URI_PATTERN, "No such journal.")
      .optional(),
  ),
  proceeding: z.preprocess(
    blankless,
    z
      .string({ error: "No such proceeding." })
      .regex(PROCEEDING_SLUG_PATTERN, "No such proceeding.")
      .optional(),
  ),
  year: z.preprocess(
    blankless,
    z.coerce
      .number({ error: "The year must be a year such as 2024." })
      .int("The year must be a year such as 2024.")
      .min(1000, "The year must be a year such as 2024.")
      .max(9999, "The year must be a year such as 2024.")
      .optional(),
  ),
  type: z.preprocess(
    blankless,
    z
      .enum(PAPER_TYPES, { error: "The type must be journal-paper or proceeding-paper." })
      .optional(),
  ),
});

// The hand-written type of shared/search-params.ts must stay what this schema produces.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameType: Same<z.output<typeof searchParamsSchema>, SearchParams> = true;
void sameType;
