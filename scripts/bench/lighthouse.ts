/**
 * Lighthouse mobile performance score of one URL for `npm run bench:scale`, through
 * `npx lighthouse` (not a dependency of the project: fetched into npm's cache on first use) and
 * Debian's Chromium (`CHROME_PATH`, default /usr/bin/chromium). Lighthouse's default mobile
 * profile: Moto G Power viewport, simulated slow 4G and 4× CPU slowdown.
 */
import { spawn } from "node:child_process";

export const LIGHTHOUSE_VERSION = "12.8.2";

/** The score (0–100), or the reason there is none (not installable, failed, timed out). */
export async function lighthouseScore(
  url: string,
  timeoutMs = 300_000,
): Promise<{ score: number } | { error: string }> {
  const args = [
    "--yes",
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    "--only-categories=performance",
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
  ];
  return new Promise((resolve) => {
    const child = spawn("npx", args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      resolve({ error: error.message });
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      try {
        const report = JSON.parse(out) as {
          categories?: { performance?: { score?: number | null } };
          runtimeError?: { message?: string };
        };
        const score = report.categories?.performance?.score;
        if (typeof score === "number") resolve({ score: Math.round(score * 100) });
        else resolve({ error: report.runtimeError?.message ?? "no performance score" });
      } catch {
        const last = err.trim().split("\n").at(-1) ?? "";
        resolve({
          error: signal ? `timed out (${signal})` : `exit ${code}: ${last.slice(0, 120)}`,
        });
      }
    });
  });
}
