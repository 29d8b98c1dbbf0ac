/**
 * Update notices of published papers (issue 33; docs/decisions/490-versions-and-update-notices.md):
 * Crossref's update types (`cm_update_type` of the 5.3.1 schema, common5.3.1.xsd) less
 * `new_edition` and `new_version`, which a paper's versions cover. Each type's name as readers
 * see it, what it does to the paper's files, and the JATS 1.1 `related-article-type` the
 * generated JATS names it with. Shared by the form, the API, the pages and every writer.
 */
import { msg } from "./i18n/messages.ts";

/** Crossref's names, in the order the form offers them. */
export const UPDATE_TYPES = [
  "correction",
  "erratum",
  "corrigendum",
  "addendum",
  "clarification",
  "expression_of_concern",
  "partial_retraction",
  "retraction",
  "withdrawal",
  "removal",
] as const;

export type UpdateType = (typeof UPDATE_TYPES)[number];

/** Whether `value` is one of {@link UPDATE_TYPES}. */
export function isUpdateType(value: string): value is UpdateType {
  return (UPDATE_TYPES as readonly string[]).includes(value);
}

/** Each type's name as the banner and the form show it (a catalogue message). */
export const UPDATE_TYPE_LABELS: Record<UpdateType, string> = {
  correction: msg("Correction"),
  erratum: msg("Erratum"),
  corrigendum: msg("Corrigendum"),
  addendum: msg("Addendum"),
  clarification: msg("Clarification"),
  expression_of_concern: msg("Expression of concern"),
  partial_retraction: msg("Partial retraction"),
  retraction: msg("Retraction"),
  withdrawal: msg("Withdrawal"),
  removal: msg("Removal"),
};

/**
 * The word stamped on every page of the PDF download for the types that mark the paper as no
 * longer standing (English, as the stamp is part of the file, not of the interface); the other
 * types stamp nothing.
 */
export const STAMPS: Partial<Record<UpdateType, string>> = {
  retraction: "Retracted",
  partial_retraction: "Partially retracted",
  withdrawal: "Withdrawn",
};

/** Whether a notice of `type` marks the paper retracted (search results, citation files). */
export function isRetraction(type: string): boolean {
  return type === "retraction" || type === "partial_retraction" || type === "withdrawal";
}

/** Whether a notice of `type` withdraws the paper's files (legal removal, decision 490). */
export function removesFiles(type: string): boolean {
  return type === "removal";
}

/**
 * JATS `related-article-type` of the notice as seen from the updated paper (the JATS Tag
 * Library's forward values: `correction-forward`, `retraction-forward`, `addendum`,
 * `expression-of-concern`); a clarification is a kind of correction, a removal or withdrawal a
 * kind of retraction.
 */
export const JATS_RELATED_TYPES: Record<UpdateType, string> = {
  correction: "correction-forward",
  erratum: "correction-forward",
  corrigendum: "correction-forward",
  addendum: "addendum",
  clarification: "correction-forward",
  expression_of_concern: "expression-of-concern",
  partial_retraction: "retraction-forward",
  retraction: "retraction-forward",
  withdrawal: "retraction-forward",
  removal: "retraction-forward",
};

/** A notice as pages and writers read it (`""` DOI when it has none). */
export type UpdateNotice = {
  id: number;
  type: UpdateType;
  title: string;
  text: string;
  /** `YYYY-MM-DD`. */
  date: string;
  doi: string;
};

/** The anchor of a notice on its paper's page, `notice-{id}`. */
export function noticeAnchor(id: number): string {
  return `notice-${id}`;
}
