/**
 * Web server for the browser tests: a fresh data folder under `E2E_DATA_DIR`
 * (default `data-e2e-{port}`), the shipped corpus (corpus/) and the viewer fixtures imported, then the
 * production server (building first when the build is not current), sending mail to
 * `E2E_SMTP_PORT` (default `E2E_PORT + 1`).
 */
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const port = process.env.E2E_PORT ?? "3210";
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? `data-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });

Object.assign(process.env, {
  PORT: port,
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  ADMIN_PASSCODE: process.env.ADMIN_PASSCODE ?? "e2e-admin-passcode",
  // the address confirm-admin.spec.ts registers and proves (decision 262); nobody else uses it
  ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? "e2e-named-admin@example.org",
  CORPUS_DIR: path.resolve(root, "corpus"),
  LOG_LEVEL: "warn",
  // cheap password hashes: every spec registers and signs in (decision 230)
  PASSWORD_SCRYPT_COST: process.env.PASSWORD_SCRYPT_COST ?? "10",
  // Every spec signs in and registers from 127.0.0.1: per-IP limits high enough for the whole
  // suite; the per-account limit keeps its default (server/config.ts, RATE_LIMITS).
  RATE_LIMITS: process.env.RATE_LIMITS ?? "signin_ip=1000/60,register_ip=1000/3600",
  // the pseudo-locale's pages, where tests/e2e/languages.spec.ts looks for texts outside the
  // catalogues (decision 382)
  PSEUDO_LOCALE: "1",
  // usage counts written every 2 s, so statistics.spec.ts sees a visit soon (decision 281)
  USAGE_FLUSH_SECONDS: process.env.USAGE_FLUSH_SECONDS ?? "2",
  // Mail goes to the SMTP server the specs that read mail start in their own process
  // (tests/helpers/mailbox.ts) on E2E_SMTP_PORT, by default the port after E2E_PORT. While no
  // spec listens there a send fails and is only logged.
  SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort()}`,
  // Crossref deposits go to the stand-in doi-registration.spec.ts starts on E2E_CROSSREF_PORT
  // (default E2E_PORT + 2), with these credentials (tests/helpers/crossref-stand-in.ts)
  CROSSREF_USERNAME: "e2e-crossref",
  CROSSREF_PASSWORD: "e2e-crossref-password",
  CROSSREF_DEPOSIT_URL: `http://127.0.0.1:${Number(process.env.E2E_CROSSREF_PORT ?? Number(port) + 2)}/servlet/deposit`,
});

/** The port of the specs' SMTP server; tests/e2e/helpers/mail.ts reads the same. */
function e2eSmtpPort(): number {
  return Number(process.env.E2E_SMTP_PORT ?? Number(port) + 1);
}

// The shipped corpus, then the viewer fixtures (tests/e2e/fixtures.ts), imported before the server
// starts; its first-start seeding then finds journals and imports nothing more.
{
  const { buildViewerFixtures } = await import("./fixtures.ts");
  const { loadConfig } = await import("../../server/config.ts");
  const { createAppContext } = await import("../../server/bootstrap.ts");
  const { importCorpus } = await import("../../server/import/corpus.ts");
  const { ctx, close } = await createAppContext(loadConfig());
  await importCorpus(ctx, path.resolve(root, "corpus"));
  await importCorpus(ctx, buildViewerFixtures(`${dataDir}-fixtures`));
  // the site administrator of the browser tests, the first account (tests/e2e/helpers/account.ts)
  const { registerManager } = await import("../../server/features/accounts/users.ts");
  const { E2E_ADMIN } = await import("./helpers/account.ts");
  await registerManager(ctx, {
    fname: E2E_ADMIN.fname,
    lname: E2E_ADMIN.lname,
    phone: "+44 20 7946 0018",
    email: E2E_ADMIN.email,
    pword: E2E_ADMIN.password,
    cpword: E2E_ADMIN.password,
    admincode: process.env.ADMIN_PASSCODE!,
  });
  await close();
}

await import("../../scripts/start.ts");
