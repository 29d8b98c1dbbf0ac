/**
 * Valid bodies of the dashboard's forms, as API tests send them with ./form-calls.ts (multipart
 * fields, `name → value`, people spelled out as `authors[0][name]` and the like): a journal's
 * first and second step, a journal paper, a proceeding with a new event. Each takes `overrides`
 * that replace or add fields, so a test states only what it is about (a field left empty, a URI
 * that clashes). The values are those the dashboard's validation accepts
 * (docs/product/validation.md); `pub_frequency` keeps the spec's spelling, "quartely".
 */
import type { JournalDetail } from "../../shared/api.ts";
import type { Fields } from "./form-calls.ts";

/** Step 1 of a journal (`/create_journal/1`, and `/edit_journal/1` with `journal_active`). */
export const journalFields = (overrides: Fields = {}): Fields => ({
  journal_name: "Journal of Moral Philosophy",
  abbreviation: "J Moral Phil",
  journal_uri: "moral-philosophy",
  publisher: "Athenaeum University Press",
  pub_frequency: "quartely",
  issn: "2049-3630",
  journal_intro: "Peer-reviewed work on ethics.\n\nSecond paragraph.",
  ...overrides,
});

/**
 * Step 1 of `journal` as it is (`/edit_journal/1`), read from its GET /dashboard/get_journal
 * answer: its name, abbreviation, publisher, frequency, ISSN and introduction, `uri` as its URI
 * and primary URI, active; `overrides` add the field a test changes (`license_url`,
 * `primary_language`…).
 */
export const journalAsItIs = (
  journal: Pick<
    JournalDetail,
    "name" | "abbreviation" | "publisher" | "frequency" | "issn" | "intro"
  >,
  uri: string,
  overrides: Fields = {},
): Fields => ({
  journal_name: journal.name,
  abbreviation: journal.abbreviation,
  journal_uri: uri,
  primary_journal_uri: uri,
  publisher: journal.publisher,
  pub_frequency: journal.frequency,
  issn: journal.issn,
  journal_intro: journal.intro,
  journal_active: "Y",
  ...overrides,
});

/** Step 2 of a journal, its guides and contacts (`/create_journal/2`, `/edit_journal/2`). */
export const journalGuideFields = (overrides: Fields = {}): Fields => ({
  submission_guide: "Send a PDF of at most 10,000 words.",
  other_guide: "Use APA references.",
  journal_email: "editor@moral.example",
  journal_cost: "None",
  contact_name: "Ada Lovelace",
  contact_email: "ada@moral.example",
  journal_uri: "moral-philosophy",
  ...overrides,
});

/**
 * A paper of the journal issue `issueId` (`/create_paper/{journal}`, `/edit_paper/…`): one
 * author without e-mail or institution, no DOI, no keywords; the PDF goes beside it.
 */
export const journalPaperFields = (issueId: number, overrides: Fields = {}): Fields => ({
  sel_publication: String(issueId),
  title: "Read Elsewhere",
  doi: "",
  abstract: "An abstract.",
  keywords: "",
  "authors[0][name]": "A. Author",
  "authors[0][email]": "",
  "authors[0][institution]": "",
  ...overrides,
});

/**
 * A proceeding (`/create_proceedings`, `/edit_proceeding/{id}`) with a new event (`event`
 * "new" and its name and dates; an existing event's id and empty fields choose that one) and
 * one editor.
 */
export const proceedingFields = (overrides: Fields = {}): Fields => ({
  event: "new",
  event_name: "Colloquium on Open Science",
  event_start_date: "2025-06-15",
  event_end_date: "2025-06-18",
  title: "Proceedings of the Colloquium",
  sub_title: "",
  issn: "",
  publisher: "",
  year: "2025",
  intro: "Papers given at the colloquium.",
  "editors[0][name]": "Grace Hopper",
  "editors[0][email]": "",
  "editors[0][institution]": "",
  "editors[0][role]": "Chair",
  ...overrides,
});
