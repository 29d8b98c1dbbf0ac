/**
 * ROR ids (Research Organization Registry, https://ror.readme.io/docs/identifier): `0`, six
 * characters of Crockford base 32 (no i, l, o, u), and two check digits, ISO 7064 MOD 97-10 over
 * the value of the first seven characters: `98 − (n × 100 mod 97)`. Stored as the URI
 * `https://ror.org/052gg0110` (decision 255). Pure functions, no zod (shared/orcid.ts says why);
 * the form schema is `rorSchema` in shared/schemas.ts.
 */

import { msg } from "./i18n/messages.ts";

/** The ROR URI prefix every stored id carries. */
export const ROR_PREFIX = "https://ror.org/";

/** The message of a value that is not a ROR id, shown under the field. */
export const ROR_MESSAGE = msg(
  "Enter a ROR id such as https://ror.org/052gg0110 (or 052gg0110), or leave it empty.",
);

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

/** The two check digits of the first seven characters of a ROR id. */
export function rorCheckDigits(first7: string): string {
  let n = 0n;
  for (const c of first7) n = n * 32n + BigInt(CROCKFORD.indexOf(c));
  return String(98n - ((n * 100n) % 97n)).padStart(2, "0");
}

/**
 * `value` (`https://ror.org/052gg0110`, `ror.org/052gg0110`, `052gg0110`, any case) as the
 * stored URI; null when it is not a ROR id or its check digits are wrong.
 */
export function normaliseRor(value: string): string | null {
  const id = value
    .trim()
    .toLowerCase()
    .replace(/^(?:https?:\/\/)?(?:www\.)?ror\.org\//, "")
    .replace(/\/+$/, "");
  if (!/^0[0-9a-hjkmnp-tv-z]{6}\d{2}$/.test(id)) return null;
  return rorCheckDigits(id.slice(0, 7)) === id.slice(7) ? `${ROR_PREFIX}${id}` : null;
}

/**
 * True when `value` is a ROR id with the right check digits.
 * @public for the deposits (Crossref, DOAJ) of issue 16; no caller yet
 */
export function isValidRor(value: string): boolean {
  return normaliseRor(value) !== null;
}
