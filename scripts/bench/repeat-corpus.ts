/**
 * A longer corpus for the import figure (docs/decisions/180-pdf-text-extractor.md): the real
 * corpus with every paper of every issue and proceeding repeated `times` times in the same issue
 * (copy k > 0 with its DOI made unique, `<doi>.r<k>`, in the manifest and in a rewritten copy of
 * its JATS file, and " (k)" after its title) and the same PDF (the corpus's `pdfs` folder is
 * linked, not copied). Journals, issues, proceedings and partners stay as they are, so their
 * covers and logos are made once, as in a catalogue of many papers per issue.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

type Paper = { doi?: string; jats?: string; title: string; [key: string]: unknown };
type Issue = { papers: Paper[]; [key: string]: unknown };
type Journal = { issues: Issue[]; [key: string]: unknown };
type Proceeding = { papers: Paper[]; [key: string]: unknown };
type Manifest = { journals: Journal[]; proceedings?: Proceeding[]; [key: string]: unknown };

/**
 * Writes the repeated corpus of `source` into `dest` (emptied first).
 * @returns the number of papers in the new manifest.
 */
export function repeatCorpus(source: string, dest: string, times: number): number {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(path.join(dest, "jats"), { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(source, "manifest.json"), "utf8")) as Manifest;
  if (existsSync(path.join(source, "pdfs"))) {
    symlinkSync(path.join(source, "pdfs"), path.join(dest, "pdfs"));
  }
  let papers = 0;
  const copy = (paper: Paper, k: number): Paper => {
    papers++;
    const doi = paper.doi && k ? `${paper.doi}.r${k}` : paper.doi;
    let jats = paper.jats;
    if (jats) {
      let xml = readFileSync(path.join(source, jats), "utf8");
      if (paper.doi && doi) xml = xml.split(`>${paper.doi}<`).join(`>${doi}<`);
      jats = `jats/r${k}-${path.basename(jats)}`;
      writeFileSync(path.join(dest, jats), xml);
    }
    return { ...paper, doi, jats, title: k ? `${paper.title} (${k})` : paper.title };
  };
  const repeated = (list: Paper[]) =>
    Array.from({ length: times }, (_, k) => list.map((p) => copy(p, k))).flat();
  for (const journal of manifest.journals) {
    for (const issue of journal.issues) issue.papers = repeated(issue.papers);
  }
  for (const proceeding of manifest.proceedings ?? []) {
    proceeding.papers = repeated(proceeding.papers);
  }
  writeFileSync(path.join(dest, "manifest.json"), JSON.stringify(manifest, null, 2));
  return papers;
}
