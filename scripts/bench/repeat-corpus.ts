/**
 * A longer corpus for the import figure (docs/decisions/180-pdf-text-extractor.md): the real
 * corpus's journals with every issue repeated `times` times (copy k > 0 gets volume + 1000 k,
 * or year + k where the issue has no volume), each paper with its DOI made unique
 * (`<doi>.r<k>`, in the manifest and in a rewritten copy of its JATS file) and the same PDF
 * (the corpus's `pdfs` folder is linked, not copied). Proceedings are repeated likewise (slug
 * `-r<k>`). Partners and fixtures are kept once.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

type Paper = { doi?: string; jats?: string; title: string; [key: string]: unknown };
type Issue = { volume?: number; year?: number; papers: Paper[]; [key: string]: unknown };
type Journal = { issues: Issue[]; [key: string]: unknown };
type Proceeding = { slug: string; name: string; papers: Paper[]; [key: string]: unknown };
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
  for (const journal of manifest.journals) {
    const issues: Issue[] = [];
    for (let k = 0; k < times; k++) {
      for (const issue of journal.issues) {
        issues.push({
          ...issue,
          ...(k && issue.volume !== undefined ? { volume: issue.volume + 1000 * k } : {}),
          ...(k && issue.volume === undefined && issue.year ? { year: issue.year + k } : {}),
          papers: issue.papers.map((p) => copy(p, k)),
        });
      }
    }
    journal.issues = issues;
  }
  const proceedings: Proceeding[] = [];
  for (let k = 0; k < times; k++) {
    for (const p of manifest.proceedings ?? []) {
      proceedings.push({
        ...p,
        ...(k ? { slug: `${p.slug}-r${k}`, name: `${p.name} (${k})` } : {}),
        papers: p.papers.map((paper) => copy(paper, k)),
      });
    }
  }
  manifest.proceedings = proceedings;
  writeFileSync(path.join(dest, "manifest.json"), JSON.stringify(manifest, null, 2));
  return papers;
}
