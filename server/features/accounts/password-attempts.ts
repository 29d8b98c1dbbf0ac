/**
 * One rule for every check of an account's password made by someone not yet trusted: sign-in,
 * the password change on the Account screen, the administrator confirmation page (issues 8, 15
 * and 30; decisions 197, 379 and 381). {@link guardPasswordAttempt} refuses the attempt while it
 * must wait, counts a wrong password, clears its network's count after a right one, and mails
 * the account's owner once when failures from every network together pass the account's free
 * failures (./sign-in-failures.ts).
 */
import type { AppContext } from "../../services/context.ts";
import { sendMailInBackground } from "../../services/mail.ts";
import {
  assertMayTrySignIn,
  clearSignInFailures,
  FORGET_AFTER_MS,
  failingNetworks,
  recordSignInFailure,
  type SignInAttempt,
} from "./sign-in-failures.ts";
import { activeAccountByEmail, displayName } from "./users.ts";

/**
 * Runs `check` (a check of the password of `attempt.email`) under the failure rules.
 * @param origin the origin of the links in the owner's alert (`linkOrigin`).
 * @param isWrongPassword whether an error `check` threw means the password was wrong (counted);
 *   any other error passes through uncounted.
 * @returns what `check` returned.
 * @throws AppError `rate_limited` (429) while the attempt must wait; whatever `check` threw.
 */
export async function guardPasswordAttempt<T>(
  ctx: AppContext,
  attempt: SignInAttempt & { origin: string },
  check: () => Promise<T>,
  isWrongPassword: (error: unknown) => boolean,
): Promise<T> {
  await assertMayTrySignIn(ctx, attempt);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (isWrongPassword(error)) {
      const { accountUnderAttack } = await recordSignInFailure(ctx, attempt);
      if (accountUnderAttack) await alertAccountOwner(ctx, attempt.email, attempt.origin);
    }
    throw error;
  }
  await clearSignInFailures(ctx, attempt);
  return result;
}

/**
 * Mails the owner of `email`'s account (when it exists and is not disabled) that its sign-ins
 * are under attack and now slowed, in the background: a failed send is only logged, and the
 * attempt's answer neither waits for it nor reveals it.
 */
async function alertAccountOwner(ctx: AppContext, email: string, origin: string): Promise<void> {
  const user = await activeAccountByEmail(ctx, email);
  if (!user) return;
  const networks = await failingNetworks(ctx, user.email);
  sendMailInBackground(ctx, user.locale, (t, site) => ({
    to: user.email,
    subject: t("Failed sign-ins to your {site} account", { site }),
    text: t(
      "Hello {name},\n\nSomeone has tried to sign in to your {site} account with a wrong password {failures} times from {networks, plural, one {# network} other {# networks}} in the last {hours} hours.\n\nTo protect the account, sign-ins to it from browsers that have never signed in to it now wait between attempts. The browsers where you have signed in before are not held up. Your password still works: nobody has signed in with it because of this.\n\nIf this was you, there is nothing to do. If it was not, choose a new, long password that you use nowhere else; a new password also ends the waits:\n\n{link}\n\n— {site}",
      {
        name: displayName(user),
        site,
        failures: ctx.config.rateLimits.signInFailuresPerAccount.points,
        networks,
        hours: FORGET_AFTER_MS / 3_600_000,
        link: `${origin}/forgot-password`,
      },
    ),
  }));
  ctx.log.warn({ userId: user.id, networks }, "sign-ins to an account slowed: owner mailed");
}
