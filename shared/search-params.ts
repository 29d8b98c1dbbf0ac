/**
 * The parameters of a search, as `/search` (the page) and `GET /api/search` (the JSON call) read
 * them from the query string (docs/decisions/172-search-filters-and-api.md). One schema, so the
 * page, the API and the links the page builds agree.
 *
 * - `q` (the page also reads the banner's `banner_search`): at most 200 characters;
 * - `page`: 1 to 1000;
 * - `journal` (a journal's URL name) and `proceeding` (a proceeding's slug): papers published
 *   there (both given: papers of either);
 * - `year`: the year of the issue or proceeding;
 * - `type`: `journal-paper` or `proceeding-paper`.
 *
 * An empty value (`journal=` from a form's "Any" choice) means the filter is not set.
 */
import { z } from "zod";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "./constants.ts";

export const PAPER_TYPES = ["journal-paper", "proceeding-paper"] as const;
export type PaperType = (typeof PAPER_TYPES)[number];

export const PAPER_TYPE_LABELS: Record<PaperType, string> = {
  "journal-paper": "Journal papers",
  "proceeding-paper": "Conference papers",
};

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

export type SearchParams = z.output<typeof searchParamsSchema>;

/** The filters of `params` that are set (journal, proceeding, year, type). */
export type SearchFilters = Pick<SearchParams, "journal" | "proceeding" | "year" | "type">;

/**
 * The query string of a search (without `?`), parameters in a fixed order, unset ones left out;
 * `page` only past 1. Used for the page's own links (pagination, removing a filter).
 */
export function searchQueryString(params: Partial<SearchParams>): string {
  const out = new URLSearchParams();
  if (params.q) out.set("q", params.q);
  if (params.journal) out.set("journal", params.journal);
  if (params.proceeding) out.set("proceeding", params.proceeding);
  if (params.year) out.set("year", String(params.year));
  if (params.type) out.set("type", params.type);
  if (params.page && params.page > 1) out.set("page", String(params.page));
  return out.toString();
}
