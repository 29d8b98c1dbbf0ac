/**
 * Business constants and fixed texts of the specification (sections 1, 3, 8 and 9), kept in one
 * place so the client and the server spell them the same way. The texts are catalogue messages
 * (`msg`, decision 382): whoever shows one translates it with `t`.
 */
import { msg } from "./i18n/messages.ts";

/** Publishing frequency values as stored, spelt exactly as docs/product/data.md gives them. */
export const FREQUENCIES = [
  "monthly",
  "bimonthly",
  "quartely",
  "semiannualy",
  "annualy",
  "randomly",
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Labels shown to people; these may be spelt correctly (docs/product/data.md#tables). */
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  monthly: msg("Monthly"),
  bimonthly: msg("Bimonthly"),
  quartely: msg("Quarterly"),
  semiannualy: msg("Semiannually"),
  annualy: msg("Annually"),
  randomly: msg("Randomly (continuous publication)"),
};

/** The four home-page subjects (docs/product/overview.md) and their blurbs. */
export const SUBJECTS = [
  {
    key: "philosophy",
    name: msg("Philosophy"),
    blurb: msg(
      "Metaphysics, ethics, logic and the history of ideas: peer-reviewed work that asks what we know and how we ought to live.",
    ),
  },
  {
    key: "science-technology",
    name: msg("Science & Technology"),
    blurb: msg(
      "Life sciences, medicine, computing and engineering: open research from the laboratory, the clinic and the field.",
    ),
  },
  {
    key: "arts-humanities",
    name: msg("Arts & Humanities"),
    blurb: msg(
      "Literature, history, languages, religion and the arts: scholarship on human culture, past and present.",
    ),
  },
  {
    key: "more",
    name: msg("More Journals"),
    blurb: msg(
      "Working papers, interdisciplinary series and everything else our partner institutions publish.",
    ),
  },
] as const;
export type SubjectKey = (typeof SUBJECTS)[number]["key"];

/** Issue statuses as stored (docs/product/states.md): readers see `published` issues only. */
export const PUBLICATION_STATUSES = ["published", "draft"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** Account roles as stored (docs/product/roles.md): site administrator or journal manager. */
export const USER_ROLES = ["admin", "manager"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Banner heading when a page gives no header text of its own (spelling as in the spec). */
export const DEFAULT_HEADER_TEXT = msg(
  "Home of Research Journals, Articles, Dissertaions, Proceedings and more...",
);

/** Default messages of docs/product/errors.md. */
export const MESSAGES = {
  loginFailed: msg("Login failed"),
  registrationFailed: msg("Registration failed"),
  journalSubmissionFailed: msg("Journal Submission failed"),
  publicationSubmissionFailed: msg("Publication Submission failed"),
  paperSubmissionFailed: msg("Paper Submission failed"),
  journalUpdateFailed: msg("Journal Update failed"),
  paperUpdateFailed: msg("Paper Update failed"),
  publicationUpdateFailed: msg("Publication Update failed"),
  proceedingsSubmissionFailed: msg("Proceedings Submission failed"),
  proceedingsUpdateFailed: msg("Proceedings Update failed"),
  somethingWentWrong: msg("Something went wrong."),
  pageNotLoading: msg("Page Not Loading"),
  notAuthorised: msg("Not Authorised to Access This Page"),
  menuNotLoading: msg("Menu Not Loading"),
  passwordsDoNotMatch: msg("Passwords you entered do not match!"),
  registrationSuccessful: msg("Registration successful!"),
  paperCreated: msg("Paper Created Successfully."),
  paperUpdated: msg("Paper Updated Successfully."),
  confirmDeletePaper: msg("Are you sure you want to delete this paper?"),
  notFound: msg("404 Page Not Found"),
  /** No `ADMIN_PASSCODE`: said by POST /api/register and, at once, by /registration (issue 15). */
  registrationClosed: msg("Registration is closed: this site has no admin passcode configured."),
} as const;

/**
 * PDF viewer texts of docs/product/screens.md and docs/product/errors.md. The two with values,
 * `Missing PDF "{url}".` and `Unexpected server response ({status}) while retrieving PDF
 * "{url}".`, are written where they are made, app/components/pdf-viewer/load-error.ts. The
 * reader is given these messages by the paper page (app/lib/reader-catalogue.ts, decision 425).
 */
export const VIEWER_MESSAGES = {
  passwordPrompt: msg("Enter the password to open this PDF file."),
  invalidPassword: msg("Invalid password. Please try again."),
  loadFailed: msg("Failed to load PDF file."),
  loading: msg("Loading PDF…"),
  noFile: msg("No PDF file specified."),
  pageFailed: msg("Failed to load the page."),
  pageLoading: msg("Loading page…"),
  noPage: msg("No page specified."),
} as const;

/** PDF zoom rule of docs/product/states.md and docs/product/constants.md. */
export const ZOOM = {
  min: 0.5,
  max: 2.0,
  step: 0.2,
  initial: 1.2,
  maxViewerWidth: 900,
  baseWidth: 800,
} as const;

/** Partner carousel settings of docs/product/constants.md (slides visible per viewport width). */
export const CAROUSEL = {
  slidesToShow: 4,
  responsive: [
    { below: 1024, slidesToShow: 3 },
    { below: 640, slidesToShow: 2 },
    { below: 480, slidesToShow: 1 },
  ],
  speedMs: 500,
  autoplayMs: 2000,
  infinite: true,
  dots: false,
} as const;

/** Registration success redirect delay (docs/product/constants.md). */
export const REGISTRATION_REDIRECT_MS = 10_000;

/** Number of entries of every year select: the current year and the 50 before (docs/product/validation.md). */
export const YEAR_CHOICES = 51;

/** Years offered by a year select, newest first. */
export function yearChoices(now = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: YEAR_CHOICES }, (_, i) => current - i);
}

/** Session lifetimes: "Remember me" keeps the session 30 days, otherwise 12 hours server-side. */
export const SESSION_TTL = {
  rememberMs: 30 * 24 * 60 * 60 * 1000,
  browserSessionMs: 12 * 60 * 60 * 1000,
} as const;

/** Journal URI slug rule (docs/product/data.md#tables). */
export const JOURNAL_URI_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Proceeding URL slug rule: what `slugify` makes of a title (80 characters at most, plus a
 * `-2`… suffix when taken; server/features/proceedings/commands.ts), so any other value in
 * `/proceedings/{slug}` cannot name a proceeding and is a 404 without a query.
 */
export const PROCEEDING_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,89}$/;

/** The answer to a dead invitation link (decision 191), on the page and from the API. */
export const INVITATION_GONE = msg(
  "This invitation link has expired or has already been used. Ask the site administrator for a new one.",
);

/** Shortest password accepted anywhere (docs/decisions/020-passwords.md), in characters. */
export const MIN_PASSWORD_LENGTH = 8;
