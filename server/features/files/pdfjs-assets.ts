/**
 * pdf.js's data folders for the in-browser viewer (app/components/pdf-viewer/pdfjs.ts):
 * `standard_fonts/` (the 14 standard PDF fonts, so text in PDFs that do not embed them is drawn
 * with the right metrics), `cmaps/` (CJK character maps), `iccs/` (CMYK profile), `wasm/`
 * (JPEG 2000, JBIG2 and colour decoders) and `images/` (the viewer's icons for note
 * annotations, `web/images` in the package). Served from the installed `pdfjs-dist` under
 * `/pdfjs/{version}/`, so a new pdf.js version gets new URLs and the files can be cached for good.
 * They are same-origin, so the site's Content-Security-Policy (`connect-src 'self'`,
 * `script-src 'self' 'wasm-unsafe-eval'`) already allows the worker to fetch and run them.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import express, { type Router } from "express";
import { immutableFolder } from "./immutable-folder.ts";

/** URL folder → folder inside the package. */
const FOLDERS = {
  standard_fonts: "standard_fonts",
  cmaps: "cmaps",
  iccs: "iccs",
  wasm: "wasm",
  images: "web/images",
} as const;

/** Installed pdfjs-dist folder and version. */
function pdfjsPackage(): { dir: string; version: string } {
  const manifest = createRequire(import.meta.url).resolve("pdfjs-dist/package.json");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  return { dir: path.dirname(manifest), version };
}

/** Router answering `/pdfjs/{version}/{folder}/{file}` for the folders above. */
export function pdfjsAssetsRouter(): Router {
  const { dir, version } = pdfjsPackage();
  const router = express.Router();
  for (const [folder, source] of Object.entries(FOLDERS)) {
    router.use(
      `/pdfjs/${version}/${folder}`,
      immutableFolder(path.join(dir, source), { "X-Content-Type-Options": "nosniff" }),
    );
  }
  return router;
}
