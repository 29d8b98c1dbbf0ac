/**
 * The viewer fixture corpus of the browser tests: a folder in the corpus format (a
 * `manifest.json` as `server/import/manifest.ts` reads it, plus `pdfs/`) holding one journal,
 * "Viewer Test Fixtures" (`viewer-fixtures`), with one issue whose papers carry PDFs of the
 * shipped corpus (corpus/README.md): the two password-protected pdf.js test files, the
 * link-and-notes annotation PDF, a 14-page paper without an outline (a copy of the Metabolites
 * article), and one paper without a PDF; and one proceeding, "Viewer Test Workshop"
 * (`viewer-proceedings`, 2008, older than PLDI '09), whose one paper has a PDF, since the
 * shipped PLDI '09 paper has none (decision 225). Every paper has `jats: null`, so the
 * manifest's own fields are the metadata.
 *
 * `tests/e2e/serve.ts` builds it with {@link buildViewerFixtures} and imports it after the shipped
 * corpus; the specs use the constants below to find the papers again.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";

/** The shipped corpus (corpus/, decision 225) the fixture PDFs are copied from. */
export const CORPUS_DIR = path.resolve(import.meta.dirname, "../../corpus");

export const FIXTURE_JOURNAL = {
  name: "Viewer Test Fixtures",
  slug: "viewer-fixtures",
  abbreviation: "Viewer Fixtures",
  volume: "1",
  issue: "1",
  year: 2024,
} as const;

type FixturePaper = {
  title: string;
  /** File name in the corpus's `pdfs/`, or null for a paper without full text. */
  pdf: string | null;
  password?: string;
  /** A phrase printed on page 1, to find in the text layer. */
  phrase?: string;
};

/** The fixture papers, by role in the tests. */
export const FIXTURE_PAPERS = {
  encrypted: {
    // Its one sentence is drawn as graphics: the page has no text layer content.
    title: "Password-Protected Example (AES-128)",
    pdf: "issue3371.pdf",
    password: "ELXRTQWS",
  },
  encryptedSmall: {
    title: "Password-Protected Small Page (AES-256)",
    pdf: "issue6010_1.pdf",
    password: "abc",
    phrase: "Issue 6010",
  },
  annotations: {
    title: "Link Annotation and Sticky Notes",
    pdf: "annotation-link-text-popup.pdf",
  },
  // 14 pages, no outline; its title is one text item of page 1.
  multiPage: {
    title: "Volatile Metabolite Profiling of Durum Wheat Kernels (viewer copy)",
    pdf: "metabolites-04-00932.pdf",
    phrase: "Volatile Metabolite Profiling of Durum Wheat Kernels",
  },
  noPdf: {
    title: "A Paper Whose Full Text Is Not Available",
    pdf: null,
  },
} as const satisfies Record<string, FixturePaper>;

/** The fixture proceeding and its one paper, which has a PDF (7 pages). */
export const FIXTURE_PROCEEDING = {
  name: "Proceedings of the Viewer Test Workshop",
  acronym: "VTW '08",
  slug: "viewer-proceedings",
  year: 2008,
  paper: {
    title: "A Conference Paper With Its Full Text (viewer copy)",
    pdf: "hindawi-grp-2016-6802810.pdf",
    pages: 7,
  },
} as const;

/**
 * Writes the fixture corpus into `dir` (emptied first) and returns `dir`.
 * @throws when a source PDF is missing from {@link CORPUS_DIR}.
 */
export function buildViewerFixtures(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "pdfs"), { recursive: true });
  const copyPdf = (name: string) =>
    copyFileSync(path.join(CORPUS_DIR, "pdfs", name), path.join(dir, "pdfs", name));
  const papers = Object.values(FIXTURE_PAPERS).map((paper: FixturePaper, i) => {
    if (paper.pdf) copyPdf(paper.pdf);
    return {
      title: paper.title,
      authors: [
        {
          name: "Pdf Js Contributors",
          institution: "Mozilla Foundation; Athenaeum Test Suite",
        },
      ],
      abstract: `Fixture paper ${i + 1} for the in-browser PDF viewer tests.\nIts PDF comes from the pdf.js test suite.`,
      keywords: ["pdf.js", "viewer test"],
      jats: null,
      pdf: paper.pdf ? `pdfs/${paper.pdf}` : null,
      published: "2024-05-01",
    };
  });
  const manifest = {
    description: "Viewer fixtures for the browser tests (tests/e2e/fixtures.ts).",
    journals: [
      {
        name: FIXTURE_JOURNAL.name,
        abbreviation: FIXTURE_JOURNAL.abbreviation,
        slug: FIXTURE_JOURNAL.slug,
        publisher: "Athenaeum Test Suite",
        issues: [
          {
            volume: FIXTURE_JOURNAL.volume,
            number: FIXTURE_JOURNAL.issue,
            year: FIXTURE_JOURNAL.year,
            papers,
          },
        ],
      },
    ],
    proceedings: [
      {
        name: FIXTURE_PROCEEDING.name,
        acronym: FIXTURE_PROCEEDING.acronym,
        slug: FIXTURE_PROCEEDING.slug,
        year: FIXTURE_PROCEEDING.year,
        location: "Test City",
        dates: { start: "2008-05-05", end: "2008-05-06" },
        publisher: "Athenaeum Test Suite",
        papers: [
          {
            title: FIXTURE_PROCEEDING.paper.title,
            authors: [{ name: "Pdf Js Contributors", institution: "Athenaeum Test Suite" }],
            abstract: "Fixture conference paper for the browser tests of proceedings.",
            jats: null,
            pdf: `pdfs/${FIXTURE_PROCEEDING.paper.pdf}`,
            pages: "1-7",
            published: "2008-05",
          },
        ],
      },
    ],
  };
  copyPdf(FIXTURE_PROCEEDING.paper.pdf);
  writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

type Envelope = { status: 0 | 1; publications?: { volume: string; issue: string }[] };
type IssueEnvelope = { publication?: { papers: { paperID: number; title: string }[] } };

/**
 * Path of a paper's page (`/journal/{slug}/{paperID}`), found by title through the public API
 * (GET /api/get_publications/{slug}/Y, then each issue's GET /api/get_publication/…).
 * @throws when the journal has no paper with that title.
 */
export async function paperPath(
  request: APIRequestContext,
  journalSlug: string,
  title: string,
): Promise<string> {
  const list = (await (
    await request.get(`/api/get_publications/${journalSlug}/Y`)
  ).json()) as Envelope;
  for (const { volume, issue } of list.publications ?? []) {
    const url = `/api/get_publication/${journalSlug}/${encodeURIComponent(volume)}/${encodeURIComponent(issue)}`;
    const detail = (await (await request.get(url)).json()) as IssueEnvelope;
    const paper = detail.publication?.papers.find((p) => p.title === title);
    if (paper) return `/journal/${journalSlug}/${paper.paperID}`;
  }
  throw new Error(`No paper "${title}" in journal ${journalSlug}`);
}
