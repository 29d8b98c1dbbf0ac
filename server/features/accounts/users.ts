/**
 * Manager accounts (docs/product/screens.md, docs/product/validation.md and docs/product/roles.md; docs/product/api.md, Account): registration behind the
 * admin passcode, password hashing and sign-in checks. No HTTP here: the account API
 * (server/api/account.ts) validates the request shape and calls these.
 *
 * Passwords are hashed with scrypt (RFC 7914) at OWASP's recommended cost (N=2^15, r=8, p=3:
 * 32 MiB, about a quarter of a second), with a random 16-byte salt per user. N comes from
 * `PASSWORD_SCRYPT_COST` (`ctx.config.passwordScryptCost`, log2 N; the tests lower it, decision
 * 230). The parameters are stored with the hash (`scrypt$N$r$p$salt$hash`, base64url), so the
 * cost can change without locking anybody out: a hash made with other parameters still verifies
 * and is replaced at the next successful sign-in.
 */

import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { MESSAGES, MIN_PASSWORD_LENGTH } from "../../../shared/constants.ts";
import { normaliseEmail } from "../../../shared/email-address.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { PASSWORD_TOO_SHORT } from "../../../shared/schemas.ts";
import { DEFAULT_PASSWORD_SCRYPT_COST } from "../../config.ts";
import type { User, UserRole } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError, conflict, invalid } from "../../services/errors.ts";

/** Shortest accepted password, in characters (docs/product/api.md). */
export { MIN_PASSWORD_LENGTH };

/** scrypt's block size and parallelism (OWASP); N follows the configured cost. */
const SCRYPT_R = 8;
const SCRYPT_P = 3;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/** scrypt parameters of new hashes at `cost` (log2 N, `PASSWORD_SCRYPT_COST`). */
function scryptParameters(cost: number) {
  return { N: 2 ** cost, r: SCRYPT_R, p: SCRYPT_P };
}

/**
 * Verified against when the email is unknown, so an unknown email costs the same scrypt work as a
 * wrong password and the two cannot be told apart by timing: made with the configured `cost`,
 * as new hashes are. Its salt and hash are fixed random bytes: no password matches it.
 */
function dummyHash(cost: number): string {
  const { N, r, p } = scryptParameters(cost);
  return `scrypt$${N}$${r}$${p}$bm90LWEtcmVhbC1zYWx0IQ$UkLnGq1bqtW3HI0x9fS0rJcAH7fA1uXg8yq_lF2a4Ao`;
}

export type NewManager = {
  fname: string;
  lname: string;
  phone: string;
  email: string;
  pword: string;
  cpword: string;
  admincode: string;
};

/**
 * The account of `email` (any case, any spacing: {@link normaliseEmail}) when it is not disabled,
 * with what a mail to it needs (address, name, language); undefined otherwise. A disabled account
 * gets no mail (decision 261): no reset link it could not use, no alert.
 */
export async function activeAccountByEmail(
  ctx: AppContext,
  email: string,
): Promise<Pick<User, "id" | "email" | "first_name" | "last_name" | "locale"> | undefined> {
  return ctx.db
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", "locale"])
    .where("email", "=", normaliseEmail(email))
    .where("disabled_at", "is", null)
    .executeTakeFirst();
}

/** "First Last", as the dashboard greets the manager ('Hello {user name}!'). */
export function displayName(user: Pick<User, "first_name" | "last_name">): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

export { normaliseEmail };

function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function scryptOptions(N: number, r: number, p: number): ScryptOptions {
  // Node refuses more than 32 MiB by default; scrypt needs 128 * N * r bytes plus a margin.
  return { N, r, p, maxmem: 256 * N * r };
}

/**
 * `scrypt$N$r$p$salt$hash` of `password` with a fresh random salt, N = 2^`cost`.
 * @param cost log2 N; callers pass `ctx.config.passwordScryptCost`. The default is production's.
 */
export async function hashPassword(
  password: string,
  cost = DEFAULT_PASSWORD_SCRYPT_COST,
): Promise<string> {
  const { N, r, p } = scryptParameters(cost);
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_LENGTH, scryptOptions(N, r, p));
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Whether `password` matches `stored` (a {@link hashPassword} result), compared in constant time.
 * A malformed `stored` never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) {
    return false;
  }
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (expected.length === 0) return false;
  const actual = await scryptAsync(password, salt, expected.length, scryptOptions(N, r, p));
  return timingSafeEqual(actual, expected);
}

/**
 * Whether `stored` was made with other parameters than new hashes at `cost` (log2 N) get, so
 * the next successful sign-in should hash the password again.
 */
export function needsRehash(stored: string, cost = DEFAULT_PASSWORD_SCRYPT_COST): boolean {
  const [, N, r, p] = stored.split("$").map(Number);
  const now = scryptParameters(cost);
  return N !== now.N || r !== now.r || p !== now.p;
}

/**
 * Compares a submitted admin passcode with the configured one in constant time (both sides are
 * hashed first, so their lengths leak nothing either).
 */
export function passcodeMatches(given: string, configured: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(configured));
}

/**
 * The password rules of registration, also applied to a reset and a change (decision 020):
 * both entries equal, at least {@link MIN_PASSWORD_LENGTH} characters.
 * @throws AppError `invalid` (400) 'Passwords you entered do not match!' (field `cpword`) or
 *   the length message (field `pword`).
 */
export function assertNewPassword(pword: string, cpword: string): void {
  if (pword !== cpword) {
    throw invalid(MESSAGES.passwordsDoNotMatch, { cpword: MESSAGES.passwordsDoNotMatch });
  }
  if ([...pword].length < MIN_PASSWORD_LENGTH) {
    throw invalid(PASSWORD_TOO_SHORT, { pword: PASSWORD_TOO_SHORT });
  }
}

/**
 * Registration needs an admin passcode (docs/product/roles.md); with none configured it is closed.
 * @returns the configured passcode.
 * @throws AppError `forbidden` (403) saying registration is closed.
 */
export function assertRegistrationOpen(ctx: AppContext): string {
  const configured = ctx.config.adminPasscode;
  if (!configured) {
    throw new AppError("forbidden", MESSAGES.registrationClosed);
  }
  return configured;
}

/**
 * Registers a manager (docs/product/screens.md, Registration page; docs/product/api.md).
 * Checks, in this order, so that nobody without the passcode learns whether an email is taken:
 * registration open (a passcode is configured), passwords equal, password length, passcode,
 * email free. `input` fields are expected trimmed and non-empty (the API checks the shape).
 * @returns the new user.
 * @throws AppError `forbidden` (403) when registration is closed or the passcode is wrong;
 *   `invalid` (400) 'Passwords you entered do not match!' or a password shorter than
 *   {@link MIN_PASSWORD_LENGTH}; `conflict` (409) when the email has an account.
 */
export async function registerManager(
  ctx: AppContext,
  input: NewManager & { locale?: Locale },
): Promise<User> {
  const configured = assertRegistrationOpen(ctx);
  assertNewPassword(input.pword, input.cpword);
  if (!passcodeMatches(input.admincode, configured)) {
    const wrong = msg("The admin passcode is not correct.");
    throw new AppError("forbidden", wrong, {
      errors: { admincode: wrong },
    });
  }

  const email = normaliseEmail(input.email);
  const taken = msg("An account with this email already exists.");
  const existing = await ctx.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing) throw conflict(taken, { email: taken });

  return insertAccount(ctx, { ...input, email });
}

/**
 * Inserts an account (`email` already normalised and checked free). Its role is `admin` when it
 * is the first account of the site, or when its email is `ADMIN_EMAIL` and `addressProven` (the
 * invitation mailed to it vouches for it); `manager` otherwise. "First" is decided inside the
 * insert itself, so the check and the row cannot be split
 * (docs/decisions/190-roles-and-ownership.md). An `ADMIN_EMAIL` account registered with the
 * passcode becomes administrator only through its emailed confirmation link
 * (server/features/accounts/admin-confirmation.ts, decision 262).
 * @throws AppError `conflict` (409) when the email was taken meanwhile.
 */
export async function insertAccount(
  ctx: AppContext,
  input: Pick<NewManager, "fname" | "lname" | "phone" | "email" | "pword"> & {
    /** The language the account registered in (decision 382). */
    locale?: Locale;
  },
  passwordHash?: string,
  addressProven = false,
): Promise<User> {
  const taken = msg("An account with this email already exists.");
  const password_hash =
    passwordHash ?? (await hashPassword(input.pword, ctx.config.passwordScryptCost));
  const role =
    addressProven && input.email === ctx.config.adminEmail
      ? sql<UserRole>`'admin'`
      : // the site's first manager is its administrator; author accounts (decision 400) do not count
        sql<UserRole>`case when exists (select 1 from users where kind = 'manager') then 'manager' else 'admin' end`;
  try {
    return await ctx.db
      .insertInto("users")
      .values({
        first_name: input.fname,
        last_name: input.lname,
        phone: input.phone,
        email: input.email,
        password_hash,
        created_at: new Date().toISOString(),
        role,
        locale: input.locale ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // two registrations of one email at the same moment: the unique index decides
    if (isUniqueViolation(error)) throw conflict(taken, { email: taken });
    throw error;
  }
}

/** Refusal of a sign-in to an author account whose address is not yet confirmed (decision 400). */
export const UNCONFIRMED_AUTHOR_MSG = msg(
  "Please confirm your email address first: open the link we mailed you when you signed up.",
);

/** Refusal of a sign-in to a disabled account (decision 190). */
export const DISABLED_MSG = msg(
  "This account has been disabled. Please contact the site administrator.",
);

/**
 * Checks an email and password (docs/product/api.md, POST /login). An unknown email and a wrong
 * password give the same error after the same scrypt work.
 * @returns the user.
 * @throws AppError `unauthorized` (401) 'Invalid email or password.'; `forbidden` (403)
 *   {@link DISABLED_MSG} for a disabled account with the right password.
 */
export async function authenticate(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<User> {
  const user = await ctx.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  const cost = ctx.config.passwordScryptCost;
  const ok = await verifyPassword(password, user?.password_hash ?? dummyHash(cost));
  if (!user || !ok) throw new AppError("unauthorized", msg("Invalid email or password."));
  // said only to whoever knows the password, so it reveals nothing to a guesser
  if (user.disabled_at !== null) throw new AppError("forbidden", DISABLED_MSG);
  // an author signs in once the mailed link proved the address (decision 400)
  if (user.kind === "author" && user.email_confirmed_at === null) {
    throw new AppError("forbidden", UNCONFIRMED_AUTHOR_MSG);
  }
  if (needsRehash(user.password_hash, cost)) {
    const password_hash = await hashPassword(password, cost);
    await ctx.db.updateTable("users").set({ password_hash }).where("id", "=", user.id).execute();
    return { ...user, password_hash };
  }
  return user;
}

/** The user with `id`, or undefined. */
export async function findUser(ctx: AppContext, id: number): Promise<User | undefined> {
  return ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Sets the language of account `userId` (issue 32; decisions 382 and 431): the one its mail is
 * written in. `locale` is one of the interface languages (the API checks it).
 * @throws AppError `not_found` when the account is gone.
 */
export async function setAccountLocale(
  ctx: AppContext,
  userId: number,
  locale: Locale,
): Promise<void> {
  const updated = await ctx.db
    .updateTable("users")
    .set({ locale })
    .where("id", "=", userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    throw new AppError("not_found", "This account no longer exists.");
  }
}

/** The msg when the current password given to change it is wrong. */
export const WRONG_CURRENT_PASSWORD_MSG = msg("Your current password is not correct.");

/**
 * Changes the signed-in manager's password (issue 8; decision 198): `current` must be their
 * password now, and the new one follows registration's rules. Every other session of the
 * account ends (the one of `keepSessionId` stays) and unused reset links are voided.
 * @throws AppError `invalid` (400) {@link WRONG_CURRENT_PASSWORD_MSG} (field `current`), or the
 *   rules' messages ({@link assertNewPassword}); `not_found` when the account is gone.
 */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  keepSessionId: string | undefined,
  input: { current: string; pword: string; cpword: string },
): Promise<void> {
  const user = await findUser(ctx, userId);
  if (!user) throw new AppError("not_found", msg("This account no longer exists."));
  if (!(await verifyPassword(input.current, user.password_hash))) {
    throw invalid(WRONG_CURRENT_PASSWORD_MSG, { current: WRONG_CURRENT_PASSWORD_MSG });
  }
  assertNewPassword(input.pword, input.cpword);
  const password_hash = await hashPassword(input.pword, ctx.config.passwordScryptCost);
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash }).where("id", "=", userId).execute();
    let others = trx.deleteFrom("sessions").where("user_id", "=", userId);
    if (keepSessionId) others = others.where("id", "!=", keepSessionId);
    await others.execute();
    await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
  });
}

/**
 * Renames the signed-in manager (issue 8): `fname` and `lname` trimmed and non-empty (the API
 * checks the shape). @returns the updated user.
 * @throws AppError `not_found` when the account is gone.
 */
export async function updateName(
  ctx: AppContext,
  userId: number,
  input: { fname: string; lname: string },
): Promise<User> {
  const user = await ctx.db
    .updateTable("users")
    .set({ first_name: input.fname, last_name: input.lname })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirst();
  if (!user) throw new AppError("not_found", msg("This account no longer exists."));
  return user;
}
