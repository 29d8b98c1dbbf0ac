import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests in Debian's Chromium (no browser download). The web server is a production build
 * with a fresh data folder, the real corpus and the viewer fixtures imported
 * (tests/e2e/serve.ts). `E2E_PORT` and `BUILD_DIR` let several runs coexist on one machine.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  // Two browsers at a time (decision 340): the server mostly waits on the browser, so one worker
  // left a core idle. A spec's tests still run in order in one worker; specs that listen on the
  // server's mail or Crossref port take turns on it (tests/e2e/helpers/ports.ts).
  // `E2E_WORKERS=1` runs one spec at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromium,
    // A failed test keeps its trace: the DOM snapshot of every action, the network and the
    // console. The screencast (a JPEG of every frame Chromium paints, for every test, passing or
    // not) is left out (decision 340): `E2E_TRACE=full` records it too.
    trace: {
      mode: "retain-on-failure",
      screenshots: process.env.E2E_TRACE === "full",
      snapshots: true,
      sources: true,
    },
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 375, height: 740 },
        isMobile: false,
        hasTouch: false,
      },
    },
  ],
  webServer: {
    command: "node tests/e2e/serve.ts",
    url: `http://localhost:${port}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
  },
});
