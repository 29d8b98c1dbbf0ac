/**
 * "Fill empty fields from this file" of the paper forms (issue 18, docs/decisions/317-fill-from-jats.md):
 * given what the form holds and what POST /read_jats read from the chosen JATS file, which
 * fields to fill, and which to keep because the manager already entered something. Nothing the
 * manager typed is overwritten; what is kept while the file says otherwise is named. What is
 * named is carried as catalogue messages and said in the page's language ({@link fillMessage}).
 */
import type { JatsMetadata } from "../../../shared/api.ts";
import type { RenderLocale } from "../../../shared/i18n/locales.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";
import { itemList } from "./formats.ts";

/** The text fields of the paper form that a JATS file can fill, with their labels (messages). */
export const FILLABLE = {
  title: msg("Title"),
  doi: msg("DOI Number"),
  abstract: msg("Abstract"),
  keywords: msg("Keywords"),
  first_page: msg("First Page"),
  last_page: msg("Last Page"),
  copyright_holder: msg("Copyright holder"),
  copyright_year: msg("Copyright year"),
  published_on: msg("Date published"),
  received_on: msg("Received"),
  accepted_on: msg("Accepted"),
  funding_statement: msg("Funding statement"),
} as const;

export type FillableField = keyof typeof FILLABLE;

/** What the form holds now: its text fields (those it has), the licence and the lists' lengths. */
export type FormNow = {
  fields: Partial<Record<FillableField, string>>;
  licence: string;
  /** The licence a new paper starts with (the journal's): replacing it is not overwriting. */
  defaultLicence: string;
  authors: number;
  funding: number;
  references: number;
};

export type FillPlan = {
  /** Text fields to set, with their new values. */
  fields: Partial<Record<FillableField, string>>;
  licence: string | null;
  authors: boolean;
  funding: boolean;
  references: boolean;
  /** What was filled, for the status message ("Title", "3 authors"; carried messages). */
  filled: string[];
  /** What the manager had entered and the file gives otherwise: kept, and said (messages). */
  kept: string[];
};

/** The text fields' values the file gives (`""` when it gives none). */
function fileValues(m: JatsMetadata): Record<FillableField, string> {
  const s = m.scholarly;
  return {
    title: m.title,
    doi: m.doi,
    abstract: m.abstract,
    keywords: m.keywords,
    first_page: m.first_page,
    last_page: m.last_page,
    copyright_holder: s.copyright_holder,
    copyright_year: s.copyright_year === null ? "" : String(s.copyright_year),
    published_on: s.published_on,
    received_on: s.received_on,
    accepted_on: s.accepted_on,
    funding_statement: s.funding_statement,
  };
}

/** See the module comment. Only fields present in `now.fields` are considered. */
export function planFill(now: FormNow, m: JatsMetadata): FillPlan {
  const plan: FillPlan = {
    fields: {},
    licence: null,
    authors: false,
    funding: false,
    references: false,
    filled: [],
    kept: [],
  };
  const given = fileValues(m);
  for (const field of Object.keys(now.fields) as FillableField[]) {
    const value = given[field];
    if (!value) continue;
    const current = (now.fields[field] ?? "").trim();
    if (!current) {
      plan.fields[field] = value;
      plan.filled.push(FILLABLE[field]);
    } else if (current !== value.trim()) plan.kept.push(FILLABLE[field]);
  }
  const licence = m.scholarly.license_url;
  if (licence && licence !== now.licence) {
    if (!now.licence || now.licence === now.defaultLicence) {
      plan.licence = licence;
      plan.filled.push(msg("Licence"));
    } else plan.kept.push(msg("Licence"));
  }
  const lists = [
    [
      "authors",
      m.authors.length,
      now.authors,
      (count: number) => msgWith("{count, plural, one {# author} other {# authors}}", { count }),
      msg("Author(s)"),
    ],
    [
      "funding",
      m.scholarly.funding.length,
      now.funding,
      (count: number) => msgWith("{count, plural, one {# funder} other {# funders}}", { count }),
      msg("Funders"),
    ],
    [
      "references",
      m.scholarly.references.length,
      now.references,
      (count: number) =>
        msgWith("{count, plural, one {# reference} other {# references}}", { count }),
      msg("References"),
    ],
  ] as const;
  for (const [key, fromFile, inForm, counted, label] of lists) {
    if (fromFile === 0) continue;
    if (inForm === 0) {
      plan[key] = true;
      plan.filled.push(counted(fromFile));
    } else plan.kept.push(label);
  }
  return plan;
}

/**
 * The status line of a fill in `t`'s language: what was filled, kept and left out (the
 * server's sentences, `left_out`), in sentences.
 */
export function fillMessage(
  plan: FillPlan,
  leftOut: readonly string[],
  t: Translate,
  locale: RenderLocale,
): string {
  const list = (items: readonly string[]) =>
    itemList(
      items.map((item) => t(item)),
      locale,
    );
  const parts = [
    plan.filled.length
      ? t("Filled from the JATS file: {fields}.", { fields: list(plan.filled) })
      : t("The JATS file gave nothing for the empty fields."),
  ];
  if (plan.kept.length) {
    parts.push(
      t("Kept what you entered (the file differs): {fields}.", { fields: list(plan.kept) }),
    );
  }
  parts.push(...leftOut.map((sentence) => t(sentence)));
  return parts.join(" ");
}
