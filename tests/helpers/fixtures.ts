/**
 * A small catalogue written straight into the database, for tests of the read side that must
 * not depend on the importer or the dashboard: two journals (one inactive), three issues (one a
 * draft), papers with authors (one with a real PDF from the corpus), editors, a partner and a
 * proceeding.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { InsertObject, Kysely } from "kysely";
import type { Database, NewJournal, NewPublication } from "../../server/db/schema.ts";
import type { AppContext } from "../../server/services/context.ts";
import { CORPUS_DIR } from "./corpus.ts";

const T0 = "2026-01-10T09:00:00.000Z";
const T1 = "2026-02-10T09:00:00.000Z";

export type SeededCatalogue = {
  /** `ethics-review`, "Ethics Review" (active). */
  journalId: number;
  /** `hidden-annals` (inactive), with one issue and the paper "Secret". */
  inactiveJournalId: number;
  /** Vol. 1 No. 1 of the inactive journal, holding "Secret". */
  inactiveIssueId: number;
  /** Vol. 3 No. 2 (2025) of `ethics-review`, published 2025-06-01, with the two papers below. */
  issueId: number;
  /** Vol. 3 No. 1, published 2025-01-15, without papers. */
  olderIssueId: number;
  /** Vol. 3 No. 3, a draft. */
  draftIssueId: number;
  /** "A good life", DOI 10.7554/eLife.00353, with the corpus PDF `pdfKey` (2 pages). */
  paperWithPdfId: number;
  /** "On Duty", no DOI, no PDF, no keywords. */
  paperWithoutPdfId: number;
  /** "Secret", in the inactive journal. */
  inactivePaperId: number;
  /** The proceeding `pldi-2009` (PLDI '09, Dublin), without papers of its own here. */
  proceedingId: number;
  pdfKey: string;
  pdfBytes: Buffer;
};

/**
 * The seeded proceeding's event and facts, named as the public API gives them
 * (`/api/get_proceeding_page/pldi-2009`): the conference PLDI '09 in Dublin, ACM, an ISBN and
 * no ISSN.
 */
export const PLDI_2009 = {
  slug: "pldi-2009",
  link: "/proceedings/pldi-2009",
  event_name: "PLDI '09",
  event_start_date: "2009-06-15",
  event_end_date: "2009-06-20",
  event_location: "Dublin, Ireland",
  publisher: "ACM",
  isbn: "978-1-60558-392-1",
  issn: "",
  year: 2009,
} as const;

export async function seedCatalogue(ctx: AppContext): Promise<SeededCatalogue> {
  const db = ctx.db;
  const journal = (overrides: Record<string, unknown>) => ({
    uri: "ethics-review",
    name: "Ethics Review",
    abbreviation: "Ethics Rev",
    image: null,
    issn: "2049-3630",
    eissn: null,
    publisher: "Athenaeum University Press",
    frequency: "quartely" as const,
    intro: "A journal of moral philosophy.",
    sub_guide: "Submit a PDF.",
    other_guide: "",
    email: "editor@ethics.example",
    cost: "",
    contact_name: "Ada Lovelace",
    contact_email: "ada@ethics.example",
    subject: "philosophy" as const,
    active: 1,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  });
  const { id: journalId } = await db
    .insertInto("journals")
    .values(journal({}))
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: inactiveJournalId } = await db
    .insertInto("journals")
    .values(journal({ uri: "hidden-annals", name: "Hidden Annals", active: 0, created_at: T1 }))
    .returning("id")
    .executeTakeFirstOrThrow();

  const issue = (overrides: Record<string, unknown>) => ({
    journal_id: journalId,
    volume: "3",
    number: "2",
    title: null,
    year: 2025,
    cover: null,
    status: "published" as const,
    published_on: "2025-06-01",
    created_at: T0,
    updated_at: T0,
    ...overrides,
  });
  const ids = await db
    .insertInto("publications")
    .values([
      issue({}),
      issue({ number: "1", published_on: "2025-01-15" }),
      issue({ number: "3", status: "draft", published_on: "2025-09-01" }),
      issue({ journal_id: inactiveJournalId, volume: "1", number: "1" }),
    ])
    .returning("id")
    .execute();
  const [issueId, olderIssueId, draftIssueId, hiddenIssueId] = ids.map((r) => r.id) as [
    number,
    number,
    number,
    number,
  ];

  const pdfBytes = await readFile(path.join(CORPUS_DIR, "pdfs/elife-00353-v1.pdf"));
  const pdfKey = "papers/0123456789abcdef0123456789abcdef.pdf";
  await ctx.storage.put(pdfKey, pdfBytes);

  const paper = (overrides: Partial<InsertObject<Database, "papers">>) =>
    paperRow({ publication_id: issueId, ...overrides });
  const [paperWithPdfId, paperWithoutPdfId, inactivePaperId] = await insertPapers(db, [
    paper({ file: pdfKey, file_size: pdfBytes.length, page_count: 2 }),
    paper({ title: "On Duty", doi: null, position: 2, keywords: null }),
    // a DOI of its own: one DOI names one paper (migration 012)
    paper({ publication_id: hiddenIssueId, title: "Secret", doi: "10.7554/eLife.90001" }),
  ]);
  await db
    .insertInto("paper_authors")
    .values([
      {
        paper_id: paperWithPdfId,
        position: 2,
        name: "Second Author",
        email: null,
        institution: "MIT",
      },
      {
        paper_id: paperWithPdfId,
        position: 1,
        name: "Eve Marder",
        email: "marder@brandeis.edu",
        institution: "Brandeis University; Volen Center",
      },
      {
        paper_id: paperWithoutPdfId,
        position: 1,
        name: "Immanuel Kant",
        email: null,
        institution: null,
      },
    ])
    .execute();
  await db
    .insertInto("editors")
    .values([
      {
        publication_id: issueId,
        proceeding_id: null,
        name: "Chief One",
        email: null,
        institution: "Oxford",
        role: "Editor-in-Chief",
        position: 1,
      },
      {
        publication_id: issueId,
        proceeding_id: null,
        name: "Assoc One",
        email: null,
        institution: "Yale",
        role: "Associate Editor",
        position: 2,
      },
      {
        publication_id: issueId,
        proceeding_id: null,
        name: "Assoc Two",
        email: null,
        institution: null,
        role: "Associate Editor",
        position: 3,
      },
    ])
    .execute();
  await db
    .insertInto("partners")
    .values([
      { name: "Brandeis University", logo: null, link: null, position: 2, created_at: T0 },
      {
        name: "ETH Zurich",
        logo: "logos/0123456789abcdef0123456789abcdef.png",
        link: "https://ethz.ch",
        position: 1,
        created_at: T0,
      },
    ])
    .execute();
  const { proceedingId } = await insertProceeding(
    db,
    {
      name: PLDI_2009.event_name,
      start_date: PLDI_2009.event_start_date,
      end_date: PLDI_2009.event_end_date,
      location: PLDI_2009.event_location,
      created_at: T0,
    },
    {
      slug: PLDI_2009.slug,
      title: "Proceedings of PLDI '09",
      sub_title: "Programming Language Design and Implementation",
      isbn: PLDI_2009.isbn,
      publisher: PLDI_2009.publisher,
      year: PLDI_2009.year,
      intro: "The proceedings.",
      created_at: T0,
      updated_at: T0,
    },
  );

  return {
    journalId,
    inactiveJournalId,
    inactiveIssueId: hiddenIssueId,
    issueId,
    olderIssueId,
    draftIssueId,
    paperWithPdfId,
    paperWithoutPdfId,
    inactivePaperId,
    proceedingId,
    pdfKey,
    pdfBytes,
  };
}

const T_ISSUE = "2026-11-23T00:00:00.000Z";

/**
 * One active journal with one published issue (volume 1, number 1, 2026), for tests that only
 * need somewhere to put a paper. Columns the journal does not set are empty (null or "");
 * `journal` may set any of them, and `issue` any column of the issue.
 * @returns the new rows' ids.
 */
export async function insertJournalWithIssue(
  db: Kysely<Database>,
  journal: Pick<NewJournal, "uri" | "name" | "abbreviation"> & Partial<NewJournal>,
  issue: Partial<NewPublication> = {},
): Promise<{ journalId: number; issueId: number }> {
  const { id: journalId } = await db
    .insertInto("journals")
    .values({
      image: null,
      issn: null,
      eissn: null,
      publisher: null,
      frequency: null,
      intro: "",
      sub_guide: "",
      other_guide: "",
      email: null,
      cost: null,
      contact_name: null,
      contact_email: null,
      subject: "more",
      active: 1,
      created_at: T_ISSUE,
      updated_at: T_ISSUE,
      ...journal,
    } satisfies NewJournal)
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: issueId } = await db
    .insertInto("publications")
    .values({
      journal_id: journalId,
      volume: "1",
      number: "1",
      title: null,
      year: 2026,
      cover: null,
      status: "published",
      published_on: T_ISSUE.slice(0, 10),
      created_at: T_ISSUE,
      updated_at: T_ISSUE,
      ...issue,
    } satisfies NewPublication)
    .returning("id")
    .executeTakeFirstOrThrow();
  return { journalId, issueId };
}

/**
 * A `papers` row with every column given: the first seeded paper's values (no file, published
 * 2025-06-01, timestamps T0), with `overrides` on top. Tests insert it with Kysely.
 */
export function paperRow(
  overrides: Partial<InsertObject<Database, "papers">> = {},
): InsertObject<Database, "papers"> {
  return {
    publication_id: null,
    proceeding_id: null,
    title: "A good life",
    doi: "10.7554/eLife.00353",
    abstract: "First paragraph.\n\nSecond paragraph.",
    keywords: "careers in science, grad school",
    file: null,
    file_size: null,
    page_count: null,
    encrypted: 0,
    full_text: null,
    first_page: null,
    last_page: null,
    published_on: "2025-06-01",
    license_url: null,
    position: 1,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

/**
 * Inserts `papers` rows (see {@link paperRow}) in one statement.
 * @returns their ids, in the order of `rows` (a tuple as long as `rows`).
 */
export async function insertPapers<const R extends readonly InsertObject<Database, "papers">[]>(
  db: Kysely<Database>,
  rows: R,
): Promise<{ -readonly [K in keyof R]: number }> {
  const inserted = await db
    .insertInto("papers")
    .values([...rows])
    .returning("id")
    .execute();
  return inserted.map((r) => r.id) as { -readonly [K in keyof R]: number };
}

const T_PROCEEDING = "2025-01-01T00:00:00.000Z";

/** A proceeding's columns a test may leave out: empty (null or ""), year 2025. */
type ProceedingRow = Pick<InsertObject<Database, "proceedings">, "slug" | "title"> &
  Partial<Omit<InsertObject<Database, "proceedings">, "event_id">>;

/**
 * Inserts a conference event and its proceedings (one or more rows of `proceedings`, each
 * with its slug and title; the columns left out empty, year 2025, timestamps fixed).
 * `event` is the `proceeding_events` row; without `created_at` it gets the same fixed time.
 * @returns the event's id and the proceedings' ids in the order given (`proceedingId` the first).
 */
export async function insertProceeding<
  const P extends readonly [ProceedingRow, ...ProceedingRow[]],
>(
  db: Kysely<Database>,
  event: Omit<InsertObject<Database, "proceeding_events">, "created_at"> & { created_at?: string },
  ...proceedings: P
): Promise<{
  eventId: number;
  proceedingId: number;
  proceedingIds: { -readonly [K in keyof P]: number };
}> {
  const { id: eventId } = await db
    .insertInto("proceeding_events")
    .values({ created_at: T_PROCEEDING, ...event })
    .returning("id")
    .executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto("proceedings")
    .values(
      proceedings.map((row) => ({
        event_id: eventId,
        sub_title: null,
        issn: null,
        isbn: null,
        publisher: null,
        year: 2025,
        intro: "",
        cover: null,
        created_at: T_PROCEEDING,
        updated_at: T_PROCEEDING,
        ...row,
      })),
    )
    .returning("id")
    .execute();
  const proceedingIds = inserted.map((r) => r.id) as { -readonly [K in keyof P]: number };
  return { eventId, proceedingId: proceedingIds[0], proceedingIds };
}
