/**
 * `npm run bench:import [-- <corpus folder> [repeat]]`: the import figure of
 * `npm run bench:scale` on its own (./bench/import-rate.ts): `npm run import` of the corpus
 * (default corpus/) repeated `repeat` times (default 12) into a fresh SQLite DATA_DIR,
 * with the extractor PDF_TEXT_EXTRACTOR selects. Prints papers/s, CPU seconds a paper and the
 * machine's 1-minute load average before and after (the machine may be shared).
 */
import { loadavg } from "node:os";
import path from "node:path";
import { describeImport, importExtractor, measureImport } from "./bench/import-rate.ts";

const root = path.resolve(import.meta.dirname, "..");
const corpus = path.resolve(root, process.argv[2] ?? "corpus");
const repeat = Number(process.argv[3] ?? 12);
const load = () => loadavg()[0]!.toFixed(1);
const before = load();
const imp = await measureImport(corpus, repeat);
console.log(
  `import x${repeat} with ${importExtractor()}: ${describeImport(imp)}; load average ${before} before, ${load()} after`,
);
