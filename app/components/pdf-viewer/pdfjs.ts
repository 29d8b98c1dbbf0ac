/**
 * Loads pdf.js (library, worker, viewer components and their CSS) on first use, in the browser
 * only. Everything here arrives through dynamic `import()`, so none of it is in a page's initial
 * JavaScript; a reader who never opens a full text never downloads it.
 *
 * Order matters (docs/decisions/030-pdf-viewer-architecture.md): `pdf_viewer.mjs` reads `globalThis.pdfjsLib` when it is
 * evaluated, so the library is imported and published first.
 */
import type * as PdfjsLib from "pdfjs-dist";
import type * as PdfjsViewer from "pdfjs-dist/web/pdf_viewer.mjs";

export type Pdfjs = { lib: typeof PdfjsLib; components: typeof PdfjsViewer };

let loading: Promise<Pdfjs> | null = null;

async function load(): Promise<Pdfjs> {
  const [lib, worker] = await Promise.all([
    import("pdfjs-dist"),
    import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
  ]);
  (globalThis as { pdfjsLib?: typeof PdfjsLib }).pdfjsLib = lib;
  lib.GlobalWorkerOptions.workerSrc = worker.default;
  const [components] = await Promise.all([
    import("pdfjs-dist/web/pdf_viewer.mjs"),
    import("pdfjs-dist/web/pdf_viewer.css"),
  ]);
  await import("./pdf-editor-fixes.css"); // after pdf.js's CSS: see the file
  return { lib, components };
}

/** pdf.js, loaded once per page life; a failed load (e.g. offline) is retried on the next call. */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Folder URLs of pdf.js's data files (standard fonts, CMaps, ICC profiles, WebAssembly image
 * decoders) for `getDocument`, served by the Express app under the library's version
 * (server/features/files/pdfjs-assets.ts).
 */
export function pdfjsDataUrls(version: string) {
  const base = `/pdfjs/${version}`;
  return {
    standardFontDataUrl: `${base}/standard_fonts/`,
    cMapUrl: `${base}/cmaps/`,
    iccUrl: `${base}/iccs/`,
    wasmUrl: `${base}/wasm/`,
  };
}

/** Folder URL of the viewer's annotation icons (`PDFViewer`'s `imageResourcesPath`). */
export function pdfjsImagesUrl(version: string): string {
  return `/pdfjs/${version}/images/`;
}
