/**
 * Conference papers written straight into the database for tests of the public proceedings
 * pages and the search, on top of {@link seedCatalogue}'s proceeding `pldi-2009`: two papers
 * there (one with the catalogue's real PDF, pages and a DOI; one without a PDF), two editors of
 * one role and one of another, and a second proceeding `icfp-2010` (its own event) with one
 * paper. Words used here ("trace", "JavaScript", "functional") appear in no journal paper of
 * the catalogue.
 */
import type { AppContext } from "../../server/services/context.ts";

const T0 = "2026-03-01T09:00:00.000Z";
const T1 = "2026-03-02T09:00:00.000Z";

export type SeededProceedings = {
  slug: string;
  proceedingId: number;
  tracePaperId: number;
  noPdfPaperId: number;
  otherSlug: string;
  otherPaperId: number;
};

export async function seedProceedingPapers(
  ctx: AppContext,
  pdf: { key: string; size: number },
): Promise<SeededProceedings> {
  const db = ctx.db;
  const { id: proceedingId } = await db
    .selectFrom("proceedings")
    .select("id")
    .where("slug", "=", "pldi-2009")
    .executeTakeFirstOrThrow();

  const { id: eventId } = await db
    .insertInto("proceeding_events")
    .values({
      name: "ICFP 2010",
      start_date: "2010-09-27",
      end_date: "2010-09-29",
      location: null,
      created_at: T1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: otherId } = await db
    .insertInto("proceedings")
    .values({
      event_id: eventId,
      slug: "icfp-2010",
      title: "Proceedings of ICFP 2010",
      sub_title: null,
      issn: "0362-1340",
      isbn: null,
      publisher: null,
      year: 2010,
      intro: "",
      cover: null,
      created_at: T1,
      updated_at: T1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const paper = (overrides: Record<string, unknown>) => ({
    publication_id: null,
    proceeding_id: proceedingId,
    title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
    doi: "10.1145/1542476.1542528",
    abstract:
      "Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.\nWe present a trace-based compiler.",
    keywords: "JavaScript; just-in-time compilation; trace trees",
    file: null,
    file_size: null,
    page_count: null,
    encrypted: 0,
    full_text: null,
    first_page: "465",
    last_page: "478",
    published_on: "2009-06",
    license_url: null,
    position: 1,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  });
  const ids = await db
    .insertInto("papers")
    .values([
      paper({ file: pdf.key, file_size: pdf.size, page_count: 2 }),
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
    ])
    .returning("id")
    .execute();
  const [tracePaperId, noPdfPaperId, otherPaperId] = ids.map((r) => r.id) as [
    number,
    number,
    number,
  ];
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
