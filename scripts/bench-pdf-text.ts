/**
 * `npm run bench:pdf-text [-- <corpus folder> [rounds]]`: compares the PDF text extractors
 * (docs/decisions/180-pdf-text-extractor.md) on a corpus's PDFs (default corpus/pdfs).
 *
 * For each extractor it reads every PDF `rounds` times (default 3) one after the other and
 * prints the CPU seconds per PDF (user + system of this process and its children: pdf.js runs
 * in this thread, pdftotext in a child process) and the wall seconds per PDF. It then compares
 * the text: for each PDF the words (lower-cased runs of letters and digits) pdftotext finds that
 * pdf.js finds too and the reverse, and whether each of a PDF's 20 most frequent words of 5+
 * letters is found by a search of either text.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { findPdftotext } from "../server/services/find-pdftotext.ts";
import { inspectPdf, type PdfInfo } from "../server/services/pdf.ts";
import { readWithPdftotext } from "../server/services/pdftotext.ts";

const root = path.resolve(import.meta.dirname, "..");
const corpus = path.resolve(process.argv[2] ?? path.join(root, "corpus"));
const rounds = Number(process.argv[3] ?? 3);
const dir = path.join(corpus, "pdfs");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".pdf"))
  .sort();
const pdfs = files.map((f) => ({ name: f, data: new Uint8Array(readFileSync(path.join(dir, f))) }));

/** CPU seconds (user + system) of this process, all threads. */
function cpuSeconds(): number {
  const self = process.cpuUsage();
  return (self.user + self.system) / 1e6;
}

/**
 * CPU seconds of finished child processes: Node does not expose getrusage(RUSAGE_CHILDREN), so
 * they are read from /proc/self/stat (cutime and cstime, fields 16 and 17, in clock ticks).
 */
function childCpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

type Extract = (data: Uint8Array) => Promise<PdfInfo>;

async function measure(name: string, extract: Extract): Promise<Map<string, PdfInfo>> {
  const out = new Map<string, PdfInfo>();
  for (const pdf of pdfs) out.set(pdf.name, await extract(pdf.data)); // warm-up round
  const cpu0 = cpuSeconds() + childCpuSeconds();
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (const pdf of pdfs) await extract(pdf.data);
  }
  const cpu = cpuSeconds() + childCpuSeconds() - cpu0;
  const wall = (performance.now() - t0) / 1000;
  const n = rounds * pdfs.length;
  console.log(
    `${name.padEnd(10)} ${n} PDFs: ${(cpu / n).toFixed(3)} CPU s/PDF, ${(wall / n).toFixed(3)} wall s/PDF`,
  );
  return out;
}

function words(text: string | null): Set<string> {
  return new Set((text ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function frequent(text: string | null): string[] {
  const counts = new Map<string, number>();
  for (const w of (text ?? "").toLowerCase().match(/\p{L}{5,}/gu) ?? []) {
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([w]) => w);
}

const binary = findPdftotext();
console.log(`${pdfs.length} PDFs from ${dir}, ${rounds} rounds; pdftotext: ${binary ?? "absent"}`);
const pdfjs = await measure("pdf.js", inspectPdf);
if (binary) {
  const poppler = await measure("pdftotext", (data) =>
    readWithPdftotext(data, { binary, timeoutMs: 60_000 }).then((r) => {
      if ("fallback" in r) throw new Error(r.fallback);
      if ("uncounted" in r) throw new Error("a corpus PDF passed the text limit");
      return r;
    }),
  );
  console.log(
    "\nfile: pages pdf.js/pdftotext; words of pdftotext in pdf.js, of pdf.js in pdftotext; frequent words found by a search",
  );
  for (const { name } of pdfs) {
    const a = pdfjs.get(name)!;
    const b = poppler.get(name)!;
    const wa = words(a.text);
    const wb = words(b.text);
    const inA = [...wb].filter((w) => wa.has(w)).length;
    const inB = [...wa].filter((w) => wb.has(w)).length;
    const top = [...new Set([...frequent(a.text), ...frequent(b.text)])];
    const hitsA = top.filter((w) => wa.has(w)).length;
    const hitsB = top.filter((w) => wb.has(w)).length;
    const pct = (x: number, of: number) => (of ? `${((100 * x) / of).toFixed(1)}%` : "-");
    console.log(
      `${name}: ${a.pageCount}/${b.pageCount}${a.encrypted || b.encrypted ? ` encrypted ${a.encrypted}/${b.encrypted}` : ""}; ${pct(inA, wb.size)} of ${wb.size}, ${pct(inB, wa.size)} of ${wa.size}; search ${hitsA}/${top.length} pdf.js, ${hitsB}/${top.length} pdftotext`,
    );
  }
}
