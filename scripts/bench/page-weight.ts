/**
 * JavaScript weight of public pages for `npm run bench:scale` (issue 11: at most 100 KB of gzip
 * JS on every public page; KB = 1,000 bytes here).
 *
 * - `declaredJs`: the scripts a page's server-rendered HTML names (`<script src>` and
 *   `<link rel="modulepreload">`), gzip-compressed (zlib level 6, as the server's compression)
 *   from the build's files.
 * - `loadedJs`: what Chromium actually fetches on a first visit (cold cache, 375 × 812 viewport)
 *   until the network is idle, including lazily imported chunks and workers; each script body
 *   gzip-compressed here, so the figure does not depend on which encoding the server chose.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

export type PageWeight = { path: string; bytes: number; files: number };

const gzipBytes = (data: Buffer) => gzipSync(data, { level: 6 }).byteLength;

/** gzip bytes of the scripts each page's HTML declares, read from `buildDir/client`. */
export async function declaredJs(
  base: string,
  pages: string[],
  buildDir: string,
): Promise<PageWeight[]> {
  const out: PageWeight[] = [];
  for (const page of pages) {
    const html = await (await fetch(base + page)).text();
    const files = new Set(
      [
        ...html.matchAll(
          /<(?:link[^>]*rel="modulepreload"|script)[^>]*(?:href|src)="(\/assets\/[^"]+\.m?js)"/g,
        ),
      ].map((m) => m[1] as string),
    );
    let bytes = 0;
    for (const file of files) bytes += gzipBytes(readFileSync(path.join(buildDir, "client", file)));
    out.push({ path: page, bytes, files: files.size });
  }
  return out;
}

/** gzip bytes of the JavaScript Chromium loads on a first visit of each page. */
export async function loadedJs(base: string, pages: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  const out: PageWeight[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const tab = await context.newPage();
      const pending: Promise<number>[] = [];
      tab.on("response", (response) => {
        const url = new URL(response.url());
        const isJs = response.request().resourceType() === "script" || /\.m?js$/.test(url.pathname);
        if (isJs && url.origin === base) {
          pending.push(
            response
              .body()
              .then(gzipBytes)
              .catch(() => 0),
          );
        }
      });
      await tab.goto(base + page, { waitUntil: "networkidle", timeout: 60_000 });
      const sizes = await Promise.all(pending);
      out.push({ path: page, bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
