/**
 * Shapes on the wire of the JSON API (docs/product/api.md, docs/product/api.md). Field names are the
 * spec's, even where they differ from the database's (`journal_img`, `cover_img`, `paperID`).
 * Every answer is an {@link Envelope}: `status` 1 on success, 0 on failure, and a `msg`.
 */

import type { UpdateNotice } from "./updates.ts";
import type { PublicWorkflowFigures } from "./workflow-api.ts";

export type Envelope<T extends object = object> = {
  status: 0 | 1;
  msg: string;
  /** Field-level messages on a 400, keyed by the request's field name. */
  errors?: Record<string, string>;
} & Partial<T>;

/**
 * The signed-in manager as the pages know them (the root loader's `user`); `role`: `admin`
 * (site administrator) or `manager` (journal manager), decision 190.
 */
export type SignedInUser = { id: number; name: string; email: string; role: "admin" | "manager" };

export type Button = { label: string; link: string };

/** `JournalCard` of docs/product/api.md. */
export type JournalCard = {
  journal_img: string | null;
  journal_name: string;
  journal_intro: string;
  journal_active: boolean;
  buttons: Button[];
  /** ISO date `YYYY-MM-DD`. */
  date_added: string;
  link: string;
  /** Extra: the journal's URI slug and subject, for links and grouping. */
  journal_uri: string;
  subject: string;
};

/** Item of GET /latest_publications. */
export type LatestPublicationItem = {
  cover_img: string | null;
  title: string;
  link: string;
  description: string;
  date_added: string;
  /** Extra (decision 255): the issue's publication date, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`,
   * the date the home page's 'Recent issues' show (issue 34). */
  publication_date: string;
};

export type PaperSummary = {
  paperID: number;
  title: string;
  link: string;
  authors: { name: string }[];
};

/** GET /latest_publication: the featured issue on the home page. */
export type FeaturedPublication = {
  cover_img: string | null;
  journal_name: string;
  /** Label such as `Vol. 3 No. 2 (2025)`. */
  publication: string;
  date_added: string;
  link: string;
  papers: PaperSummary[];
  /** Extra (decision 255): the issue's publication date, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  publication_date: string;
};

/** GET /get_journal/{journal_url}. Optional lines are `""` when empty. */
export type JournalDetail = {
  name: string;
  abbreviation: string;
  uri: string;
  image: string | null;
  /** The journal's ISSN (the print one when it has two). */
  issn: string;
  /** Extra: the online ISSN when the journal has a print and an online one, else `""`. */
  eissn: string;
  intro: string;
  sub_guide: string;
  other_guide: string;
  publisher: string;
  frequency: string;
  email: string;
  cost: string;
  contact_name: string;
  contact_email: string;
  active: boolean;
  /** Extra (issue 8): the subject's key, one of `SUBJECTS` (shared/constants.ts). */
  subject: string;
  /** Extra (decision 255): the licence of the journal's new papers, a CC URL, or `""`. */
  license_url: string;
  /** Extra (decision 279): DOI prefix (`10.12345`) and suffix pattern, `""` when unset. */
  doi_prefix: string;
  doi_pattern: string;
  /** Extra (decision 279): the preservation arrangement (LOCKSS, CLOCKSS…), or `""`. */
  preservation: string;
  /**
   * Extra (decision 490): the text of its update (corrections and retractions) policy page
   * (`/journal/{uri}/update-policy`) and the DOI Crossmark names it by; `""` when none.
   */
  update_policy: string;
  update_policy_doi: string;
  /**
   * Extra (decision 440): the language its papers are in unless one says otherwise, a BCP 47
   * tag (shared/languages.ts), and the languages it publishes in, the primary one first.
   */
  primary_language: string;
  languages: string[];
  /** Extra (decision 400): whether authors may submit to it ('Submit a paper'). */
  accepts_submissions?: boolean;
  /**
   * Extra (decision 406): the journal's editorial figures per year, newest first, present only
   * where the journal chooses to show them.
   */
  workflow_figures?: PublicWorkflowFigures[];
};

/** Item of GET /get_publications/{journal_url}/Y. */
export type PublicationOption = {
  value: number;
  label: string;
  volume: string;
  issue: string;
  /** False for a volume without a real issue number (continuous publication, decision 185):
   * `issue` then only keys the URL and is never shown or claimed. */
  show_number: boolean;
  year: number;
  title: string;
  /** Extra: the issue page link. */
  link: string;
};

export type EditorPublic = { name: string; institution: string };

/** GET /get_publication/{journal_url}/{volume}/{issue}. */
export type PublicationDetail = {
  id: number;
  journal_name: string;
  journal_abbreviation: string;
  journal_url: string;
  volume: string;
  issue: string;
  /** False for a volume without a real issue number (continuous publication, decision 185):
   * `issue` then only keys the URL and is never shown or claimed. */
  show_number: boolean;
  title: string;
  year: number;
  publication_year: number;
  cover_img: string | null;
  papers: { paperID: number; title: string; authors: { name: string }[] }[];
  /** Role name → members, roles in order of first appearance. */
  editors: Record<string, EditorPublic[]>;
  /** Extra: when it went online, `YYYY-MM-DD`. */
  published_on: string;
  /** Extra (decision 255): the issue's publication date, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  publication_date: string;
  /** Extra (decision 307): the journal's ISSN line (print and electronic), or `""`. */
  issn: string;
};

/** An affiliation of an author (decision 255): as printed, and its ROR id or `""`. */
export type AffiliationItem = { name: string; ror: string };

/**
 * An author on a paper page (decision 256): the spec's `name` and `institution` (both derived:
 * `name` is `given_names family_name suffix`, or a literal name never to be split when `family_name`
 * is `""`; `institution` the affiliations' names joined with "; "), and the person beside them.
 */
export type PaperAuthorItem = {
  name: string;
  institution: string;
  /** `""` when the name is literal (an organisation, a single name). */
  given_names: string;
  /** With its particles ("Di Matteo"); `""` when the name is literal. */
  family_name: string;
  /** "Jr.", "III", or `""`. */
  suffix: string;
  /** `https://orcid.org/0000-0002-1825-0097`, or `""`. */
  orcid: string;
  affiliations: AffiliationItem[];
  corresponding: boolean;
};

/** A funder of a paper (decision 255). */
export type FundingItem = {
  funder_name: string;
  /** `https://doi.org/10.13039/…` (Crossref Funder ID) or `https://ror.org/…`, or `""`. */
  funder_id: string;
  award_ids: string[];
};

/** One entry of a paper's reference list (decision 255); unknown parts are `""`. */
export type ReferenceItem = {
  /** JATS `ref/@id`, the target of in-text links. */
  ref_id: string;
  label: string;
  /** The reference as one plain string, as shown. */
  citation: string;
  /** Bare DOI `10.…`. */
  doi: string;
  pmid: string;
  url: string;
};

/**
 * The scholarly data every paper reading page carries beside the spec's fields (decisions 255,
 * 256); optional text `""` when unknown.
 */
export type PaperScholarly = {
  /**
   * The paper's publication date for every output (shared/dates.ts `effectivePaperDate`): its
   * own, else its issue's, else (a conference paper) its proceeding's year; `YYYY`, `YYYY-MM` or
   * `YYYY-MM-DD`.
   */
  publication_date: string;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, or `""`. */
  received_on: string;
  accepted_on: string;
  copyright_holder: string;
  copyright_year: number | null;
  funding_statement: string;
  funding: FundingItem[];
  references: ReferenceItem[];
};

/**
 * A paper's title, abstract and keywords in another language than its own (decision 440):
 * `language` a BCP 47 tag (shared/languages.ts); a part not given in that language is `""`.
 */
export type TranslationItem = {
  language: string;
  title: string;
  abstract: string;
  /** As the Keywords field holds them: comma- or semicolon-separated. */
  keywords: string;
};

/**
 * The languages of a paper (decision 440), on its reading pages, its edit form and what a JATS
 * file fills a form with: its own language (a BCP 47 tag) and its translations in their order.
 */
export type PaperLanguages = {
  language: string;
  translations: TranslationItem[];
};

/**
 * What every paper reading page shows, whatever the paper was published in (a journal issue or
 * a proceeding): `PaperDetail` and `ProceedingPaperDetail` both have these fields.
 */
export type PaperReading = Pick<
  PaperDetail,
  | "paperID"
  | "title"
  | "authors"
  | "doi"
  | "abstract"
  | "keywords"
  | "file_url"
  | "year"
  | "date_added"
  | "publisher"
  | "published_on"
  | "first_page"
  | "last_page"
  | "page_count"
  | "license_url"
  | "cover_img"
  | keyof PaperScholarly
  | keyof PaperLanguages
  | keyof PaperRecordState
>;

/** An earlier version of a paper as its page lists it (decision 490). */
export type PaperVersionItem = {
  version: number;
  /** When it took effect, `YYYY-MM-DD`. */
  date: string;
  /** Its change note, `""` for the first version. */
  note: string;
  /** `{paper page}/version/{n}`; `""` for the current version. */
  link: string;
};

/**
 * Where a paper stands in the record (issue 33, decision 490): its update notices, newest
 * first; the reason its files were removed (a removal notice's text), `""` when they were not;
 * its current version and every version, the current one last.
 */
export type PaperRecordState = {
  updates: UpdateNotice[];
  files_removed: string;
  version: number;
  versions: PaperVersionItem[];
};

/** GET /get_proceeding_paper/{slug}/{paper}: a conference paper's reading page. */
export type ProceedingPaperDetail = PaperReading & {
  proceeding_slug: string;
  proceeding_title: string;
  /** `/proceedings/{slug}`. */
  proceeding_link: string;
  event_name: string;
  event_start_date: string;
  event_end_date: string;
  event_location: string;
  isbn: string;
  issn: string;
  /** Citation line `{proceeding title} ({event name}), {year}` (`proceedingCitationLine`). */
  citation_line: string;
};

/** GET /get_journal_paper/{journal_url}/{paper}. */
export type PaperDetail = {
  paperID: number;
  journal_name: string;
  journal_url: string;
  /** Citation line `{journal name}, Vol. 3 No. 2 (2025)`. */
  journal_title: string;
  title: string;
  /** The spec's `{name, institution}`, and the person beside them (decision 256). */
  authors: PaperAuthorItem[];
  doi: string;
  abstract: string;
  /** As stored: comma- or semicolon-separated. */
  keywords: string;
  /** `/journal/{uri}/download/{paperID}/{slug}.pdf`, or `""` when there is no full text. */
  file_url: string;
  volume: string;
  issue: string;
  /** False for a volume without a real issue number (continuous publication, decision 185):
   * `issue` then only keys the URL and is never shown or claimed. */
  show_number: boolean;
  year: number;
  date_added: string;
  /** Extras for citation metadata and the page. */
  journal_abbreviation: string;
  issn: string;
  publisher: string;
  published_on: string;
  first_page: string;
  last_page: string;
  page_count: number | null;
  issue_link: string;
  /** A Creative Commons licence URL in its canonical form (shared/licences.ts), or `""`. */
  license_url: string;
  /** Extra: the cover of the paper's issue (or proceeding), `/files/…`, for link previews. */
  cover_img: string | null;
} & PaperScholarly &
  PaperLanguages &
  PaperRecordState;

/** `ProceedingCard` of docs/product/api.md. */
export type ProceedingCard = {
  id: number;
  cover_img: string | null;
  event_name: string;
  /** `YYYY-MM-DD`. */
  event_start_date: string;
  event_end_date: string;
  title: string;
  sub_title: string;
  intro: string;
  buttons: Button[];
  /** Extras: the URL slug, the public page `/proceedings/{slug}` and the publication year. */
  slug: string;
  link: string;
  year: number;
};

/** A paper in a proceeding's table of contents. */
export type ProceedingPaperSummary = {
  paperID: number;
  title: string;
  /** `/proceedings/{slug}/{paperID}`. */
  link: string;
  authors: { name: string }[];
  first_page: string;
  last_page: string;
};

/**
 * GET /get_proceeding_page/{slug}: a proceeding's public page (docs/decisions/090-public-
 * proceedings.md). Optional text fields are `""` when empty.
 */
export type ProceedingDetail = {
  id: number;
  slug: string;
  link: string;
  title: string;
  sub_title: string;
  event_name: string;
  /** `YYYY-MM-DD`. */
  event_start_date: string;
  event_end_date: string;
  event_location: string;
  publisher: string;
  isbn: string;
  issn: string;
  year: number;
  intro: string;
  cover_img: string | null;
  /** Role name → members, roles in order of first appearance (as `PublicationDetail`). */
  editors: Record<string, EditorPublic[]>;
  papers: ProceedingPaperSummary[];
  /** Extra (decision 440): the language of its papers unless one says otherwise (BCP 47). */
  language: string;
};

export type PartnerItem = {
  id: number;
  name: string;
  logo: string | null;
  link: string;
  position: number;
};

export type NavItems = { u_name: string; nav_links: { text: string; url: string }[] };

/** One account on the administrator's Managers screen (GET /dashboard/managers; issue 8). */
export type ManagerAccount = {
  id: number;
  name: string;
  email: string;
  /** `admin` site administrator, `manager` journal manager. */
  role: "admin" | "manager";
  disabled: boolean;
  created_at: string;
  journals: { uri: string; name: string }[];
  proceedings: { id: number; title: string }[];
};

/**
 * A pending manager invitation (issue 34, decision 511): not used, not expired. `invited_by` is
 * the inviting account's name (`""` when that account is gone); `created_at` and `expires_at`
 * are ISO 8601 UTC timestamps.
 */
export type PendingInvitation = {
  id: number;
  email: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
};

/**
 * GET /dashboard/managers: the accounts, the assign menus' choices and the caller's id; beside
 * them (decision 511) the pending invitations, newest first.
 */
export type ManagersScreen = {
  invitations: PendingInvitation[];
  managers: ManagerAccount[];
  journals: { uri: string; name: string }[];
  proceedings: { id: number; title: string; year: number }[];
  me: number;
};
/** The signed-in manager's own details (GET /dashboard/account, decision 198). */
export type AccountDetails = { fname: string; lname: string; email: string };

export type RowAction = { label: string; link: string; link_type: "api" | "link" };

/** Row of the dashboard GET /get_publications/{journal}. */
export type DashboardPublicationRow = {
  id: number;
  volume: string;
  number: string;
  /** False for a volume without a real issue number (continuous publication, decision 185):
   * `issue` then only keys the URL and is never shown or claimed. */
  show_number: boolean;
  title: string;
  published_on: string;
  /** Extra (decision 255): the issue's publication date, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  publication_date: string;
  uploaded_on: string;
  no_of_papers: number;
  status: string;
  actions: RowAction[];
};

export type EditorInput = { name: string; email: string; institution: string; role: string };
/**
 * An author as the edit forms are prefilled (decision 256): the spec's `name, email,
 * institution` and the person beside them (as {@link PaperAuthorItem}).
 */
export type AuthorInput = { name: string; email: string; institution: string } & Partial<
  Omit<PaperAuthorItem, "name" | "institution">
>;

/** GET /get_publication_only/{journal}/{publication}. */
export type PublicationEdit = {
  id: number;
  volume: string;
  issue: string;
  /** False for a volume without a real issue number (continuous publication, decision 185):
   * `issue` then only keys the URL and is never shown or claimed. */
  show_number: boolean;
  title: string;
  year: number;
  cover_img: string | null;
  editors: EditorInput[];
  /** Extra (decision 255): `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  publication_date: string;
  /** Extra (decision 258): `draft` or `published`. */
  status: string;
};

/**
 * The scholarly fields of a paper's edit form (decision 256), as the create and edit calls take
 * them back; `""` when empty. `published_on` is the paper's own date (`""`: its issue's).
 */
export type PaperEditScholarly = {
  license_url: string;
  copyright_holder: string;
  copyright_year: number | null;
  published_on: string;
  received_on: string;
  accepted_on: string;
  funding_statement: string;
  funding: FundingItem[];
  references: ReferenceItem[];
};

/** GET /get_paper/{journal}/{paper}. */
export type PaperEdit = {
  paperID: number;
  title: string;
  /** Every field of {@link AuthorInput}, the added ones included. */
  authors: Required<AuthorInput>[];
  doi: string;
  abstract: string;
  keywords: string;
  /** Publication id as a string, the value of the publication select. */
  publication: string;
  file_url: string;
  /**
   * Extra (issue 18, decision 316): the public HTML full text of the paper's JATS galley
   * (`{paper page}/fulltext`), or `""` when the paper has none.
   */
  fulltext_url: string;
} & PaperEditScholarly &
  PaperLanguages &
  PaperTextState;

/**
 * Extra (issue 15, decision 271): whether the stored text of the paper's PDF was cut at the
 * limits of one paper, and the note the paper forms show then (`""` otherwise). Also in the
 * answers of the create and edit calls of journal and conference papers.
 */
export type PaperTextState = {
  text_truncated: boolean;
  text_note: string;
};

/**
 * POST /read_jats (added, issue 18, decision 317): what a JATS file gives the fields of the paper
 * forms, each checked by the form's own rules (shared/schemas.ts); `""`, `null` or `[]` when the
 * file gives nothing the rules accept.
 */
export type JatsMetadata = {
  title: string;
  doi: string;
  abstract: string;
  keywords: string;
  /** Pages (or the article number as the first page), for a conference paper's form. */
  first_page: string;
  last_page: string;
  authors: Required<AuthorInput>[];
  scholarly: PaperEditScholarly;
  /**
   * Extra (decision 440): the article's `xml:lang` (`""` when it names none the rules accept)
   * and its `trans-title-group`s, `trans-abstract`s and `kwd-group`s in other languages.
   */
  language: string;
  translations: TranslationItem[];
  /** What the file holds that the form's rules refuse, one sentence each, to tell the manager. */
  left_out: string[];
};

/** GET /get_proceeding_paper_edit/{proceeding}/{paper} (decision 202): a conference paper to edit. */
export type ProceedingPaperEdit = Omit<PaperEdit, "publication"> & {
  first_page: string;
  last_page: string;
  /** The public page of the paper. */
  link: string;
};

export type ProceedingEventItem = {
  event_id: number;
  event_name: string;
  start_date: string;
  end_date: string;
};

/** GET /get_proceeding/{proceeding}. */
export type ProceedingEdit = {
  id: number;
  /** Extra (issue 8): the URL slug of its public page `/proceedings/{slug}`. */
  slug: string;
  event_id: number;
  event_name: string;
  event_start_date: string;
  event_end_date: string;
  title: string;
  sub_title: string;
  issn: string;
  publisher: string;
  year: number;
  intro: string;
  cover_img: string | null;
  editors: EditorInput[];
  /** Extra (decision 440): the language of its papers unless one says otherwise (BCP 47). */
  language: string;
};

/**
 * 'Cite this paper' on a paper page (docs/decisions/186-cite-this-paper.md, 245): the style
 * choices, where the formatted references are fetched from, and the stable URLs of the
 * reference-manager files. The page itself carries no formatted reference.
 */
export type PaperCitations = {
  /** In display order: APA, MLA, Chicago, Harvard, IEEE, Vancouver. */
  styles: { key: string; label: string }[];
  /** `{paper page}/citations.json`, answering {@link CitationReferences}. */
  references: string;
  /** BibTeX, RIS and CSL-JSON: `{paper page}/cite.bib` etc. */
  files: { format: string; label: string; href: string }[];
  /**
   * The paper's JATS (decision 474): `{paper page}/jats.xml`, the publisher's file as published
   * (else the generated one), and `{paper page}/jats-1.1.xml`, the generated DTD-valid JATS 1.1.
   */
  jats: { published: string; generated: string };
};

/**
 * `GET {paper page}/citations.json` (docs/decisions/245-citations-off-the-page.md): the
 * reference in each style of {@link PaperCitations}, same order, `text` plain text.
 */
export type CitationReferences = {
  styles: { key: string; label: string; text: string }[];
};

/** One hit of `GET /api/search` (docs/architecture.md, Search). */
export type SearchHit = {
  paperID: number;
  /** Where the paper was published: a journal issue or a conference proceeding. */
  kind: "journal" | "proceeding";
  title: string;
  /** The paper's page: `/journal/{uri}/{id}` or `/proceedings/{slug}/{id}`. */
  link: string;
  authors: string[];
  /** The journal's name, or the proceeding's title. */
  journal_name: string;
  /** The issue label `Vol. 3 No. 2 (2025)`, or the event and year `PLDI '09 (2009)`. */
  publication: string;
  /** The issue page, or the proceeding page. */
  publication_link: string;
  /** Matched passage with marks; may be empty. */
  snippet: string;
  /** Added (decision 490): the paper stands retracted (or withdrawn); the result says so. */
  retracted: boolean;
};

export type SearchResult = {
  query: string;
  /** Papers matching, counted up to 10,000 (server/features/search/search.ts, `SEARCH_COUNT_CAP`); see `totalCapped`. */
  total: number;
  /** True when more than `total` papers match: the page says "10,000+". */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  hits: SearchHit[];
  /** The DOI looked up when the query was a pasted DOI; null otherwise. */
  doi: string | null;
  /** Words typed but not searched for (stop words such as "the"), each once. */
  ignored: string[];
};
