/**
 * The Nu HTML Checker (npm `vnu-jar`, the checker behind validator.w3.org/nu) over served pages,
 * run with the machine's Java (Debian's `default-jre-headless`, installed by .ci/run): every page
 * written to a temporary folder and checked in one `java -jar vnu.jar` run (decision 160), for
 * html-valid.spec.ts (every public page) and fulltext.spec.ts (every corpus full text).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/** Path of vnu.jar inside the npm package (its main module exports the path as a string). */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

/** One message of vnu's `--format json` output (https://github.com/validator/validator/wiki/Output-%C2%BB-JSON). */
interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** Whether `java` runs here (without it the checker cannot). */
export function javaAvailable(): boolean {
  return spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;
}

/**
 * Checks each page's HTML in one vnu run.
 * @param pages the page's label (its URL) and the HTML it served.
 * @returns one line per error (`{label}:{line}: {message}` and the start of its extract), none
 *   for valid pages.
 * @throws when java cannot be started (see {@link javaAvailable}).
 */
export function nuErrors(pages: { label: string; html: string }[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "vnu-"));
  try {
    const files = pages.map(({ html }, i) => {
      const file = path.join(dir, `p${i}.html`);
      writeFileSync(file, html);
      return file;
    });
    // vnu exits 1 when it reports errors; the JSON on stderr is the result either way
    const run = spawnSync(
      "java",
      ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files],
      {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.error) throw run.error;
    const messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
    return messages
      .filter((m) => m.type === "error" || m.subType === "fatal" || m.type === "non-document-error")
      .map((m) => {
        const i = Number(/p(\d+)\.html$/.exec(m.url ?? "")?.[1]);
        const label = pages[i]?.label ?? m.url;
        return `${label}:${m.lastLine ?? "?"}: ${m.message}\n    ${(m.extract ?? "").slice(0, 160)}`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
