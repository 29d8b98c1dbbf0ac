import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";

describe("configuration", () => {
  it("has safe defaults", () => {
    const config = loadConfig({ SESSION_SECRET: "x".repeat(32), SEED: "none" }, "/srv/app");
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("/srv/app/data");
    expect(config.filesDir).toBe("/srv/app/data/files");
    expect(config.siteName).toBe("Athenaeum");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminPasscode).toBeUndefined();
    expect(config.maxPdfBytes).toBe(64 * 1024 * 1024);
    expect(config.corpusDir).toBeUndefined();
    expect(config.storageSweep).toEqual({ graceMs: 60 * 60_000, intervalMs: 60 * 60_000 });
    expect(config.readWorkers).toBe(2);
  });

  it("reads the storage sweep's grace period and interval in minutes", () => {
    const secret = "x".repeat(32);
    const env = { SESSION_SECRET: secret, STORAGE_SWEEP_GRACE_MINUTES: "0" };
    expect(loadConfig({ ...env, STORAGE_SWEEP_INTERVAL_MINUTES: "5" }).storageSweep).toEqual({
      graceMs: 0,
      intervalMs: 5 * 60_000,
    });
    expect(() => loadConfig({ SESSION_SECRET: secret, STORAGE_SWEEP_GRACE_MINUTES: "-1" })).toThrow(
      /STORAGE_SWEEP_GRACE_MINUTES/,
    );
  });

  it("takes the number of SQLite read workers from READ_WORKERS (1 to 16)", () => {
    const secret = { SESSION_SECRET: "x".repeat(32), SEED: "none" };
    expect(loadConfig({ ...secret, READ_WORKERS: "4" }).readWorkers).toBe(4);
    expect(() => loadConfig({ ...secret, READ_WORKERS: "0" })).toThrow(/READ_WORKERS/);
    expect(() => loadConfig({ ...secret, READ_WORKERS: "many" })).toThrow(/READ_WORKERS/);
  });

  it("takes the password hashing cost from PASSWORD_SCRYPT_COST (log2 N, 10 to 20, default 15)", () => {
    const secret = { SESSION_SECRET: "x".repeat(32), SEED: "none" };
    expect(loadConfig(secret).passwordScryptCost).toBe(15);
    expect(loadConfig({ ...secret, PASSWORD_SCRYPT_COST: "10" }).passwordScryptCost).toBe(10);
    for (const bad of ["9", "21", "12.5", "cheap"]) {
      expect(() => loadConfig({ ...secret, PASSWORD_SCRYPT_COST: bad }), bad).toThrow(
        /^Invalid configuration: PASSWORD_SCRYPT_COST /,
      );
    }
  });

  it("stops on an invalid value with one line naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });

  it("reads SMTP_URL and MAIL_FROM, with a From named after the site by default", () => {
    const base = { SESSION_SECRET: "x".repeat(32), SEED: "none" };
    const none = loadConfig(base);
    expect(none.smtpUrl).toBeUndefined();
    expect(none.mailFrom).toBe('"Athenaeum" <no-reply@localhost>');
    expect(
      loadConfig({ ...base, SITE_NAME: "UP Journals", PUBLIC_URL: "https://journals.example.edu" })
        .mailFrom,
    ).toBe('"UP Journals" <no-reply@journals.example.edu>');
    const set = loadConfig({
      ...base,
      SMTP_URL: "smtps://user:secret@mail.example.edu:465",
      MAIL_FROM: "Journals <journals@example.edu>",
    });
    expect(set.smtpUrl).toBe("smtps://user:secret@mail.example.edu:465");
    expect(set.mailFrom).toBe("Journals <journals@example.edu>");
    expect(() => loadConfig({ ...base, SMTP_URL: "http://mail.example.edu" })).toThrow(
      /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ ...base, MAIL_FROM: "journals" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ ...base, MAIL_FROM: "A <b@c.d>\r\nBcc: x@y.z" })).toThrow(
      /MAIL_FROM/,
    );
  });

  it("reads the reset request limit and the per account and IP failures from RATE_LIMITS", () => {
    const base = { SESSION_SECRET: "x".repeat(32), SEED: "none" };
    const limits = loadConfig({
      ...base,
      RATE_LIMITS: "signin_email=4/600,reset_ip=2/60",
    }).rateLimits;
    expect(limits.signInFailuresPerAccountIp).toEqual({ points: 4, seconds: 600 });
    expect(limits.passwordResetPerIp).toEqual({ points: 2, seconds: 60 });
    expect(limits.signInPerIp).toEqual({ points: 10, seconds: 60 });
  });

  it("seeds the repository's corpus by default and CORPUS_DIR's folder when set", () => {
    const root = new URL("../..", import.meta.url).pathname;
    const secret = "x".repeat(32);
    expect(loadConfig({ SESSION_SECRET: secret }, root).corpusDir).toBe(`${root}corpus`);
    expect(loadConfig({ SESSION_SECRET: secret, CORPUS_DIR: "../elsewhere" }, root).corpusDir).toBe(
      new URL("../../../elsewhere", import.meta.url).pathname,
    );
    // a folder without the shipped corpus: no seed rather than a failing import
    expect(loadConfig({ SESSION_SECRET: secret }, "/srv/app").corpusDir).toBeUndefined();
  });

  it("turns the seed off with SEED=none", () => {
    const config = loadConfig({ SEED: "none", CORPUS_DIR: "/x", SESSION_SECRET: "x".repeat(32) });
    expect(config.corpusDir).toBeUndefined();
  });

  it("reads ALLOWED_HOSTS as a lower-cased list and refuses what is not a host[:port]", () => {
    const base = { SEED: "none", SESSION_SECRET: "x".repeat(32) };
    expect(loadConfig(base).allowedHosts).toBeUndefined();
    expect(
      loadConfig({ ...base, ALLOWED_HOSTS: " Journals.Example.edu, [::1]:3000,localhost " })
        .allowedHosts,
    ).toEqual(["journals.example.edu", "[::1]:3000", "localhost"]);
    expect(() => loadConfig({ ...base, ALLOWED_HOSTS: "good.example, http://bad/" })).toThrow(
      /^Invalid configuration: ALLOWED_HOSTS "http:\/\/bad\/" is not a host name\[:port\]$/,
    );
  });
});
