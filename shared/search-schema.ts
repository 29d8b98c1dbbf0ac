/**
 * The zod schema of a search's query string (`/search` and `GET /api/search`; the parameters and
 * their rules are described in shared/search-params.ts and
 * docs/decisions/172-search-filters-and-api.md). Server-side only: the search page's loader and
 * the API read it, so the browser never loads zod for the search page (decision 175).
 */
import "./zod-setup.ts";
import { z } from "zod";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "./constants.ts";
import { msg } from "./i18n/messages.ts";
import { PAPER_TYPES, type SearchParams } from "./search-params.ts";

// catalogue messages (decision 382): the API translates them, the search page shows them with `t`
const PAGE_MESSAGE = msg("The page must be a whole number from 1 to 1000.");
const NO_JOURNAL = msg("No such journal.");
const NO_PROCEEDING = msg("No such proceeding.");
const YEAR_MESSAGE = msg("The year must be a year such as 2024.");

/** `undefined` for a missing or empty value; a repeated parameter keeps its first value. */
const blankless = (value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value;
  return first === "" ? undefined : first;
};

export const searchParamsSchema = z.object({
  q: z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : v),
    z
      .string({ error: msg("The search must be text.") })
      .trim()
      .max(200, msg("The search is too long."))
      .default(""),
  ),
  page: z.preprocess(
    blankless,
    z.coerce
      .number({ error: PAGE_MESSAGE })
      .int(PAGE_MESSAGE)
      .min(1, PAGE_MESSAGE)
      .max(1000, PAGE_MESSAGE)
      .default(1),
  ),
  journal: z.preprocess(
    blankless,
    z
      .string({ error: NO_JOURNAL })
      .max(100, NO_JOURNAL)
      .regex(JOURNAL_URI_PATTERN, NO_JOURNAL)
      .optional(),
  ),
  proceeding: z.preprocess(
    blankless,
    z.string({ error: NO_PROCEEDING }).regex(PROCEEDING_SLUG_PATTERN, NO_PROCEEDING).optional(),
  ),
  year: z.preprocess(
    blankless,
    z.coerce
      .number({ error: YEAR_MESSAGE })
      .int(YEAR_MESSAGE)
      .min(1000, YEAR_MESSAGE)
      .max(9999, YEAR_MESSAGE)
      .optional(),
  ),
  type: z.preprocess(
    blankless,
    z
      .enum(PAPER_TYPES, { error: msg("The type must be journal-paper or proceeding-paper.") })
      .optional(),
  ),
});

// The hand-written type of shared/search-params.ts must stay what this schema produces.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameType: Same<z.output<typeof searchParamsSchema>, SearchParams> = true;
void sameType;
