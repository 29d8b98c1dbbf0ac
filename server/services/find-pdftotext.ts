/**
 * Where Poppler's `pdftotext` is (docs/decisions/180-pdf-text-extractor.md), apart from the code
 * that runs it (./pdftotext.ts) so that the configuration (server/config.ts) can ask without
 * importing the PDF services, which import the configuration's types (one import graph
 * without cycles, issue 20).
 */
import { accessSync, constants } from "node:fs";
import path from "node:path";

/**
 * The `pdftotext` program on `searchPath` (a PATH-style list; default `process.env.PATH`).
 * @returns its absolute path, or null when no executable of that name is found.
 */
export function findPdftotext(searchPath = process.env.PATH ?? ""): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.resolve(dir, "pdftotext");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}
