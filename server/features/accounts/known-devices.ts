/**
 * Device proofs: what a browser carries once it has signed in to an account, so that an attack
 * on the account from elsewhere never slows its owner down there (issue 30, finding 10; decision
 * 381). The scheme is OWASP's "device cookie" (Slow down online guessing attacks with device
 * cookies, OWASP Cheat Sheet Series, Authentication).
 *
 * A proof is `{nonce}.{mac}`: 12 random bytes and the HMAC-SHA256, under `SESSION_SECRET`, of
 * the account key (the SHA-256 of the normalised email, ./sign-in-failures.ts) and the nonce,
 * both base64url. It names no account and grants nothing: it only exempts its browser from the
 * account-wide wait, never from the password or the per-network wait. A cookie holds the proofs
 * of the last {@link MAX_PROOFS} accounts signed in from that browser, `~`-separated.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { accountKeyOf } from "./sign-in-failures.ts";

/** Accounts a browser keeps proofs for (a shared office computer). */
export const MAX_PROOFS = 5;
/** How long a browser keeps its proofs: a year after its last sign-in. */
export const DEVICE_PROOF_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

const PROOF = /^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/;

function macOf(secret: string, email: string, nonce: string): Buffer {
  return createHmac("sha256", secret)
    .update(`device-proof\0${accountKeyOf(email)}\0${nonce}`)
    .digest();
}

/** Whether `proof` (one `{nonce}.{mac}`) was made by {@link addDeviceProof} for `email`. */
function proves(secret: string, email: string, proof: string): boolean {
  if (!PROOF.test(proof)) return false;
  const [nonce, mac] = proof.split(".") as [string, string];
  return timingSafeEqual(Buffer.from(mac, "base64url"), macOf(secret, email, nonce));
}

/** Whether the cookie value `proofs` holds a proof for `email` (undefined: no cookie). */
export function isKnownDevice(secret: string, email: string, proofs: string | undefined): boolean {
  return (proofs ?? "").split("~").some((proof) => proves(secret, email, proof));
}

/**
 * The cookie value after a sign-in of `email`: a new proof for it first, then the earlier proofs
 * of other accounts (well-formed ones only), {@link MAX_PROOFS} at most.
 */
export function addDeviceProof(secret: string, email: string, proofs: string | undefined): string {
  const nonce = randomBytes(12).toString("base64url");
  const mine = `${nonce}.${macOf(secret, email, nonce).toString("base64url")}`;
  const others = (proofs ?? "")
    .split("~")
    .filter((proof) => PROOF.test(proof) && !proves(secret, email, proof));
  return [mine, ...others].slice(0, MAX_PROOFS).join("~");
}
