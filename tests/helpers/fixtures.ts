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
  journalId: number;
  inactiveJournalId: number;
  issueId: number;
  olderIssueId: number;
  draftIssueId: number;
  paperWithPdfId: number;
  paperWithoutPdfId: number;
  inactivePaperId: number;
  pdfKey: string;
  pdfBytes: Buffer;
};

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
  const paperIds = await db
    .insertInto("papers")
    .values([
      paper({ file: pdfKey, file_size: pdfBytes.length, page_count: 2 }),
      paper({ title: "On Duty", doi: null, position: 2, keywords: null }),
      // a DOI of its own: one DOI names one paper (migration 012)
      paper({ publication_id: hiddenIssueId, title: "Secret", doi: "10.7554/eLife.90001" }),
    ])
    .returning("id")
    .execute();
  const [paperWithPdfId, paperWithoutPdfId, inactivePaperId] = paperIds.map((r) => r.id) as [
    number,
    number,
    number,
  ];
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
  const { id: eventId } = await db
    .insertInto("proceeding_events")
    .values({
      name: "PLDI '09",
      start_date: "2009-06-15",
      end_date: "2009-06-20",
      location: "Dublin, Ireland",
      created_at: T0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("proceedings")
    .values({
      event_id: eventId,
      slug: "pldi-2009",
      title: "Proceedings of PLDI '09",
      sub_title: "Programming Language Design and Implementation",
      issn: null,
      isbn: "978-1-60558-392-1",
      publisher: "ACM",
      year: 2009,
      intro: "The proceedings.",
      cover: null,
      created_at: T0,
      updated_at: T0,
    })
    .execute();

  return {
    journalId,
    inactiveJournalId,
    issueId,
    olderIssueId,
    draftIssueId,
    paperWithPdfId,
    paperWithoutPdfId,
    inactivePaperId,
    pdfKey,
    pdfBytes,
  };
}

const T_ISSUE = "2026-11-23T00:00:00.000Z";

/**
 * One active journal with one published issue (volume 1, number 1, 2026), for tests that only
 * need somewhere to put a paper. Columns the journal does not set are empty (null or "").
 * @returns the new rows' ids.
 */
export async function insertJournalWithIssue(
  db: Kysely<Database>,
  journal: Pick<NewJournal, "uri" | "name" | "abbreviation">,
): Promise<{ journalId: number; issueId: number }> {
  const { id: journalId } = await db
    .insertInto("journals")
    .values({
      ...journal,
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
