/**
 * Conference papers written straight into the database for tests of the public proceedings
 * pages and the search, on top of {@link seedCatalogue}'s proceeding `pldi-2009`: two papers
 * there (one with the catalogue's real PDF, pages and a DOI; one without a PDF), two editors of
 * one role and one of another, and a second proceeding `icfp-2010` (its own event) with one
 * paper. Words used here ("trace", "JavaScript", "functional") appear in no journal paper of
 * the catalogue.
 */
import type { InsertObject } from "kysely";
import type { Database } from "../../server/db/schema.ts";
import type { AppContext } from "../../server/services/context.ts";
import { insertPapers, insertProceeding, paperRow, type SeededCatalogue } from "./fixtures.ts";

/** What {@link seedProceedingPapers} wrote. */
export type SeededProceedings = {
  /** `pldi-2009`, the catalogue's proceeding. */
  slug: string;
  proceedingId: number;
  /** The trace-based JIT paper, with the catalogue's PDF, pages 465–478 and a DOI. */
  tracePaperId: number;
  /** "Tracing the Meta-Level", without a PDF, DOI, pages or date. */
  noPdfPaperId: number;
  /** `icfp-2010`, the second proceeding. */
  otherSlug: string;
  otherPaperId: number;
};

/** When the papers (T0) and the second proceeding (T1) were written. */
const T0 = "2026-03-01T09:00:00.000Z";
const T1 = "2026-03-02T09:00:00.000Z";

export async function seedProceedingPapers(
  ctx: AppContext,
  catalogue: Pick<SeededCatalogue, "proceedingId" | "pdfKey" | "pdfBytes">,
): Promise<SeededProceedings> {
  const db = ctx.db;
  const { proceedingId } = catalogue;
  const { proceedingId: otherId } = await insertProceeding(
    db,
    {
      name: "ICFP 2010",
      start_date: "2010-09-27",
      end_date: "2010-09-29",
      location: null,
      created_at: T1,
    },
    {
      slug: "icfp-2010",
      title: "Proceedings of ICFP 2010",
      issn: "0362-1340",
      year: 2010,
      created_at: T1,
      updated_at: T1,
    },
  );

  const paper = (overrides: Partial<InsertObject<Database, "papers">>) =>
    paperRow({
      proceeding_id: proceedingId,
      title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
      doi: "10.1145/1542476.1542528",
      abstract:
        "Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.\nWe present a trace-based compiler.",
      keywords: "JavaScript; just-in-time compilation; trace trees",
      first_page: "465",
      last_page: "478",
      published_on: "2009-06",
      created_at: T0,
      updated_at: T0,
      ...overrides,
    });
  const [tracePaperId, noPdfPaperId, otherPaperId] = await insertPapers(db, [
    paper({ file: catalogue.pdfKey, file_size: catalogue.pdfBytes.length, page_count: 2 }),
    paper({
      title: "Tracing the Meta-Level",
      doi: null,
      abstract: "A meta-tracing JIT for an interpreter.",
      keywords: null,
      first_page: null,
      last_page: null,
      published_on: null,
      position: 2,
    }),
    paper({
      proceeding_id: otherId,
      title: "Functional Pearls of Type Inference",
      doi: null,
      abstract: "Functional programs infer their own types.",
      keywords: null,
      first_page: null,
      last_page: null,
      published_on: null,
    }),
  ]);
  await db
    .insertInto("paper_authors")
    .values([
      {
        paper_id: tracePaperId,
        position: 1,
        name: "Andreas Gal",
        email: null,
        institution: "Mozilla Corporation; University of California, Irvine",
      },
      {
        paper_id: tracePaperId,
        position: 2,
        name: "Brendan Eich",
        email: null,
        institution: "Mozilla Corporation",
      },
      {
        paper_id: noPdfPaperId,
        position: 1,
        name: "Carl Friedrich Bolz",
        email: null,
        institution: null,
      },
      { paper_id: otherPaperId, position: 1, name: "Simon Peyton", email: null, institution: null },
    ])
    .execute();
  const editor = (name: string, role: string, position: number, institution: string | null) => ({
    publication_id: null,
    proceeding_id: proceedingId,
    name,
    email: null,
    institution,
    role,
    position,
  });
  await db
    .insertInto("editors")
    .values([
      editor("Michael Hind", "General Chair", 1, "IBM Research"),
      editor("Amer Diwan", "Program Chair", 2, "University of Colorado"),
      editor("Second Chair", "General Chair", 3, null),
    ])
    .execute();

  return {
    slug: "pldi-2009",
    proceedingId,
    tracePaperId,
    noPdfPaperId,
    otherSlug: "icfp-2010",
    otherPaperId,
  };
}
