/**
 * The one-time tokens of mailed links (password reset, manager invitation, administrator
 * confirmation, author e-mail confirmation, review invitation): 32 random bytes, base64url (43
 * characters), of which the database keeps only the SHA-256 (hex, 64 characters), so a leaked
 * database or backup opens no link (issue 30; decisions 260 and 400). One implementation for
 * every mailed link.
 */
import { createHash, randomBytes } from "node:crypto";

/** What a link token looks like: 43 base64url characters. Anything else is refused unread. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new token for a mailed link: 256 random bits, base64url. */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a link's token: SHA-256, lower-case hex. */
export function linkTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
