/**
 * A small corpus for the import tests, cut from the shipped one (corpus/, decision 225): every
 * journal and the proceeding of `corpus/manifest.json`, but only the papers below, and only two
 * small PDFs (the 2-page "A good life" and a 4-page Hindawi article); the other papers keep
 * their JATS and lose their PDF (`"pdf": null`). It imports in seconds where the whole corpus
 * (10 PDFs, about 170 pages) takes much longer, and still has each case the importer handles:
 * PLOS, eLife, Hindawi and MDPI JATS, a manifest-only paper (Sprouts), a proceeding, issues with
 * and without numbers, and a journal with issues in three months of one year.
 */
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { CORPUS_DIR } from "./corpus.ts";

/** The papers kept, by DOI, or by title for the one without a DOI (Sprouts). */
export const SMALL_CORPUS_PAPERS = [
  "10.1371/journal.pone.0115884", // PLOS ONE 9(12)
  "10.1371/journal.pone.0111971", // PLOS ONE 10(1)
  "10.1371/journal.pcbi.1004079", // PLOS Comp Biol 11(3)
  "10.1371/journal.pcbi.1004141", // 11(4)
  "10.1371/journal.pcbi.1004453", // 11(10)
  "10.7554/eLife.00005",
  "10.7554/eLife.00353", // with its PDF
  "10.1155/2016/2657876",
  "10.1155/2016/6263095", // with its PDF
  "10.3390/metabo4040932",
  "Overview of the Technology Acceptance Model: Origins, Developments and Future Directions",
  "10.1145/1542476.1542528", // PLDI '09, shipped without its PDF
] as const;

/** The PDFs kept, as paths inside the corpus. */
export const SMALL_CORPUS_PDFS = [
  "pdfs/elife-00353-v1.pdf",
  "pdfs/hindawi-grp-2016-6263095.pdf",
] as const;

type Paper = { doi?: string; title: string; jats?: string | null; pdf?: string | null };
type Issue = { papers: Paper[] };
type Manifest = {
  journals: { issues: Issue[] }[];
  proceedings: { papers: Paper[] }[];
  fixtures?: unknown;
};

/**
 * Writes the small corpus into `dir` (created when missing; files already there are
 * overwritten) and returns `dir`: the papers named in `papers` (DOIs, or titles for papers
 * without one; default {@link SMALL_CORPUS_PAPERS}), with the PDFs of {@link SMALL_CORPUS_PDFS}.
 * Issues, journals and proceedings left without papers are dropped.
 * @throws when the shipped corpus lacks a file the small one needs.
 */
export async function buildSmallCorpus(
  dir: string,
  papers: readonly string[] = SMALL_CORPUS_PAPERS,
): Promise<string> {
  const manifest = JSON.parse(
    await readFile(path.join(CORPUS_DIR, "manifest.json"), "utf8"),
  ) as Manifest;
  const wanted = new Set<string>(papers);
  const pdfs = new Set<string>(SMALL_CORPUS_PDFS);
  const files = new Set<string>();
  const keep = (papers: Paper[]) =>
    papers
      .filter((p) => wanted.has(p.doi ?? p.title))
      .map((p) => {
        const pdf = p.pdf && pdfs.has(p.pdf) ? p.pdf : null;
        for (const file of [p.jats, pdf]) if (file) files.add(file);
        return { ...p, pdf };
      });
  for (const journal of manifest.journals) {
    journal.issues = journal.issues
      .map((issue) => ({ ...issue, papers: keep(issue.papers) }))
      .filter((issue) => issue.papers.length > 0);
  }
  manifest.journals = manifest.journals.filter((j) => j.issues.length > 0);
  for (const proceeding of manifest.proceedings) proceeding.papers = keep(proceeding.papers);
  manifest.proceedings = manifest.proceedings.filter((p) => p.papers.length > 0);
  delete manifest.fixtures;

  await mkdir(path.join(dir, "jats"), { recursive: true });
  await mkdir(path.join(dir, "pdfs"), { recursive: true });
  for (const file of files) await copyFile(path.join(CORPUS_DIR, file), path.join(dir, file));
  await writeFile(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}
