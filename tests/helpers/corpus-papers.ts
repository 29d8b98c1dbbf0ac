/**
 * Every paper of the shipped corpus (corpus/manifest.json, decision 225) for the tests that
 * compare what the site makes of each one with what the manifest and its JATS say: the papers
 * as listed ({@link corpusPapers}), their JATS `<surname>`s ({@link jatsSurnames}), and the
 * papers imported into a test context with where each one's page is ({@link importPapers}).
 *
 * The manifest is read as plain JSON, not with the importer's parser: the tests check the
 * importer against it.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import { importCorpus } from "../../server/import/corpus.ts";
import type { AppContext } from "../../server/services/context.ts";
import { CORPUS_DIR } from "./corpus.ts";
import { buildSmallCorpus } from "./small-corpus.ts";

/** A paper of the manifest, with the fields the tests read. */
export type CorpusPaper = {
  title: string;
  doi?: string;
  abstract?: string;
  authors: { name: string }[];
  /** Its JATS file inside the corpus, or none (a paper known from the manifest only). */
  jats?: string | null;
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
  published?: string;
  /** "465-478". */
  pages?: string;
  elocation_id?: string;
  keywords?: string[];
  license?: { url?: string | null; text?: string } | null;
};

/** A paper of the manifest and where it is listed. */
export type ListedPaper = {
  paper: CorpusPaper;
  /** The journal's or the proceeding's name. */
  venue: string;
  /** The issue's or the proceeding's year. */
  year: number;
  /** A proceeding's paper. */
  conference: boolean;
};

type Manifest = {
  journals: { name: string; issues: { year: number; papers: CorpusPaper[] }[] }[];
  proceedings: { name: string; year: number; papers: CorpusPaper[] }[];
};

/** Every paper of corpus/manifest.json in its order: journals' issues first, then proceedings. */
export async function corpusPapers(): Promise<ListedPaper[]> {
  const manifest = JSON.parse(
    await readFile(path.join(CORPUS_DIR, "manifest.json"), "utf8"),
  ) as Manifest;
  return [
    ...manifest.journals.flatMap((j) =>
      j.issues.flatMap((i) =>
        i.papers.map((paper) => ({ paper, venue: j.name, year: i.year, conference: false })),
      ),
    ),
    ...manifest.proceedings.flatMap((pr) =>
      pr.papers.map((paper) => ({ paper, venue: pr.name, year: pr.year, conference: true })),
    ),
  ];
}

/** The JATS `<surname>`s of a paper's authors, in order (empty without JATS). */
export async function jatsSurnames(paper: CorpusPaper): Promise<string[]> {
  if (!paper.jats) return [];
  const xml = await readFile(path.join(CORPUS_DIR, paper.jats), "utf8");
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  return Array.from(doc.getElementsByTagName("contrib"))
    .filter((c) => c.getAttribute("contrib-type") === "author")
    .map((c) => c.getElementsByTagName("surname")[0]?.textContent ?? "")
    .filter(Boolean);
}

/** Runs of white space as one space, trimmed: how a stored title compares with the manifest's. */
export const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** An imported paper: its row and its public page. */
export type ImportedPaper = {
  id: number;
  /** Its journal's URI, or null for a conference paper. */
  uri: string | null;
  /** Its proceeding's slug, or null for a journal paper. */
  slug: string | null;
  /** `/journal/{uri}/{id}` or `/proceedings/{slug}/{id}`. */
  page: string;
};

/**
 * Imports `papers` into `ctx` (the small corpus of ./small-corpus.ts cut to them: the PDFs it
 * keeps, every paper's JATS) from a new folder named after `prefix` in the system's temp folder,
 * and finds each one again by DOI, or by title when it has none.
 * @returns each paper's row and page, in the order of `papers`, and `remove`, which deletes the
 *   folder.
 * @throws when a paper was not imported.
 */
export async function importPapers(
  ctx: AppContext,
  papers: readonly CorpusPaper[],
  prefix: string,
): Promise<{ imported: ImportedPaper[]; remove: () => Promise<void> }> {
  const dir = await buildSmallCorpus(
    await mkdtemp(path.join(tmpdir(), prefix)),
    papers.map((p) => p.doi || p.title),
  );
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await importCorpus(ctx, dir, { partners: false });
    const rows = await ctx.db
      .selectFrom("papers as p")
      .leftJoin("publications as pub", "pub.id", "p.publication_id")
      .leftJoin("journals as j", "j.id", "pub.journal_id")
      .leftJoin("proceedings as pr", "pr.id", "p.proceeding_id")
      .select(["p.id", "p.doi", "p.title", "j.uri", "pr.slug"])
      .execute();
    const imported = papers.map((p) => {
      const row = rows.find((r) =>
        p.doi ? r.doi?.toLowerCase() === p.doi.toLowerCase() : words(r.title) === words(p.title),
      );
      if (!row) throw new Error(`not imported: ${p.title}`);
      const page = row.slug
        ? `/proceedings/${row.slug}/${row.id}`
        : `/journal/${row.uri}/${row.id}`;
      return { id: row.id, uri: row.uri, slug: row.slug, page };
    });
    return { imported, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
