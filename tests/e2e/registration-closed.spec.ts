/**
 * Issue 15: without `ADMIN_PASSCODE` registration is closed, and /registration says so at once,
 * before anyone fills in a form that could only fail. The suite's server has a passcode, so this
 * spec starts a second one without (an empty catalogue: `SEED=none`), from the same build.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../..");
let origin = "";
let server: ChildProcess | undefined;
let dataDir = "";

test.beforeAll(async () => {
  // its own port per worker, after the suite's server, mailbox (+1) and Crossref stand-in (+2):
  // the two projects' runs of this spec may run at once (playwright.config.ts, decision 340)
  const port = Number(process.env.E2E_PORT ?? 3210) + 3 + test.info().parallelIndex;
  origin = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "athenaeum-closed-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: "none",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
  };
  delete env.ADMIN_PASSCODE;
  delete env.DATABASE_URL;
  server = spawn(process.execPath, [path.join(root, "scripts/start.ts")], {
    cwd: root,
    env,
    stdio: "ignore",
  });
  // poll until it answers (no fixed sleep)
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/healthz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a closed registration says so at once", async ({ page }) => {
  await page.goto(`${origin}/registration`);
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    "Registration is closed: this site has no admin passcode configured.",
  );
  // nothing to fill in or submit; the way to sign in is still offered
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create account" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/manager");
  await page.screenshot({ path: test.info().outputPath("registration-closed.png") });
});
