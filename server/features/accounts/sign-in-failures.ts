/**
 * Failed sign-ins counted per (account, client IP) pair, slowing that pair down progressively
 * (issue 8; decision 197, replacing the per-account lock of decision 023).
 *
 * The old rule locked an account for 15 minutes after 5 failures from anywhere, so anybody who
 * knew a manager's address could keep them out for good. Now failures from one IP slow down only
 * that IP's attempts on that account: `points` failures (`RATE_LIMITS` `signin_email`, default
 * 5) are free, then each further failure makes the pair wait {@link FIRST_WAIT_S} seconds,
 * doubling up to `seconds` (default 900, 15 minutes). The owner signing in from elsewhere is
 * never held up, and a completed password reset clears every pair of the account
 * ({@link clearAccountFailures}), so the reset link always gets the owner back in. Failures
 * older than {@link FORGET_AFTER_MS} start again from one. The per-IP attempt limit
 * (server/services/rate-limit.ts) still bounds how fast one IP guesses across accounts.
 *
 * "IP" is the client's network (./client-network.ts, decision 264): an IPv4 address, an IPv6
 * client's /64 (one subscriber may pick any address in it), an IPv4-mapped address as IPv4.
 *
 * Rows live in `sign_in_failures` (migration 009), keyed by the SHA-256 of the normalised
 * email, so several servers share the counts and no address is stored; unknown emails count
 * exactly like known ones, so the wait reveals nothing about which accounts exist.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { clientNetwork } from "../../services/client-network.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";
import { waitText } from "../../services/rate-limit.ts";

/** The first wait, in seconds, once the free failures are used. */
export const FIRST_WAIT_S = 30;
/** A pair's failures are forgotten this long after its last one. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** SHA-256 (hex) of the trimmed, lower-cased email. */
export function accountKeyOf(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/**
 * Seconds the pair waits after its `failures`-th failure: 0 while `failures < free`, then
 * {@link FIRST_WAIT_S} doubling with each failure, at most `maxSeconds`.
 */
export function waitAfter(failures: number, free: number, maxSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(maxSeconds, FIRST_WAIT_S * 2 ** Math.min(failures - free, 30));
}

function refusal(seconds: number): AppError {
  return new AppError(
    "rate_limited",
    `Too many failed sign-ins for this account from your network. Please try again in ${waitText(seconds)}, or reset your password.`,
    { retryAfter: seconds },
  );
}

/**
 * Refuses a sign-in of `email` from `ip` while that pair must wait (does not count one).
 * @throws AppError `rate_limited` (429, `retryAfter` seconds).
 */
export async function assertMayTrySignIn(
  ctx: AppContext,
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const row = await ctx.db
    .selectFrom("sign_in_failures")
    .select("retry_at")
    .where("account_key", "=", accountKeyOf(email))
    .where("ip", "=", clientNetwork(ip))
    .executeTakeFirst();
  if (!row?.retry_at) return;
  const ms = new Date(row.retry_at).getTime() - now.getTime();
  if (ms > 0) throw refusal(Math.ceil(ms / 1000));
}

/**
 * Counts one failed sign-in of `email` from `ip` and sets the pair's next allowed moment.
 * @returns seconds the pair must now wait (0 while failures are free).
 */
export async function recordSignInFailure(
  ctx: AppContext,
  email: string,
  ip: string,
  now = new Date(),
): Promise<number> {
  const accountKey = accountKeyOf(email);
  const network = clientNetwork(ip);
  const nowIso = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  const row = await ctx.db
    .insertInto("sign_in_failures")
    .values({
      account_key: accountKey,
      ip: network,
      failures: 1,
      last_failed_at: nowIso,
      retry_at: null,
    })
    .onConflict((oc) =>
      oc.columns(["account_key", "ip"]).doUpdateSet({
        failures: sql<number>`case when sign_in_failures.last_failed_at < ${forgetBefore} then 1 else sign_in_failures.failures + 1 end`,
        last_failed_at: nowIso,
      }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  const limit = ctx.config.rateLimits.signInFailuresPerAccountIp;
  const wait = waitAfter(Number(row.failures), limit.points, limit.seconds);
  await ctx.db
    .updateTable("sign_in_failures")
    .set({ retry_at: wait > 0 ? new Date(now.getTime() + wait * 1000).toISOString() : null })
    .where("account_key", "=", accountKey)
    .where("ip", "=", network)
    .execute();
  await purgeOldFailures(ctx, now);
  return wait;
}

/** Forgets the failures of `email` from `ip` (after a successful sign-in from there). */
export async function clearSignInFailures(ctx: AppContext, email: string, ip: string) {
  await ctx.db
    .deleteFrom("sign_in_failures")
    .where("account_key", "=", accountKeyOf(email))
    .where("ip", "=", clientNetwork(ip))
    .execute();
}

/** Forgets the failures of `email` from every IP (after a completed password reset). */
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
