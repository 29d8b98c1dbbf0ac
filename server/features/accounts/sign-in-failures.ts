/**
 * Failed sign-ins, counted per (account, client network) pair and per account from every
 * network, slowing attempts down progressively and never locking the owner out (issue 8,
 * decision 197, replacing the per-account lock of decision 023; issue 30, decision 381).
 *
 * - Per pair: `points` failures (`RATE_LIMITS` `signin_email`, default 5) from one network are
 *   free, then each further failure makes that pair wait {@link FIRST_WAIT_S} seconds, doubling
 *   up to `seconds` (default 900). Other networks are not held up by it.
 * - Per account (`signin_account`, default 20/900): an attacker with many networks gets the
 *   free failures of each, so the account also counts the failures of every network together.
 *   Past its free failures, every attempt on the account from a browser that has never signed
 *   in to it waits, 30 s doubling up to `seconds`, and the owner is mailed once
 *   (./sign-in-alert.ts). Browsers that have signed in to the account before carry a device
 *   proof (./known-devices.ts, OWASP's "device cookie") and are never held up by this rule,
 *   nor counted in it, so the owner keeps signing in where they always do; anywhere else, the
 *   password reset link gets them in and clears every count.
 *
 * A successful sign-in clears its pair only: the account's count keeps running while the attack
 * does. Counts older than {@link FORGET_AFTER_MS} start again from one. The per-IP attempt limit
 * (server/services/rate-limit.ts) still bounds how fast one network guesses across accounts.
 *
 * "Network" is the client's (../../services/client-network.ts, decision 264): an IPv4 address, an
 * IPv6 client's /64, an IPv4-mapped address as IPv4. Rows live in `sign_in_failures` (migration
 * 009), keyed by the SHA-256 of the normalised email; the account's own row has the network
 * {@link EVERY_NETWORK}. Several servers share the counts, no address is stored, and unknown
 * emails count exactly like known ones, so no wait reveals which accounts exist.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { normaliseEmail } from "../../../shared/email-address.ts";
import { msgWith } from "../../../shared/i18n/messages.ts";
import type { RateLimit } from "../../config.ts";
import { clientNetwork } from "../../services/client-network.ts";
import type { AppContext } from "../../services/context.ts";
import { tooManyAttempts } from "../../services/rate-limit.ts";

/** The first wait, in seconds, once the free failures are used. */
export const FIRST_WAIT_S = 30;
/** A count is forgotten this long after its last failure. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;
/** The `ip` of an account's row counting every network (never a network's own form). */
export const EVERY_NETWORK = "*";

/** One sign-in attempt: whose password is tried, from where. */
export type SignInAttempt = {
  /** The email the attempt names (normalised here). */
  email: string;
  /** The client's IP (`req.ip`). */
  ip: string;
  /** Whether the browser proved it has signed in to this account before (./known-devices.ts). */
  knownDevice: boolean;
};

/** SHA-256 (hex) of the normalised email (shared/email-address.ts). */
export function accountKeyOf(email: string): string {
  return createHash("sha256").update(normaliseEmail(email)).digest("hex");
}

/**
 * Seconds the pair waits after its `failures`-th failure: 0 while `failures < free`, then
 * {@link FIRST_WAIT_S} doubling with each failure, at most `maxSeconds`.
 */
export function waitAfter(failures: number, free: number, maxSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(maxSeconds, FIRST_WAIT_S * 2 ** Math.min(failures - free, 30));
}

const pairRefusal = (seconds: number) =>
  tooManyAttempts(seconds, (wait) =>
    msgWith(
      "Too many failed sign-ins for this account from your network. Please try again in {unit, select, second {{count, plural, one {# second} other {# seconds}}} other {{count, plural, one {# minute} other {# minutes}}}}, or reset your password.",
      { unit: wait.unit, count: wait.count },
    ),
  );

const accountRefusal = (seconds: number) =>
  tooManyAttempts(seconds, (wait) =>
    msgWith(
      "Too many failed sign-ins for this account. Please try again in {unit, select, second {{count, plural, one {# second} other {# seconds}}} other {{count, plural, one {# minute} other {# minutes}}}}, or reset your password.",
      { unit: wait.unit, count: wait.count },
    ),
  );

/** Seconds until `retryAt` (an ISO time or null), or 0 when it has passed. */
function secondsUntil(retryAt: string | null | undefined, now: Date): number {
  if (!retryAt) return 0;
  const ms = new Date(retryAt).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/**
 * Refuses an attempt while its pair, or (from an unknown browser) its account, must wait; does
 * not count one.
 * @throws AppError `rate_limited` (429, `retryAfter` seconds).
 */
export async function assertMayTrySignIn(
  ctx: AppContext,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<void> {
  const network = clientNetwork(attempt.ip);
  const rows = await ctx.db
    .selectFrom("sign_in_failures")
    .select(["ip", "retry_at"])
    .where("account_key", "=", accountKeyOf(attempt.email))
    .where("ip", "in", attempt.knownDevice ? [network] : [network, EVERY_NETWORK])
    .execute();
  const pair = secondsUntil(rows.find((r) => r.ip === network)?.retry_at, now);
  if (pair > 0) throw pairRefusal(pair);
  const account = secondsUntil(rows.find((r) => r.ip === EVERY_NETWORK)?.retry_at, now);
  if (account > 0) throw accountRefusal(account);
}

/**
 * Counts one failure on the row (`accountKey`, `ip`) and sets its next allowed moment.
 * @returns the row's failures now, and the seconds it must wait.
 */
async function countFailure(
  ctx: AppContext,
  accountKey: string,
  ip: string,
  limit: RateLimit,
  now: Date,
): Promise<{ failures: number; wait: number }> {
  const nowIso = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  const row = await ctx.db
    .insertInto("sign_in_failures")
    .values({ account_key: accountKey, ip, failures: 1, last_failed_at: nowIso, retry_at: null })
    .onConflict((oc) =>
      oc.columns(["account_key", "ip"]).doUpdateSet({
        failures: sql<number>`case when sign_in_failures.last_failed_at < ${forgetBefore} then 1 else sign_in_failures.failures + 1 end`,
        last_failed_at: nowIso,
      }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  const failures = Number(row.failures);
  const wait = waitAfter(failures, limit.points, limit.seconds);
  await ctx.db
    .updateTable("sign_in_failures")
    .set({ retry_at: wait > 0 ? new Date(now.getTime() + wait * 1000).toISOString() : null })
    .where("account_key", "=", accountKey)
    .where("ip", "=", ip)
    .execute();
  return { failures, wait };
}

/**
 * Counts one failed attempt: on its pair, and on its account unless the browser is known.
 * @returns the seconds the pair must now wait (0 while failures are free), and whether this
 *   failure is the one that took the account past its free failures (then its owner is told).
 */
export async function recordSignInFailure(
  ctx: AppContext,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<{ wait: number; accountUnderAttack: boolean }> {
  const accountKey = accountKeyOf(attempt.email);
  const limits = ctx.config.rateLimits;
  const pair = await countFailure(
    ctx,
    accountKey,
    clientNetwork(attempt.ip),
    limits.signInFailuresPerAccountIp,
    now,
  );
  let accountUnderAttack = false;
  if (!attempt.knownDevice) {
    const account = await countFailure(
      ctx,
      accountKey,
      EVERY_NETWORK,
      limits.signInFailuresPerAccount,
      now,
    );
    accountUnderAttack = account.failures === limits.signInFailuresPerAccount.points;
  }
  await purgeOldFailures(ctx, now);
  return { wait: pair.wait, accountUnderAttack };
}

/**
 * How many networks failed to sign in to the account of `email` within {@link FORGET_AFTER_MS}
 * (for the owner's alert).
 */
export async function failingNetworks(ctx: AppContext, email: string): Promise<number> {
  const row = await ctx.db
    .selectFrom("sign_in_failures")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_key", "=", accountKeyOf(email))
    .where("ip", "!=", EVERY_NETWORK)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Forgets the failures of the attempt's pair (after a successful sign-in from there). */
export async function clearSignInFailures(ctx: AppContext, attempt: SignInAttempt) {
  await ctx.db
    .deleteFrom("sign_in_failures")
    .where("account_key", "=", accountKeyOf(attempt.email))
    .where("ip", "=", clientNetwork(attempt.ip))
    .execute();
}

/** Forgets every count of `email`, its account's included (after a completed password reset). */
export async function clearAccountFailures(ctx: AppContext, email: string) {
  await ctx.db
    .deleteFrom("sign_in_failures")
    .where("account_key", "=", accountKeyOf(email))
    .execute();
}

/** Deletes the rows whose last failure is older than {@link FORGET_AFTER_MS}. */
async function purgeOldFailures(ctx: AppContext, now: Date) {
  await ctx.db
    .deleteFrom("sign_in_failures")
    .where("last_failed_at", "<", new Date(now.getTime() - FORGET_AFTER_MS).toISOString())
    .execute();
}
