/**
 * Funder identifiers of a paper's funding (decision 255): a Crossref Funder ID (Open Funder
 * Registry), a DOI under the prefix `10.13039`, stored as `https://doi.org/10.13039/501100000781`;
 * or a ROR id (shared/ror.ts), which Crossref accepts in its place since the registry's move to
 * ROR. Pure functions, no zod (the schema is `funderIdSchema` in shared/schemas.ts).
 */
import { msg } from "./i18n/messages.ts";
import { normaliseRor } from "./ror.ts";

/** The DOI prefix of the Open Funder Registry. */
export const FUNDER_DOI_PREFIX = "10.13039/";

/** The message of a value that is neither a Funder ID nor a ROR id, shown under the field. */
export const FUNDER_ID_MESSAGE = msg(
  "Enter a Crossref Funder ID such as https://doi.org/10.13039/100000002 (or 10.13039/100000002), or a ROR id, or leave it empty.",
);

/**
 * `value` as stored: `https://doi.org/10.13039/…` for a Funder ID however it is written
 * (`10.13039/…`, `http://dx.doi.org/10.13039/…`, `doi:10.13039/…`), `https://ror.org/…` for a
 * ROR id; null for anything else.
 */
export function normaliseFunderId(value: string): string | null {
  const text = value
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "")
    .replace(/^doi:\s*/i, "");
  const funder = /^10\.13039\/(\d{5,})$/.exec(text);
  if (funder) return `https://doi.org/${FUNDER_DOI_PREFIX}${funder[1]}`;
  return normaliseRor(value);
}

/**
 * True when `id` (as stored) is a Crossref Funder ID rather than a ROR id.
 * @public for the deposits (Crossref, DOAJ) of issue 16; no caller yet
 */
export function isCrossrefFunderId(id: string): boolean {
  return id.startsWith(`https://doi.org/${FUNDER_DOI_PREFIX}`);
}
