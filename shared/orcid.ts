/**
 * ORCID iDs (https://support.orcid.org/hc/en-us/articles/360006897674): sixteen characters in
 * four groups of four, the last a check character computed with ISO 7064 MOD 11-2 over the
 * fifteen digits before it (`X` stands for 10). Stored and written everywhere as the https URI
 * ORCID asks for, `https://orcid.org/0000-0002-1825-0097` (decision 255).
 *
 * Pure functions without zod, so public pages can import them without loading zod (issue 11);
 * the form schema built on them is `orcidSchema` in shared/schemas.ts.
 */

import { msg } from "./i18n/messages.ts";

/** The ORCID URI prefix every stored iD carries. */
export const ORCID_PREFIX = "https://orcid.org/";

/** The message of an iD that is not one (shape or check digit), shown under the field. */
export const ORCID_MESSAGE = msg(
  "Enter an ORCID iD such as 0000-0002-1825-0097 (or https://orcid.org/0000-0002-1825-0097), or leave it empty.",
);

/** The message of an iD whose last character is not its check digit (a typing slip). */
export const ORCID_CHECK_MESSAGE = msg(
  "This ORCID iD's last character does not match its check digit: check it for a typing slip.",
);

/**
 * The ISO 7064 MOD 11-2 check character of `digits` (fifteen base digits): `0`–`9` or `X`.
 * ORCID's own algorithm: total = (total + digit) × 2 for each digit; result (12 − total mod 11)
 * mod 11.
 */
export function orcidCheckCharacter(digits: string): string {
  let total = 0;
  for (const c of digits) total = (total + Number(c)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? "X" : String(result);
}

/**
 * The sixteen characters of an ORCID iD as people paste it (`0000-0002-1825-0097`,
 * `https://orcid.org/…`, `http://orcid.org/…`, `orcid.org/…`, `ORCID: …`, spaces instead of
 * hyphens, a lower-case `x`), as `0000-0002-1825-0097`; null when it has not that shape (the
 * check digit is not looked at here).
 */
export function orcidDigits(value: string): string | null {
  const text = value
    .trim()
    .replace(/^(?:https?:\/\/)?(?:www\.)?orcid\.org\//i, "")
    .replace(/^orcid(?:\s*id)?\s*:?\s*(?=\d)/i, "")
    .replace(/\/+$/, "");
  const compact = text.replace(/[\s-]/g, "").toUpperCase();
  if (!/^\d{15}[\dX]$/.test(compact)) return null;
  return compact.replace(/(.{4})(?!$)/g, "$1-");
}

/** True when `value` is an ORCID iD (any form {@link orcidDigits} reads) with the right check digit. */
export function isValidOrcid(value: string): boolean {
  const digits = orcidDigits(value);
  if (!digits) return false;
  const compact = digits.replace(/-/g, "");
  return orcidCheckCharacter(compact.slice(0, 15)) === compact[15];
}

/**
 * `value` as the stored URI `https://orcid.org/0000-0002-1825-0097`, or null when it is not a
 * valid ORCID iD (shape or check digit).
 */
export function normaliseOrcid(value: string): string | null {
  const digits = orcidDigits(value);
  return digits && isValidOrcid(digits) ? `${ORCID_PREFIX}${digits}` : null;
}

/** The bare iD of a stored URI (`0000-0002-1825-0097`), as Crossref's and DOAJ's display wants it. */
export function orcidId(uri: string): string {
  return uri.startsWith(ORCID_PREFIX) ? uri.slice(ORCID_PREFIX.length) : uri;
}
