/**
 * The one normal form of an email address (issue 30, finding 1): every address the site stores,
 * compares or hashes goes through {@link normaliseEmail} first, so `boss@EXAMPLE.org ` and
 * `boss@example.org` are one account, one `ADMIN_EMAIL`, one invitation and one sign-in
 * failure counter. Pure, without zod, so configuration, server and pages can share it.
 */

/**
 * `email` without surrounding white space, lower-cased. The domain is case-insensitive (RFC 5321
 * section 2.4); the local part is case-folded too, as every mail service this site will meet
 * treats it, and as stored addresses have always been (docs/product/api.md).
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
