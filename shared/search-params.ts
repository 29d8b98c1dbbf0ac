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
 *
 * This module holds what the page's own code needs (types, labels, links) and no zod, so the
 * search page ships no validation library (decision 175); the schema is shared/search-schema.ts.
 */

import { msg } from "./i18n/messages.ts";

export const PAPER_TYPES = ["journal-paper", "proceeding-paper"] as const;
export type PaperType = (typeof PAPER_TYPES)[number];

/** How each type is named on the search page: catalogue messages, translated where shown. */
export const PAPER_TYPE_LABELS: Record<PaperType, string> = {
  "journal-paper": msg("Journal papers"),
  "proceeding-paper": msg("Conference papers"),
};

/** A search as the schema of shared/search-schema.ts reads it. */
export type SearchParams = {
  q: string;
  page: number;
  journal?: string | undefined;
  proceeding?: string | undefined;
  year?: number | undefined;
  type?: PaperType | undefined;
};

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
