/**
 * The typed contract of the JSON API (docs/product/api.md): every call the server answers under
 * `/api`, keyed `"{METHOD} {path template}"`, with
 * - `params`: the route parameters, each a zod schema of shared/route-params.ts (decision 210);
 *   their names are the `:name` segments of the path, which the types below check;
 * - `body`: the request fields, a zod schema of shared/schemas.ts (what the server parses), or
 *   {@link fields} when the schema stays on the server (it is then checked against this type);
 * - `files`: the file fields of a multipart call (docs/product/files.md);
 * - `answer`: the payload beside `status` and `msg` in the envelope (shared/api.ts).
 *
 * The server registers each handler at its contract path, parses its parameters and body and
 * sends its answer through server/http/contract.ts; the browser's `apiGet`, `apiPost` and
 * `apiPostForm` (app/lib/api.ts) accept only the paths written here and answer these types.
 * Renaming a path, a parameter or a field here therefore fails `npm run typecheck` on both sides
 * (decision 211). The wire format is the spec's: field names are not renamed here; added fields
 * sit beside the spec's (the scholarly ones of issue 16: decision 256).
 */
import type { z } from "zod";
import type {
  AccountDetails,
  DashboardPublicationRow,
  FeaturedPublication,
  JatsMetadata,
  JournalCard,
  JournalDetail,
  LatestPublicationItem,
  ManagersScreen,
  NavItems,
  PaperDetail,
  PaperEdit,
  PaperTextState,
  PartnerItem,
  ProceedingCard,
  ProceedingDetail,
  ProceedingEdit,
  ProceedingEventItem,
  ProceedingPaperDetail,
  ProceedingPaperEdit,
  PublicationDetail,
  PublicationEdit,
  PublicationOption,
  SearchResult,
} from "./api.ts";
import type { DepositScreen } from "./deposits.ts";
import type { Locale } from "./i18n/locales.ts";
import {
  routeId,
  routeJournalUri,
  routeNumberText,
  routeProceedingSlug,
  routeToken,
} from "./route-params.ts";
import {
  confirmAdminSchema,
  forgotPasswordSchema,
  jatsReadSchema,
  journalEditSchema,
  journalStep1Schema,
  journalStep2Schema,
  loginSchema,
  paperSchema,
  paperUpdateSchema,
  partnerSchema,
  pdfRemovalSchema,
  proceedingEditSchema,
  proceedingPaperSchema,
  proceedingSchema,
  publicationSchema,
  registerInvitedSchema,
  registerSchema,
} from "./schemas.ts";
import type { StatisticsScreen, SushiKeyItem, SushiSettings } from "./usage.ts";
import type {
  MailTemplateItem,
  ReviewerScreen,
  SignedInAuthor,
  SubmissionDetail,
  SubmissionJournal,
  SubmissionSummary,
  WorkflowFigureRow,
  WorkflowSettings,
} from "./workflow-api.ts";
import {
  authorSignupSchema,
  confirmAuthorSchema,
  decisionSchema,
  inviteReviewerSchema,
  mailTemplateSchema,
  noteSchema,
  reviewResponseSchema,
  reviewSchema,
  scheduleSchema,
  submissionDraftSchema,
  submitSchema,
  workflowSettingsSchema,
} from "./workflow-schemas.ts";

declare const carried: unique symbol;
/** A type carried by a value that holds nothing at run time (answers, server-side bodies). */
export type Carrier<T> = { readonly [carried]?: T };

/** The answer's payload type `T` (beside `status` and `msg`). */
export const answer = <T extends object>(): Carrier<T> => ({});
/** Request fields of type `T` whose zod schema lives on the server (it must output `T`). */
export const fields = <T extends object>(): Carrier<T> => ({});

type Nothing = Record<never, never>;
type ParamSchemas = Record<string, z.ZodType<unknown, string>>;

/** One call of the contract. */
export type CallSpec = {
  params: ParamSchemas;
  body?: z.ZodType | Carrier<object>;
  /** The file fields of a multipart call (checked by content on the server). */
  files?: readonly string[];
  answer: Carrier<object>;
};

const none = {} as const;
const paper = routeId;

/** Every call of the JSON API; see the module docstring. */
export const API = {
  // Public (docs/product/api.md, Public)
  "GET /latest_publications": {
    params: none,
    answer: answer<{ publications: LatestPublicationItem[] }>(),
  },
  "GET /latest_publication": {
    params: none,
    answer: answer<{ publication: FeaturedPublication }>(),
  },
  "GET /latest_journals": { params: none, answer: answer<{ journals: JournalCard[] }>() },
  "GET /all_journals": { params: none, answer: answer<{ journals: JournalCard[] }>() },
  "GET /get_journal/:journalUrl": {
    params: { journalUrl: routeJournalUri },
    answer: answer<{ journal: JournalDetail }>(),
  },
  "GET /get_publications/:journalUrl/Y": {
    params: { journalUrl: routeJournalUri },
    answer: answer<{ publications: PublicationOption[] }>(),
  },
  "GET /get_publication/:journalUrl/:volume/:issue": {
    params: { journalUrl: routeJournalUri, volume: routeNumberText, issue: routeNumberText },
    answer: answer<{ publication: PublicationDetail }>(),
  },
  "GET /get_journal_paper/:journalUrl/:paper": {
    params: { journalUrl: routeJournalUri, paper },
    answer: answer<{ paper: PaperDetail }>(),
  },
  "GET /all_proceedings": { params: none, answer: answer<{ proceedings: ProceedingCard[] }>() },
  "GET /get_proceeding_page/:slug": {
    params: { slug: routeProceedingSlug },
    answer: answer<{ proceeding: ProceedingDetail }>(),
  },
  "GET /get_proceeding_paper/:slug/:paper": {
    params: { slug: routeProceedingSlug, paper },
    answer: answer<{ paper: ProceedingPaperDetail }>(),
  },
  /** Query `q, page, page_size, journal, proceeding, year, type` (decision 172). */
  "GET /search": { params: none, answer: answer<{ results: SearchResult }>() },
  "GET /partners": { params: none, answer: answer<{ partners: PartnerItem[] }>() },

  // Account (docs/product/api.md, Account)
  "POST /register": { params: none, body: registerSchema, answer: answer<Nothing>() },
  "GET /invitation/:token": { params: { token: routeToken }, answer: answer<{ email: string }>() },
  "POST /register_invited": {
    params: none,
    body: registerInvitedSchema,
    answer: answer<Nothing>(),
  },
  /** Added `home` (decision 400): where the account goes, `/dashboard` or an author's `/submissions`. */
  "POST /login": {
    params: none,
    body: loginSchema,
    answer: answer<{ u_name: string; home: "/dashboard" | "/submissions" }>(),
  },
  "GET /logout": { params: none, answer: answer<Nothing>() },
  "POST /forgot_password": { params: none, body: forgotPasswordSchema, answer: answer<Nothing>() },
  "POST /check_reset_link": {
    params: none,
    body: fields<{ token: string }>(),
    answer: answer<Nothing>(),
  },
  "POST /reset_password": {
    params: none,
    body: fields<{ token: string; pword: string; cpword: string }>(),
    answer: answer<{ u_name: string }>(),
  },
  /** The administrator address confirmed by its mailed link and the account's password (decision 379). */
  "POST /confirm_admin": {
    params: none,
    body: confirmAdminSchema,
    answer: answer<Nothing>(),
  },

  // The editorial workflow (issue 31; decision 400): authors, editors, reviewers
  /** An author's account: name, address, password; `website` is a honeypot. */
  "POST /author_signup": { params: none, body: authorSignupSchema, answer: answer<Nothing>() },
  /** The address confirmed by the mailed link's page; signs the author in. */
  "POST /confirm_author": {
    params: none,
    body: confirmAuthorSchema,
    answer: answer<{ u_name: string }>(),
  },
  /** The signed-in author's submissions, newest first. */
  "GET /my_submissions": {
    params: none,
    answer: answer<{ submissions: SubmissionSummary[]; author: SignedInAuthor }>(),
  },
  /** What the submission form needs of a journal (its checklist and licence). */
  "GET /submission_journal/:journal": {
    params: { journal: routeJournalUri },
    answer: answer<{ journal: SubmissionJournal }>(),
  },
  /** A new draft in a journal that accepts submissions. */
  "POST /submissions/:journal": {
    params: { journal: routeJournalUri },
    body: submissionDraftSchema,
    answer: answer<{ id: number }>(),
  },
  "GET /submission/:id": {
    params: { id: routeId },
    answer: answer<{ submission: SubmissionDetail }>(),
  },
  "POST /submission/:id/draft": {
    params: { id: routeId },
    body: submissionDraftSchema,
    answer: answer<Nothing>(),
  },
  /** A draft's manuscript (`kind=manuscript`) or a supplementary file. */
  "POST /submission/:id/files": {
    params: { id: routeId },
    body: fields<{ kind: "manuscript" | "supplementary" }>(),
    files: ["file"],
    answer: answer<{ file_id: number }>(),
  },
  "POST /submission/:id/submit": {
    params: { id: routeId },
    body: submitSchema,
    answer: answer<Nothing>(),
  },
  /** The revised manuscript and the author's response. */
  "POST /submission/:id/revise": {
    params: { id: routeId },
    body: fields<{ response: string }>(),
    files: ["file"],
    answer: answer<Nothing>(),
  },
  /** A journal's queue for its editors (`?status=` one queue state). */
  "GET /dashboard/submissions/:journal": {
    params: { journal: routeJournalUri },
    answer: answer<{ submissions: SubmissionSummary[]; settings: WorkflowSettings }>(),
  },
  /** The editorial figures of the journals the manager edits, per year (decision 400). */
  "GET /dashboard/workflow_figures": {
    params: none,
    answer: answer<{ figures: WorkflowFigureRow[] }>(),
  },
  /** A journal's workflow settings (its editors). */
  "POST /dashboard/workflow_settings/:journal": {
    params: { journal: routeJournalUri },
    body: workflowSettingsSchema,
    answer: answer<Nothing>(),
  },
  /** A journal's mail templates in one language (`?locale=`), for its editors (decision 405). */
  "GET /dashboard/mail_templates/:journal": {
    params: { journal: routeJournalUri },
    answer: answer<{ templates: MailTemplateItem[]; locale: Locale; journal_name: string }>(),
  },
  /** Saves a journal's text of one template (both empty: back to the default). */
  "POST /dashboard/mail_templates/:journal": {
    params: { journal: routeJournalUri },
    body: mailTemplateSchema,
    answer: answer<Nothing>(),
  },
  /** A template's text filled with example values, checked as on save. */
  "POST /dashboard/mail_template_preview/:journal": {
    params: { journal: routeJournalUri },
    body: mailTemplateSchema,
    answer: answer<{ subject: string; body: string }>(),
  },
  "POST /submission/:id/decision": {
    params: { id: routeId },
    body: decisionSchema,
    answer: answer<{ status: string }>(),
  },
  "POST /submission/:id/reviewers": {
    params: { id: routeId },
    body: inviteReviewerSchema,
    answer: answer<{ review_id: number }>(),
  },
  "POST /submission/:id/notes": {
    params: { id: routeId },
    body: noteSchema,
    answer: answer<Nothing>(),
  },
  "POST /submission/:id/schedule": {
    params: { id: routeId },
    body: scheduleSchema,
    answer: answer<{ paperID: number; journal_uri: string }>(),
  },
  /** What a reviewer's mailed link shows (a POST: the token travels in the body). */
  "POST /review/view": {
    params: none,
    body: fields<{ token: string }>(),
    answer: answer<{ review: ReviewerScreen }>(),
  },
  "POST /review/respond": { params: none, body: reviewResponseSchema, answer: answer<Nothing>() },
  "POST /review/submit": {
    params: none,
    body: reviewSchema,
    files: ["files"],
    answer: answer<Nothing>(),
  },

  // Dashboard (docs/product/api.md, Dashboard): journals
  "GET /dashboard/admin_nav_items": { params: none, answer: answer<{ nav_items: NavItems }>() },
  "GET /dashboard/all_journals": { params: none, answer: answer<{ journals: JournalCard[] }>() },
  "GET /dashboard/get_journal/:journal": {
    params: { journal: routeJournalUri },
    answer: answer<{ journal: JournalDetail }>(),
  },
  /** Added field (decision 255): `license_url`, the licence of the journal's new papers. */
  "POST /create_journal/1": {
    params: none,
    body: journalStep1Schema,
    files: ["cover_img"],
    answer: answer<{ journal_uri: string }>(),
  },
  "POST /create_journal/2": {
    params: none,
    body: journalStep2Schema,
    answer: answer<{ journal_uri: string }>(),
  },
  "POST /edit_journal/1": {
    params: none,
    body: journalEditSchema,
    files: ["cover_img"],
    answer: answer<{ journal_uri: string }>(),
  },
  "POST /edit_journal/2": {
    params: none,
    body: journalStep2Schema,
    answer: answer<{ journal_uri: string }>(),
  },

  // proceedings
  "GET /all_proceedings/Y": { params: none, answer: answer<{ proceedings: ProceedingCard[] }>() },
  "GET /get_proceeding_events": {
    params: none,
    answer: answer<{ proceeding_events: ProceedingEventItem[] }>(),
  },
  "GET /get_proceeding/:proceeding": {
    params: { proceeding: routeId },
    answer: answer<{ proceeding: ProceedingEdit }>(),
  },
  "POST /create_proceedings": {
    params: none,
    body: proceedingSchema,
    files: ["cover_img"],
    answer: answer<{ proceeding_id: number }>(),
  },
  "POST /edit_proceeding/:proceeding": {
    params: { proceeding: routeId },
    body: proceedingEditSchema,
    files: ["cover_img"],
    answer: answer<{ proceeding_id: number }>(),
  },
  "GET /get_proceeding_contents/:proceeding": {
    params: { proceeding: routeId },
    answer: answer<{ proceeding: ProceedingDetail }>(),
  },
  /** The journal paper's fields, scholarly ones included (decision 256), and the pages. */
  "POST /create_proceeding_paper/:proceeding": {
    params: { proceeding: routeId },
    body: proceedingPaperSchema,
    files: ["paper_file", "jats_file", "jats_figures"],
    answer: answer<{ paperID: number; link: string; file_url: string } & PaperTextState>(),
  },
  "GET /get_proceeding_paper_edit/:proceeding/:paper": {
    params: { proceeding: routeId, paper },
    answer: answer<{ paper: ProceedingPaperEdit }>(),
  },
  "POST /edit_proceeding_paper/:proceeding/:paper": {
    params: { proceeding: routeId, paper },
    body: proceedingPaperSchema,
    files: ["paper_file", "jats_file", "jats_figures"],
    answer: answer<{ paperID: number; link: string; file_url: string } & PaperTextState>(),
  },
  "GET /delete_proceeding_paper/:proceeding/:paper": {
    params: { proceeding: routeId, paper },
    answer: answer<Nothing>(),
  },
  /** Added (issue 18, decision 316): as POST /remove_paper_jats/{journal}/{paper}. */
  "POST /remove_proceeding_paper_jats/:proceeding/:paper": {
    params: { proceeding: routeId, paper },
    answer: answer<Nothing>(),
  },
  /** Added (issue 34, decision 510): as POST /remove_paper_pdf/{journal}/{paper}. */
  "POST /remove_proceeding_paper_pdf/:proceeding/:paper": {
    params: { proceeding: routeId, paper },
    body: pdfRemovalSchema,
    answer: answer<Nothing>(),
  },
  "GET /delete_proceeding/:proceeding": {
    params: { proceeding: routeId },
    answer: answer<Nothing>(),
  },

  // partners
  "GET /dashboard/partners": { params: none, answer: answer<{ partners: PartnerItem[] }>() },
  "POST /create_partner": {
    params: none,
    body: partnerSchema,
    files: ["logo"],
    answer: answer<{ partner_id: number }>(),
  },
  "POST /edit_partner/:partner": {
    params: { partner: routeId },
    body: partnerSchema,
    files: ["logo"],
    answer: answer<{ partner_id: number }>(),
  },
  "POST /reorder_partners": {
    params: none,
    body: fields<{ ids: number[] }>(),
    answer: answer<{ partners: PartnerItem[] }>(),
  },
  "POST /delete_partner/:partner": { params: { partner: routeId }, answer: answer<Nothing>() },

  // publications (issues)
  "GET /get_publications/:journal": {
    params: { journal: routeJournalUri },
    answer: answer<{ publications: DashboardPublicationRow[]; journal_name: string }>(),
  },
  "GET /publication_action/:journal/:publication/:action": {
    params: { journal: routeJournalUri, publication: routeId, action: routeToken },
    answer: answer<Nothing>(),
  },
  /** Added fields (decisions 255, 258): `publication_date`, `status` (a draft unless `published`). */
  "POST /create_publication/:journal": {
    params: { journal: routeJournalUri },
    body: publicationSchema,
    files: ["cover_img"],
    answer: answer<{ id: number }>(),
  },
  "GET /get_publication_only/:journal/:publication": {
    params: { journal: routeJournalUri, publication: routeId },
    answer: answer<{ publication: PublicationEdit }>(),
  },
  "POST /edit_publication/:journal/:publication": {
    params: { journal: routeJournalUri, publication: routeId },
    body: publicationSchema,
    files: ["cover_img"],
    answer: answer<{ id: number }>(),
  },

  // papers: the spec's fields and, beside them, the scholarly ones of decision 256 (authors as
  // people with ORCID iDs and affiliations, licence, copyright, dates, funding, references);
  // `PaperEdit` answers every one of them, `PaperDetail` the public ones
  "POST /create_paper/:journal": {
    params: { journal: routeJournalUri },
    body: paperSchema,
    files: ["paper_file", "jats_file", "jats_figures"],
    answer: answer<{ paperID: number; file_url: string } & PaperTextState>(),
  },
  "GET /get_paper/:journal/:paper": {
    params: { journal: routeJournalUri, paper },
    answer: answer<{ paper: PaperEdit }>(),
  },
  "POST /edit_paper/:journal/:paper": {
    params: { journal: routeJournalUri, paper },
    body: paperSchema,
    files: ["paper_file", "jats_file", "jats_figures"],
    answer: answer<{ paperID: number; file_url: string } & PaperTextState>(),
  },
  "GET /delete_paper/:journal/:paper": {
    params: { journal: routeJournalUri, paper },
    answer: answer<Nothing>(),
  },
  /** Added (issue 18, decision 316): removes the paper's JATS galley (its HTML full text). */
  "POST /remove_paper_jats/:journal/:paper": {
    params: { journal: routeJournalUri, paper },
    answer: answer<Nothing>(),
  },
  /**
   * Added (issue 34, decision 510): removes the paper's PDF galley (its PDF file and text); a
   * paper on the record keeps the removed PDF as its earlier version.
   */
  "POST /remove_paper_pdf/:journal/:paper": {
    params: { journal: routeJournalUri, paper },
    body: pdfRemovalSchema,
    answer: answer<Nothing>(),
  },
  /**
   * Added (issue 33, decision 490): an update notice (correction, retraction… Crossref's types)
   * about a paper of a published issue; `id` of the notice.
   */
  "POST /add_paper_update/:journal/:paper": {
    params: { journal: routeJournalUri, paper },
    body: paperUpdateSchema,
    answer: answer<{ id: number }>(),
  },
  /** Added (issue 33, decision 496): the same notice about a conference paper. */
  "POST /add_proceeding_paper_update/:proceeding/:paper": {
    params: { proceeding: routeId, paper },
    body: paperUpdateSchema,
    answer: answer<{ id: number }>(),
  },
  /**
   * Added (issue 18, decision 317): the metadata of a JATS file, in the paper forms' fields, to
   * fill the form's empty fields; nothing is stored.
   */
  "POST /read_jats": {
    params: none,
    body: jatsReadSchema,
    files: ["jats_file"],
    answer: answer<{ metadata: JatsMetadata }>(),
  },

  // managers and the own account (issue 8, decisions 192 and 198)
  "GET /dashboard/managers": { params: none, answer: answer<ManagersScreen>() },
  "POST /manager_journal/:user": {
    params: { user: routeId },
    body: fields<{ journal_uri: string; assign: boolean }>(),
    answer: answer<Nothing>(),
  },
  "POST /manager_proceeding/:user": {
    params: { user: routeId },
    body: fields<{ proceeding_id: number; assign: boolean }>(),
    answer: answer<Nothing>(),
  },
  "POST /manager_account/:user": {
    params: { user: routeId },
    body: fields<{ role?: "admin" | "manager"; disabled?: boolean }>(),
    answer: answer<Nothing>(),
  },
  "POST /invite_manager": {
    params: none,
    body: fields<{ email: string }>(),
    answer: answer<Nothing>(),
  },
  /** Added (issue 34, decision 511): withdraws a pending invitation; its link then works no more. */
  "POST /revoke_invitation/:invitation": {
    params: { invitation: routeId },
    answer: answer<Nothing>(),
  },
  // the account's language beside the spec's fields (issue 32, decision 431)
  "GET /dashboard/account": {
    params: none,
    answer: answer<{ account: AccountDetails & { locale: Locale } }>(),
  },
  "POST /update_account": {
    params: none,
    body: fields<{ fname: string; lname: string; locale?: Locale }>(),
    answer: answer<{ u_name: string; locale: Locale }>(),
  },
  "POST /change_password": {
    params: none,
    body: fields<{ current: string; pword: string; cpword: string }>(),
    answer: answer<Nothing>(),
  },

  // scholarly exports (issue 16, decision 275): a success is the XML document itself
  // (`application/xml`, an attachment), not the envelope; refusals and 404s are the envelope
  "GET /dashboard/crossref_xml/:journal/:volume/:issue": {
    params: { journal: routeJournalUri, volume: routeNumberText, issue: routeNumberText },
    answer: answer<Nothing>(),
  },
  "GET /dashboard/crossref_xml/proceeding/:proceeding": {
    params: { proceeding: routeId },
    answer: answer<Nothing>(),
  },
  // DOI registration with Crossref (issue 16, decision 278)
  "GET /dashboard/doi_status/:journal/:volume/:issue": {
    params: { journal: routeJournalUri, volume: routeNumberText, issue: routeNumberText },
    answer: answer<{ deposit: DepositScreen }>(),
  },
  "POST /register_dois/:journal/:volume/:issue": {
    params: { journal: routeJournalUri, volume: routeNumberText, issue: routeNumberText },
    answer: answer<{ deposit: DepositScreen }>(),
  },
  "GET /dashboard/doi_status/proceeding/:proceeding": {
    params: { proceeding: routeId },
    answer: answer<{ deposit: DepositScreen }>(),
  },
  "POST /register_dois/proceeding/:proceeding": {
    params: { proceeding: routeId },
    answer: answer<{ deposit: DepositScreen }>(),
  },
  /** Query `volume` and `issue` (both, or neither for the whole journal). */
  "GET /dashboard/doaj_xml/:journal": {
    params: { journal: routeJournalUri },
    answer: answer<Nothing>(),
  },

  // usage statistics and SUSHI API keys (issue 17, decisions 282 and 283); query
  // `journal, issue, proceeding, paper, from, to` (server/api/dashboard/statistics.ts)
  "GET /dashboard/statistics": {
    params: none,
    answer: answer<{ statistics: StatisticsScreen }>(),
  },
  "GET /dashboard/sushi_keys": { params: none, answer: answer<{ sushi: SushiSettings }>() },
  "POST /create_sushi_key": {
    params: none,
    body: fields<{ label: string }>(),
    answer: answer<{ key: SushiKeyItem; secret: string }>(),
  },
  "POST /revoke_sushi_key/:key": { params: { key: routeId }, answer: answer<Nothing>() },
  "POST /sushi_settings": {
    params: none,
    body: fields<{ require_api_key: boolean }>(),
    answer: answer<Nothing>(),
  },
} as const satisfies Record<string, CallSpec>;

// ---------------------------------------------------------------------------------------------
// Types derived from the contract

export type Api = typeof API;
export type CallKey = keyof Api;
export type Method = "GET" | "POST";

/** The path template of call `K` (`/get_journal/:journalUrl`). */
export type TemplateOf<K extends CallKey> = K extends `${Method} ${infer P}` ? P : never;

/** The `:name` parameters of a path template, as a union of names. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path template as the paths it matches: each `:name` becomes `${string}`. */
export type PathPattern<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${PathPattern<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;

/** Every concrete path a `M` call may be sent to. */
export type ApiPath<M extends Method> = {
  [K in CallKey]: K extends `${M} ${infer P}` ? PathPattern<P> : never;
}[CallKey];

/**
 * The calls of method `M` whose template matches the concrete path `P` (each member of a union
 * of paths on its own).
 */
export type CallsAt<M extends Method, P extends string> = P extends unknown
  ? {
      [K in CallKey]: K extends `${M} ${infer T}` ? (P extends PathPattern<T> ? K : never) : never;
    }[CallKey]
  : never;

type CarriedBy<C> = C extends Carrier<infer T> ? T : never;

/** The answer payload of call `K`. */
export type AnswerOf<K extends CallKey> = K extends CallKey ? CarriedBy<Api[K]["answer"]> : never;

/** The request fields of call `K` as sent (a schema's input); none (`{}`) when it takes none. */
export type FieldsOf<K extends CallKey> = K extends CallKey
  ? Api[K] extends { body: infer B }
    ? B extends z.ZodType
      ? z.input<B>
      : CarriedBy<B>
    : Nothing
  : never;

/** The request fields of call `K` as parsed (a schema's output, or the {@link fields} type). */
export type ParsedFieldsOf<K extends CallKey> = Api[K] extends { body: infer B }
  ? B extends z.ZodType
    ? z.output<B>
    : CarriedBy<B>
  : never;

/** The file fields of call `K` (`never` when it takes none). */
export type FileFieldsOf<K extends CallKey> = K extends CallKey
  ? Api[K] extends { files: readonly (infer F)[] }
    ? F & string
    : never
  : never;

/** The parsed route parameters of call `K`. */
export type ParamsOf<K extends CallKey> = {
  [N in keyof Api[K]["params"]]: Api[K]["params"][N] extends z.ZodType
    ? z.output<Api[K]["params"][N]>
    : never;
};

/** The path template of call `key` (`"GET /get_journal/:journalUrl"` → `/get_journal/:journalUrl`). */
export function templateOf<K extends CallKey>(key: K): TemplateOf<K> {
  return key.slice(key.indexOf(" ") + 1) as TemplateOf<K>;
}

declare const callKey: unique symbol;
/**
 * A concrete path of call `K` that carries its key ({@link pathOf}): the client types the call by
 * the key, even where the path alone would match two calls (`/get_publications/x/Y` is also a
 * `/get_publications/:journal`).
 */
export type KeyedPath<K extends CallKey> = PathPattern<TemplateOf<K>> & { readonly [callKey]: K };

/** The call a `M` request to path `P` makes: the key a {@link KeyedPath} carries, else by match. */
export type CallOfPath<M extends Method, P extends string> = P extends {
  readonly [callKey]: infer K extends CallKey;
}
  ? K
  : CallsAt<M, P>;

/** The values of call `K`'s route parameters, by name, as a caller gives them. */
export type PathValues<K extends CallKey> = { [N in ParamNames<TemplateOf<K>>]: string | number };

/**
 * The concrete path of call `key` with `values` in its `:name` segments, each URI-encoded:
 * `pathOf("GET /get_paper/:journal/:paper", { journal: "plos-one", paper: 7 })` is
 * `/get_paper/plos-one/7`, typed as a path of that call ({@link KeyedPath}).
 * @throws Error when a value is missing or empty (a path the server would not route).
 */
export function pathOf<K extends CallKey>(key: K, values: PathValues<K>): KeyedPath<K> {
  const given = values as Record<string, string | number | undefined>;
  return templateOf(key).replace(/:(\w+)/g, (_match, name: string) => {
    const value = given[name];
    if (value === undefined || value === "") throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(String(value));
  }) as KeyedPath<K>;
}

/**
 * The call of the contract that a `method` request to the concrete `path` makes (`path` relative
 * to the API base, or under `/api/`; a query string is ignored), or undefined when the contract
 * has none: the run-time check of a path the program did not write, such as a row action link
 * the server sent (docs/product/screens.md, Publications list).
 */
export function callAt(method: Method, path: string): CallKey | undefined {
  const segments = withoutApiBase(path)
    .replace(/[?#].*$/, "")
    .split("/");
  return (Object.keys(API) as CallKey[]).find((key) => {
    if (!key.startsWith(`${method} `)) return false;
    const template = templateOf(key).split("/");
    return (
      template.length === segments.length &&
      template.every((part, i) =>
        part.startsWith(":") ? segments[i] !== "" : part === segments[i],
      )
    );
  });
}

/**
 * `path` as a path of the contract's `method` calls, after checking it is one ({@link callAt}).
 * @returns the path relative to the API base (a leading `/api` removed).
 * @throws Error naming the path when the contract has no such call.
 */
export function contractPath<M extends Method>(method: M, path: string): ApiPath<M> {
  if (!callAt(method, path)) throw new Error(`Not a ${method} call of the API contract: ${path}`);
  return withoutApiBase(path) as ApiPath<M>;
}

/** `path` relative to the API base: `/api/login` → `/login`; other paths as they are. */
function withoutApiBase(path: string): string {
  return path.replace(/^\/api(?=\/)/, "");
}

// Every `:name` of each template has its schema in `params`, and no schema lacks its segment.
type ParamsMatch = {
  [K in CallKey]: [ParamNames<TemplateOf<K>>] extends [keyof Api[K]["params"]]
    ? [keyof Api[K]["params"]] extends [ParamNames<TemplateOf<K>>]
      ? true
      : K
    : K;
}[CallKey];
/**
 * Compile-time check: fails (naming the call) when a template and its `params` disagree.
 * @public (read by the type checker only)
 */
export const PARAMS_MATCH_TEMPLATES: ParamsMatch extends true ? true : ParamsMatch = true;
