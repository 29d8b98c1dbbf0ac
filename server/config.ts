/**
 * Runtime configuration, read once from the environment (docs/deployment.md#configuration).
 *
 * Every variable has a safe default; an invalid value stops the start with one clear line
 * (`ConfigError.message`), never a stack trace. `SESSION_SECRET` is generated into
 * `DATA_DIR/session-secret` on first start when it is not set, so sessions survive restarts.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { normaliseEmail } from "../shared/email-address.ts";
import { SESSIONS_PER_NETWORK } from "./features/usage/network-limit.ts";
import { makePrivateFolderSync, PRIVATE_FILE_MODE } from "./private-files.ts";
import { findPdftotext } from "./services/find-pdftotext.ts";
import type { PdfLimits } from "./services/pdf.ts";

/** An S3-compatible bucket (server/storage/s3-storage.ts, decision 295). */
export type S3Config = {
  bucket: string;
  /** Key prefix without slashes at either end, or "" for the bucket's root. */
  prefix: string;
  /** `S3_ENDPOINT`, for stores other than AWS (MinIO, Ceph, Garage, s3rver); undefined: AWS. */
  endpoint: string | undefined;
  /** `S3_FORCE_PATH_STYLE=1`: `https://host/bucket/key` addressing (most non-AWS stores). */
  forcePathStyle: boolean;
  /** `S3_PRESIGN=1`: galleys answer with a redirect to a presigned URL of the bucket. */
  presign: boolean;
  /** `AWS_REGION` (default `us-east-1`, which every non-AWS store accepts). */
  region: string;
  /** `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`; undefined: the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export type Config = {
  /** TCP port of the HTTP server. */
  port: number;
  /** Interface to bind; unset binds all interfaces. */
  host: string | undefined;
  /** Absolute folder for the SQLite file, uploaded files and the generated session secret. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means SQLite at `dataDir/athenaeum.sqlite`. */
  databaseUrl: string | undefined;
  /**
   * Absolute folder where uploaded files live (local storage); with an S3 bucket, the local
   * folder where multipart bodies arrive before they are checked and stored.
   */
  filesDir: string;
  /**
   * The S3-compatible bucket of `STORAGE_URL=s3://BUCKET[/prefix]` (decision 295); undefined
   * keeps files in `filesDir`. Credentials and region come from the AWS SDK's standard variables.
   */
  s3: S3Config | undefined;
  /**
   * `WEB_CONCURRENCY`: HTTP worker processes `npm start` runs (node:cluster, decision 297);
   * above 1 needs PostgreSQL, where the processes share limits, sessions and locks.
   */
  webConcurrency: number;
  /** Product name shown in the UI (`{product}` in the spec). */
  siteName: string;
  /** Public origin such as `https://journals.example.edu`, without a trailing slash. */
  publicUrl: string | undefined;
  /**
   * Host names (lower case, optionally `:port`) the site answers when `publicUrl` is unset
   * (`ALLOWED_HOSTS`); undefined trusts any well-formed Host outside production. See
   * server/http/origin.ts and docs/decisions/140-host-trust.md.
   */
  allowedHosts: string[] | undefined;
  /** The site's public contact address (OAI-PMH adminEmail, Contact page), if any. */
  contactEmail: string | undefined;
  /** Passcode a new manager must give to register; undefined closes registration. */
  adminPasscode: string | undefined;
  /**
   * `ADMIN_EMAIL`, lower-cased: the account registered with it becomes a site administrator
   * (besides the first account) once it opens the link mailed to that address, or at once when
   * invited there; docs/decisions/190-roles-and-ownership.md, 262.
   */
  adminEmail: string | undefined;
  /** Secret key for session token hashing (HMAC-SHA256). */
  sessionSecret: string;
  /** Largest accepted paper PDF in bytes. */
  maxPdfBytes: number;
  /** Largest accepted JATS XML galley in bytes (`MAX_JATS_MB`, default 10; decision 286). */
  maxJatsBytes: number;
  /**
   * Worker threads reading PDFs per process (`PDF_WORKERS`, capped at the available cores;
   * default up to 4, shared among the `WEB_CONCURRENCY` processes);
   * 0 reads them in the serving thread (docs/decisions/120-import-at-scale.md).
   */
  pdfWorkers: number;
  /**
   * Worker threads parsing JATS galleys per process (`JATS_WORKERS`, default 1, capped at the
   * available cores); 0 parses them in the serving thread (docs/decisions/386-jats-off-the-event-loop.md).
   */
  jatsWorkers: number;
  /**
   * Poppler's pdftotext that the PDF pool reads PDFs with first (`PDF_TEXT_EXTRACTOR`: `auto`
   * finds it on PATH, `pdftotext` requires it, `pdfjs` turns it off); null: pdf.js only
   * (docs/decisions/180-pdf-text-extractor.md).
   */
  pdftotext: string | null;
  /**
   * What one paper's PDF may cost (docs/decisions/271-bounded-work-per-paper.md): text of at
   * most `MAX_PDF_PAGES` pages (default 2,000) is read, and at most `MAX_PDF_TEXT_KB` KiB of it
   * kept (default 512; at most 900, as PostgreSQL's full-text index holds at most 1 MB of words
   * a paper).
   */
  pdfLimits: PdfLimits;
  /** Corpus folder imported on a database without journals; undefined turns the seed off. */
  corpusDir: string | undefined;
  /** `production`, `development` or `test`. */
  env: "production" | "development" | "test";
  /** pino log level. */
  logLevel: string;
  /** Trust `X-Forwarded-*` headers from this many proxies (Express `trust proxy`). */
  trustProxy: number;
  /** Worker threads reading a SQLite file for long queries (`READ_WORKERS`, 1–16, default 2). */
  readWorkers: number;
  /** Sign-in and registration attempt limits (`RATE_LIMITS`; see {@link parseRateLimits}). */
  rateLimits: RateLimits;
  /**
   * `REDIS_URL` (`redis://` or `rediss://`): the attempt limits are counted in Redis instead of
   * memory or PostgreSQL (server/services/rate-limit.ts, decision 297); undefined: not.
   */
  redisUrl: string | undefined;
  /**
   * Outgoing mail (server/services/mail.ts, decision 195): the SMTP server as an
   * `smtp://user:pass@host:587` or `smtps://…:465` URL (`SMTP_URL`); undefined writes each
   * message to the log and to `DATA_DIR/outbox/` instead.
   */
  smtpUrl: string | undefined;
  /** The From of every message (`MAIL_FROM`), `address` or `Name <address>`. */
  mailFrom: string;
  /**
   * Storage sweep (server/storage/sweep.ts, decision 135): files younger than `graceMs` are kept
   * (`STORAGE_SWEEP_GRACE_MINUTES`, default 60); a sweep runs at start and every `intervalMs`
   * (`STORAGE_SWEEP_INTERVAL_MINUTES`, default 60; 0 sweeps at start only).
   */
  storageSweep: { graceMs: number; intervalMs: number };
  /** Bytes of public pages and API answers kept in memory (`OUTPUT_CACHE_MB`); 0 turns it off. */
  outputCacheBytes: number;
  /**
   * scrypt cost of new password hashes as log2 of N (`PASSWORD_SCRYPT_COST`, 10–20, default
   * {@link DEFAULT_PASSWORD_SCRYPT_COST}); server/features/accounts/users.ts, decision 230. Hashes keep
   * their own parameters, so any stored hash verifies whatever this is.
   */
  passwordScryptCost: number;
  /**
   * COUNTER usage counting (server/features/usage/, docs/decisions/280-counting-usage.md):
   * `enabled` is `USAGE_COUNTING` (`on` by default, `off` counts nothing); the process writes
   * its buffered accesses every `flushMs` (`USAGE_FLUSH_SECONDS`, 1–30, default 10) and at
   * shutdown; it counts at most `sessionsPerNetwork` user-sessions per client network and hour
   * (`USAGE_SESSIONS_PER_NETWORK`, default {@link SESSIONS_PER_NETWORK}, decision 391).
   */
  usage: { enabled: boolean; flushMs: number; sessionsPerNetwork: number };
  /**
   * `PSEUDO_LOCALE=1`: the pseudo-locale's pages (`/en-xa/…`) are served, for the tests that
   * look for text outside the catalogues (issue 32; decision 382). Off by default.
   */
  pseudoLocale: boolean;
  /**
   * Crossref deposits (server/features/deposits/, decision 278): the account
   * (`CROSSREF_USERNAME`, `CROSSREF_PASSWORD`; undefined: 'Register DOIs' is unavailable), the
   * HTTPS deposit endpoint (`CROSSREF_DEPOSIT_URL`, default Crossref's test system) and the
   * depositor named in every batch (`CROSSREF_DEPOSITOR_NAME`, default the site's name;
   * `CROSSREF_DEPOSITOR_EMAIL`, default `CONTACT_EMAIL`).
   */
  crossref: {
    username: string | undefined;
    password: string | undefined;
    depositUrl: string;
    depositorName: string;
    depositorEmail: string | undefined;
  };
};

/** Crossref's test system: deposits there register nothing (decision 278). */
export const CROSSREF_TEST_DEPOSIT_URL = "https://test.crossref.org/servlet/deposit";

/**
 * Production's password hashing cost, log2 of scrypt's N: OWASP's N=2^15 (with r=8, p=3, about a
 * quarter of a second per hash). The tests lower it (decision 230).
 */
export const DEFAULT_PASSWORD_SCRYPT_COST = 15;

/** At most `points` attempts per `seconds`. */
export type RateLimit = { points: number; seconds: number };

export type RateLimits = {
  /** Sign-in attempts per client IP. */
  signInPerIp: RateLimit;
  /**
   * Failed sign-ins of one account from one IP (server/features/accounts/sign-in-failures.ts, decision
   * 197): `points` failures are free, then each failure makes that pair wait, 30 s doubling up to
   * `seconds`. A successful sign-in from the pair, or a completed password reset, clears it.
   */
  signInFailuresPerAccountIp: RateLimit;
  /**
   * Failed sign-ins of one account from every network together (issue 30, decision 381):
   * `points` failures are free, then every attempt on the account from a browser that has not
   * signed in to it before waits, 30 s doubling up to `seconds`, and the owner is mailed once.
   * Browsers that have signed in to it before are never held up by this rule.
   */
  signInFailuresPerAccount: RateLimit;
  /** Registration attempts per client IP. */
  registrationPerIp: RateLimit;
  /** Password reset requests ('Forgot password?') per client IP. */
  passwordResetPerIp: RateLimit;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPerIp: { points: 10, seconds: 60 },
  signInFailuresPerAccountIp: { points: 5, seconds: 15 * 60 },
  signInFailuresPerAccount: { points: 20, seconds: 15 * 60 },
  registrationPerIp: { points: 5, seconds: 60 * 60 },
  passwordResetPerIp: { points: 10, seconds: 60 * 60 },
};

const RATE_LIMIT_KEYS = {
  signin_ip: "signInPerIp",
  signin_email: "signInFailuresPerAccountIp",
  signin_account: "signInFailuresPerAccount",
  register_ip: "registrationPerIp",
  reset_ip: "passwordResetPerIp",
} as const;

/**
 * Reads `RATE_LIMITS`: comma-separated `name=points/seconds` entries, names `signin_ip`,
 * `signin_email` (per account and IP: free failures / longest wait), `signin_account` (per
 * account from every network: free failures / longest wait), `register_ip` and `reset_ip`, e.g. `signin_ip=10/60,register_ip=5/3600`. Names left out
 * keep {@link DEFAULT_RATE_LIMITS}.
 * @throws Error naming the entry at fault.
 */
export function parseRateLimits(text: string | undefined): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const entry of (text ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([a-z_]+)=(\d+)\/(\d+)$/.exec(entry);
    const key = match ? RATE_LIMIT_KEYS[match[1] as keyof typeof RATE_LIMIT_KEYS] : undefined;
    const points = Number(match?.[2]);
    const seconds = Number(match?.[3]);
    if (!key || points < 1 || seconds < 1) {
      throw new Error(
        `"${entry}" is not name=points/seconds with a name among ${Object.keys(RATE_LIMIT_KEYS).join(", ")}`,
      );
    }
    limits[key] = { points, seconds };
  }
  return limits;
}

export class ConfigError extends Error {}

/**
 * A Host header value (RFC 9110 section 7.2, RFC 3986 section 3.2.2): a DNS name (labels of
 * letters, digits, `-`, `_`), an IPv4 address or a bracketed IPv6 address, then an optional
 * `:port`. Anything else, `[`, userinfo, paths, spaces, is refused before it can reach a URL.
 */
export const HOST_PATTERN =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?$/i;

/** `address` or `Display Name <address>`; the address part is checked loosely, as MTAs do. */
const MAIL_FROM_PATTERN =
  /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText,
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  STORAGE_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^(file:\/\/|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/|$))/,
        "must be file:// (a local folder) or s3://BUCKET[/prefix]; leave it unset for DATA_DIR/files",
      )
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"]).default("0"),
  S3_PRESIGN: z.enum(["0", "1"]).default("0"),
  AWS_REGION: optionalText,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  SITE_NAME: z.string().trim().min(1).max(80).default("Athenaeum"),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
  ),
  ALLOWED_HOSTS: optionalText.transform((text, c) => {
    if (text === undefined) return undefined;
    const hosts = text
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    const bad = hosts.find((h) => !HOST_PATTERN.test(h));
    if (bad !== undefined || hosts.length === 0) {
      c.addIssue({ code: "custom", message: `"${bad ?? text}" is not a host name[:port]` });
      return z.NEVER;
    }
    return hosts;
  }),
  CONTACT_EMAIL: optionalText.pipe(z.email("must be an email address").optional()),
  ADMIN_PASSCODE: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email("must be an email address").optional()),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  MAX_PDF_MB: z.coerce.number().positive().max(1024).default(64),
  MAX_JATS_MB: z.coerce.number().positive().max(100).default(10),
  PDF_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  JATS_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  PDF_TEXT_EXTRACTOR: z.enum(["auto", "pdftotext", "pdfjs"]).default("auto"),
  MAX_PDF_PAGES: z.coerce.number().int().min(1).max(100_000).default(2_000),
  MAX_PDF_TEXT_KB: z.coerce.number().int().min(1).max(900).default(512),
  CORPUS_DIR: optionalText,
  SEED: optionalText.pipe(z.enum(["corpus", "none"]).optional()),
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  STORAGE_SWEEP_GRACE_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
  STORAGE_SWEEP_INTERVAL_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
  READ_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  OUTPUT_CACHE_MB: z.coerce.number().min(0).max(65536).default(64),
  PASSWORD_SCRYPT_COST: z.coerce
    .number()
    .int()
    .min(10)
    .max(20)
    .default(DEFAULT_PASSWORD_SCRYPT_COST),
  USAGE_COUNTING: z.enum(["on", "off"]).default("on"),
  USAGE_FLUSH_SECONDS: z.coerce.number().min(1).max(30).default(10),
  PSEUDO_LOCALE: z.enum(["0", "1"]).default("0"),
  USAGE_SESSIONS_PER_NETWORK: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(SESSIONS_PER_NETWORK),
  SMTP_URL: optionalText.pipe(
    z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
      .refine((u) => new URL(u).hostname !== "", "must name the mail server's host")
      .optional(),
  ),
  MAIL_FROM: optionalText.refine(
    (v) => v === undefined || MAIL_FROM_PATTERN.test(v),
    "must be an address, or a name and an address: Journals <journals@example.edu>",
  ),
  CROSSREF_USERNAME: optionalText,
  CROSSREF_PASSWORD: optionalText,
  CROSSREF_DEPOSIT_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  CROSSREF_DEPOSITOR_NAME: optionalText,
  CROSSREF_DEPOSITOR_EMAIL: optionalText.pipe(z.email("must be an email address").optional()),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
  ),
  RATE_LIMITS: optionalText.transform((text, c) => {
    try {
      return parseRateLimits(text);
    } catch (error) {
      c.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  }),
});

/** The pdftotext program `PDF_TEXT_EXTRACTOR` asks for, found on `searchPath`. */
function resolvePdftotext(
  choice: "auto" | "pdftotext" | "pdfjs",
  searchPath: string | undefined,
): string | null {
  if (choice === "pdfjs") return null;
  const found = findPdftotext(searchPath ?? "");
  if (!found && choice === "pdftotext") {
    throw new ConfigError(
      "Invalid configuration: PDF_TEXT_EXTRACTOR is pdftotext but no pdftotext program was found on PATH (Debian package poppler-utils).",
    );
  }
  return found;
}

/**
 * Reads the configuration from `env` (default `process.env`).
 * @throws ConfigError with a one-line message naming the variable at fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const s3 = e.STORAGE_URL?.startsWith("s3://") ? s3Config(e.STORAGE_URL, e) : undefined;
  const filesDir =
    e.STORAGE_URL && !s3
      ? path.resolve(cwd, decodeURIComponent(new URL(e.STORAGE_URL).pathname))
      : path.join(dataDir, "files");
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL): SQLite serves one process",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    filesDir,
    s3,
    webConcurrency: e.WEB_CONCURRENCY,
    siteName: e.SITE_NAME,
    publicUrl: e.PUBLIC_URL,
    allowedHosts: e.ALLOWED_HOSTS,
    contactEmail: e.CONTACT_EMAIL,
    adminPasscode: e.ADMIN_PASSCODE,
    adminEmail: e.ADMIN_EMAIL === undefined ? undefined : normaliseEmail(e.ADMIN_EMAIL),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    maxPdfBytes: Math.round(e.MAX_PDF_MB * 1024 * 1024),
    maxJatsBytes: Math.round(e.MAX_JATS_MB * 1024 * 1024),
    // the default shares the cores among the worker processes (decision 297)
    pdfWorkers: Math.min(
      availableParallelism(),
      e.PDF_WORKERS ??
        Math.max(1, Math.floor(Math.min(4, availableParallelism()) / e.WEB_CONCURRENCY)),
    ),
    jatsWorkers: Math.min(availableParallelism(), e.JATS_WORKERS),
    pdftotext: resolvePdftotext(e.PDF_TEXT_EXTRACTOR, env.PATH),
    pdfLimits: { maxPages: e.MAX_PDF_PAGES, maxTextBytes: e.MAX_PDF_TEXT_KB * 1024 },
    corpusDir: resolveCorpusDir(e.SEED, e.CORPUS_DIR, cwd),
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    readWorkers: e.READ_WORKERS,
    rateLimits: e.RATE_LIMITS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? defaultMailFrom(e.SITE_NAME, e.PUBLIC_URL),
    storageSweep: {
      graceMs: Math.round(e.STORAGE_SWEEP_GRACE_MINUTES * 60_000),
      intervalMs: Math.round(e.STORAGE_SWEEP_INTERVAL_MINUTES * 60_000),
    },
    outputCacheBytes: Math.round(e.OUTPUT_CACHE_MB * 1024 * 1024),
    passwordScryptCost: e.PASSWORD_SCRYPT_COST,
    usage: {
      enabled: e.USAGE_COUNTING === "on",
      flushMs: Math.round(e.USAGE_FLUSH_SECONDS * 1000),
      sessionsPerNetwork: e.USAGE_SESSIONS_PER_NETWORK,
    },
    pseudoLocale: e.PSEUDO_LOCALE === "1",
    crossref: {
      username: e.CROSSREF_USERNAME,
      password: e.CROSSREF_PASSWORD,
      depositUrl: e.CROSSREF_DEPOSIT_URL ?? CROSSREF_TEST_DEPOSIT_URL,
      depositorName: e.CROSSREF_DEPOSITOR_NAME ?? e.SITE_NAME,
      depositorEmail: e.CROSSREF_DEPOSITOR_EMAIL ?? e.CONTACT_EMAIL,
    },
  };
}

/** The bucket of `s3://BUCKET[/prefix]` and the S3 variables (decision 295). */
function s3Config(
  url: string,
  e: {
    S3_ENDPOINT?: string;
    S3_FORCE_PATH_STYLE: "0" | "1";
    S3_PRESIGN: "0" | "1";
    AWS_REGION?: string;
    AWS_ACCESS_KEY_ID?: string;
    AWS_SECRET_ACCESS_KEY?: string;
  },
): S3Config {
  const [bucket = "", ...rest] = url.slice("s3://".length).split("/");
  return {
    bucket,
    prefix: rest.filter(Boolean).join("/"),
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "1",
    presign: e.S3_PRESIGN === "1",
    region: e.AWS_REGION ?? "us-east-1",
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** `"Site" <no-reply@host of PUBLIC_URL>`, or `@localhost` without one. */
function defaultMailFrom(siteName: string, publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : "localhost";
  return `"${siteName.replace(/["\\\r\n]/g, "")}" <no-reply@${host}>`;
}

/**
 * The corpus the first start imports: none with `SEED=none`; `CORPUS_DIR` (relative to `cwd`)
 * when set; otherwise the repository's `corpus/` (decision 225) when it has a `manifest.json`.
 */
function resolveCorpusDir(
  seed: "corpus" | "none" | undefined,
  corpusDir: string | undefined,
  cwd: string,
): string | undefined {
  if (seed === "none") return undefined;
  if (corpusDir) return path.resolve(cwd, corpusDir);
  // The demo corpus shipped in the repository (corpus/README.md, decision 225).
  const fallback = path.resolve(cwd, "corpus");
  return existsSync(path.join(fallback, "manifest.json")) ? fallback : undefined;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: no secret yet
  }
  makePrivateFolderSync(dataDir); // 0700: it holds the database and the secret (decision 396)
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  return secret;
}
