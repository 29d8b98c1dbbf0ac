/**
 * Attempt limits on the account calls (docs/product/api.md: 429 too many attempts), against
 * password guessing and mass registration (OWASP Authentication Cheat Sheet):
 *
 * - sign-in attempts per client IP (default 10 a minute);
 * - registration attempts per client IP (default 5 an hour);
 * - password reset requests per client IP (default 10 an hour).
 *
 * Failed sign-ins per account are counted per (account, IP) pair in the database instead
 * (server/features/accounts/sign-in-failures.ts, decision 197).
 *
 * The limits come from `config.rateLimits` (`RATE_LIMITS`, server/config.ts). Counts live in
 * Redis when `REDIS_URL` names one (`RateLimiterRedis` on the context's client, decision 297),
 * else in memory on SQLite (one server) and in the database's `rate_limits` table on PostgreSQL,
 * through `RateLimiterPostgres` on the `pg` pool, so several servers share them; the table is
 * created by the library on first use, and an in-memory limiter stands in while PostgreSQL or
 * Redis is unreachable.
 *
 * Build the limiters once per application ({@link createAccountLimiters}), not per request.
 */
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { msgWith } from "../../shared/i18n/messages.ts";
import type { RateLimit } from "../config.ts";
import { pgPoolOf } from "../db/database.ts";
import type { AppContext } from "./context.ts";
import { AppError } from "./errors.ts";

export type Limiter = {
  /**
   * Counts one attempt of `key`.
   * @throws AppError `rate_limited` (429, with `retryAfter` seconds) when the attempt is over the
   *   limit.
   */
  consume(key: string): Promise<void>;
  /**
   * Refuses `key` when it has used every attempt, without counting one.
   * @throws AppError `rate_limited` as {@link Limiter.consume}.
   */
  check(key: string): Promise<void>;
  /** Forgets the attempts of `key`. */
  reset(key: string): Promise<void>;
};

export type AccountLimiters = {
  signInPerIp: Limiter;
  registrationPerIp: Limiter;
  passwordResetPerIp: Limiter;
};

/**
 * How long to wait, for a 429 msg: whole seconds under a minute, else minutes rounded up. The
 * msg is one ICU message carrying both (`{unit, select, second {{count, plural, …}} other
 * {…}}`), so each language writes its own plural forms of either unit (decision 382).
 */
export type Wait = { unit: "second" | "minute"; count: number };

/** The {@link Wait} of `seconds` (at least 1). */
export function waitOf(seconds: number): Wait {
  if (seconds < 60) return { unit: "second", count: seconds };
  return { unit: "minute", count: Math.ceil(seconds / 60) };
}

/**
 * The refusal of an attempt that must wait `seconds` (at least 1): AppError `rate_limited` (429,
 * sent with `Retry-After: seconds`), its text `message` of the {@link Wait}.
 */
export function tooManyAttempts(seconds: number, message: (wait: Wait) => string): AppError {
  return new AppError("rate_limited", message(waitOf(seconds)), { retryAfter: seconds });
}

/** The account limiters of `ctx.config.rateLimits`. */
export function createAccountLimiters(ctx: AppContext): AccountLimiters {
  const limits = ctx.config.rateLimits;
  return {
    signInPerIp: createLimiter(ctx, "signin_ip", limits.signInPerIp, (wait) =>
      msgWith(
        "Too many sign-in attempts. Please try again in {unit, select, second {{count, plural, one {# second} other {# seconds}}} other {{count, plural, one {# minute} other {# minutes}}}}.",
        { unit: wait.unit, count: wait.count },
      ),
    ),
    registrationPerIp: createLimiter(ctx, "register_ip", limits.registrationPerIp, (wait) =>
      msgWith(
        "Too many registration attempts. Please try again in {unit, select, second {{count, plural, one {# second} other {# seconds}}} other {{count, plural, one {# minute} other {# minutes}}}}.",
        { unit: wait.unit, count: wait.count },
      ),
    ),
    passwordResetPerIp: createLimiter(ctx, "reset_ip", limits.passwordResetPerIp, (wait) =>
      msgWith(
        "Too many password reset requests. Please try again in {unit, select, second {{count, plural, one {# second} other {# seconds}}} other {{count, plural, one {# minute} other {# minutes}}}}.",
        { unit: wait.unit, count: wait.count },
      ),
    ),
  };
}

/**
 * One limiter named `name` (its key prefix). The PostgreSQL store is opened on first use, so an
 * application that never sees a sign-in never touches its table.
 */
export function createLimiter(
  ctx: AppContext,
  name: string,
  limit: RateLimit,
  message: (wait: Wait) => string,
  keyOf: (key: string) => string = (key) => key,
): Limiter {
  const options = { keyPrefix: name, points: limit.points, duration: limit.seconds };
  const memory = new RateLimiterMemory(options);
  let store: Promise<RateLimiterAbstract> | undefined;

  function open(): Promise<RateLimiterAbstract> {
    if (ctx.redis) {
      return Promise.resolve(
        new RateLimiterRedis({
          ...options,
          storeClient: ctx.redis,
          // Redis down: count in this process's memory at once instead of waiting for it
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        }),
      );
    }
    const pool = ctx.dialect === "postgres" ? pgPoolOf(ctx.db) : undefined;
    if (!pool) return Promise.resolve(memory);
    return new Promise((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        {
          ...options,
          storeClient: pool,
          storeType: "pool",
          tableName: "rate_limits",
          insuranceLimiter: memory,
        },
        (error?: unknown) => (error ? reject(error) : resolve(limiter)),
      );
    });
  }

  async function limiter(): Promise<RateLimiterAbstract> {
    store ??= open();
    try {
      return await store;
    } catch (error) {
      store = undefined; // try the table again next time
      ctx.log.warn({ err: error }, "rate limit table unavailable; counting in memory");
      return memory;
    }
  }

  function refuse(res: RateLimiterRes): AppError {
    return tooManyAttempts(Math.max(1, Math.ceil(res.msBeforeNext / 1000)), message);
  }

  return {
    async consume(key) {
      const rl = await limiter();
      try {
        await rl.consume(keyOf(key));
      } catch (error) {
        if (error instanceof RateLimiterRes) throw refuse(error);
        throw error;
      }
    },
    async check(key) {
      const rl = await limiter();
      const res = await rl.get(keyOf(key));
      if (res && res.consumedPoints >= limit.points) throw refuse(res);
    },
    async reset(key) {
      const rl = await limiter();
      await rl.delete(keyOf(key));
    },
  };
}
