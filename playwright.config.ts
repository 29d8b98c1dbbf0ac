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
    // Every test has a new context, and so a new window (decision 378). This Chromium gives each
    // window two omnibox-popup WebUI pages in a renderer of their own, and keeps a spare
    // renderer ready for the next navigation. The tests use neither: they have no omnibox, and
    // a page's first navigation here swaps process anyway (our COOP header). Without the two,
    // a new context with one page load costs about 0.7 s of CPU instead of 1.5 s.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,SpareRendererForSitePerProcess",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  // Three browsers at a time on two cores (decisions 340 and 374): with two, a core was idle a
  // tenth of the run. A spec's tests still run in order in one worker; specs that listen on the
  // server's mail or Crossref port take turns on it (tests/e2e/helpers/ports.ts).
  // `E2E_WORKERS=1` runs one spec at a time.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromium,
    // No trace by default (decision 372): recording one for every test cost a seventh of the
    // run's CPU, and CI keeps only the log. A failure still prints its error, call log and
    // screenshot; rerun the spec with `E2E_TRACE=1` for a trace of each failed test (DOM
    // snapshots, network, console), or `E2E_TRACE=full` for its screencast as well.
    trace: process.env.E2E_TRACE
      ? {
          mode: "retain-on-failure",
          screenshots: process.env.E2E_TRACE === "full",
          snapshots: true,
          sources: true,
        }
      : "off",
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
