/**
 * The viewer fixture corpus of the browser tests: a folder in the corpus format (a
 * `manifest.json` as described by `/work/shared/corpus/MANIFEST.md`, plus `pdfs/`) holding one
 * journal, "Viewer Test Fixtures" (`viewer-fixtures`), with one issue whose papers carry the
 * real corpus's pdf.js test files: the two password-protected PDFs, the link-and-notes
 * annotation PDF and TraceMonkey, and one paper without a PDF. Every paper has `jats: null`, so
 * the manifest's own fields are the metadata.
 *
 * `tests/e2e/serve.ts` builds it with {@link buildViewerFixtures} and imports it after the real
 * corpus; the specs use the constants below to find the papers again.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";

/** The real corpus the fixture PDFs are copied from. */
export const CORPUS_DIR = path.resolve(import.meta.dirname, "../../../shared/corpus");

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
  tracemonkey: {
    title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages (viewer copy)",
    pdf: "tracemonkey.pdf",
    phrase: "Trace-based Just-in-Time Type Specialization for Dynamic",
  },
  noPdf: {
    title: "A Paper Whose Full Text Is Not Available",
    pdf: null,
  },
} as const satisfies Record<string, FixturePaper>;

/**
 * Writes the fixture corpus into `dir` (emptied first) and returns `dir`.
 * @throws when a source PDF is missing from {@link CORPUS_DIR}.
 */
export function buildViewerFixtures(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "pdfs"), { recursive: true });
  const papers = Object.values(FIXTURE_PAPERS).map((paper: FixturePaper, i) => {
    if (paper.pdf) {
      copyFileSync(path.join(CORPUS_DIR, "pdfs", paper.pdf), path.join(dir, "pdfs", paper.pdf));
    }
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
    proceedings: [],
  };
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
