/**
 * A JATS article's metadata as the paper forms' fields (issue 18, docs/decisions/317-fill-from-jats.md):
 * one mapping for the importer (server/import/corpus.ts, which adds the manifest's fallbacks) and
 * for POST /read_jats, which fills a form from an uploaded file.
 *
 * - Authors keep their given/family split, suffix, ORCID iD, affiliations (with ROR ids) and
 *   whether they are corresponding; a literal name (`collab`) stays one name.
 * - The abstract loses eLife's trailing "DOI: …" paragraph; keywords are joined with ", " (with
 *   "; " when one of them holds a comma).
 * - Dates, copyright, licence, funding statement, funders and references as decision 259 reads them.
 * - The article's language and its title, abstract and keywords in other languages (decision
 *   440), each language's keywords and abstract as the paper's own are.
 *
 * {@link jatsFormMetadata} then checks each value with the form's own rules (shared/schemas.ts)
 * and leaves out, saying why, what they refuse, so a filled form can be sent as it is.
 */
import type { z } from "zod";
import type {
  AuthorInput,
  JatsMetadata,
  PaperEditScholarly,
  TranslationItem,
} from "../../../shared/api.ts";
import {
  authorSchema,
  fundingSchema,
  type PaperInput,
  proceedingPaperSchema,
  referenceSchema,
  translationSchema,
} from "../../../shared/schemas.ts";
import type { JatsArticle, JatsAuthor } from "../../import/jats.ts";
import { referenceRead } from "../papers/scholarly.ts";

/** Drops eLife's trailing "DOI: http://dx.doi.org/…" paragraph of an abstract. */
export function withoutDoiParagraph(abstract: string): string {
  const paragraphs = abstract.split(/\n\s*\n/).map((p) => p.trim());
  if (paragraphs.length > 1 && /^DOI:/i.test(paragraphs.at(-1) ?? "")) paragraphs.pop();
  return paragraphs.join("\n\n");
}

/** Keywords as the Keywords field holds them: ", " between them, "; " when one has a comma. */
export function keywordText(keywords: readonly string[]): string {
  const separator = keywords.some((k) => k.includes(",")) ? "; " : ", ";
  return keywords.join(separator);
}

/** A JATS author as an author row of the forms; `email` when the file gives none. */
export function jatsAuthorRow(a: JatsAuthor, email = ""): Required<AuthorInput> {
  const affiliations = a.affiliations.map((f) => ({ name: f.text, ror: f.ror ?? "" }));
  return {
    name: a.name,
    email: a.email ?? email,
    institution: affiliations.map((f) => f.name).join("; "),
    given_names: a.literal ? "" : a.givenNames,
    family_name: a.literal ? "" : a.surname,
    suffix: a.literal ? "" : a.suffix,
    orcid: a.orcid ?? "",
    affiliations,
    corresponding: a.corresponding,
  };
}

/**
 * The scholarly fields a JATS file gives (decisions 255, 259): history dates, copyright,
 * funders with their Crossref Funder IDs and awards, the funding statement, the reference list.
 */
export function jatsScholarly(
  jats: JatsArticle,
): Partial<Omit<PaperInput, "sel_publication" | "authors">> {
  return {
    received_on: jats.received ?? "",
    accepted_on: jats.accepted ?? "",
    copyright_holder: jats.copyrightHolder ?? "",
    copyright_year: jats.copyrightYear,
    funding_statement: jats.fundingStatement ?? "",
    funding: jats.funders.map((f) => ({
      funder_name: f.name,
      funder_id: f.id ?? "",
      award_ids: f.awardIds,
    })),
    references: jats.references.map((r) => referenceRead({ ...r, ref_id: r.refId })),
  };
}

/**
 * The file's translations (decision 440) as the forms' rows: keywords joined as the Keywords
 * field holds them, the abstract without eLife's "DOI:" paragraph; those in `language` (the
 * paper's own, when the file names none but the journal does) left out.
 */
export function jatsTranslations(jats: JatsArticle, language: string | null): TranslationItem[] {
  return jats.translations
    .filter((t) => t.language !== language)
    .map((t) => ({
      language: t.language,
      title: t.title,
      abstract: withoutDoiParagraph(t.abstract),
      keywords: keywordText(t.keywords),
    }));
}

const SHAPE = proceedingPaperSchema.shape;
type ScalarField =
  | "title"
  | "doi"
  | "abstract"
  | "keywords"
  | "first_page"
  | "last_page"
  | "license_url"
  | "copyright_holder"
  | "copyright_year"
  | "published_on"
  | "received_on"
  | "accepted_on"
  | "funding_statement";

const LABELS: Record<ScalarField, string> = {
  title: "The title",
  doi: "The DOI",
  abstract: "The abstract",
  keywords: "The keywords",
  first_page: "The first page",
  last_page: "The last page",
  license_url: "The licence",
  copyright_holder: "The copyright holder",
  copyright_year: "The copyright year",
  published_on: "The publication date",
  received_on: "The received date",
  accepted_on: "The accepted date",
  funding_statement: "The funding statement",
};

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "not accepted";
}

/**
 * The form's fields from `jats`, each checked by its rule in `proceedingPaperSchema` (and the
 * row schemas for authors, funders, references); a refused value is left empty (a refused row
 * left out) with a sentence in `left_out`.
 */
export function jatsFormMetadata(jats: JatsArticle): JatsMetadata {
  const leftOut: string[] = [];
  const scholarly = jatsScholarly(jats);
  const raw: Record<ScalarField, string> = {
    title: jats.title,
    doi: jats.doi ?? "",
    abstract: withoutDoiParagraph(jats.abstract),
    keywords: keywordText(jats.keywords),
    first_page: jats.firstPage ?? jats.elocationId ?? "",
    last_page: jats.lastPage ?? "",
    license_url: jats.licenseUrl ?? "",
    copyright_holder: scholarly.copyright_holder ?? "",
    copyright_year: jats.copyrightYear === null ? "" : String(jats.copyrightYear),
    published_on: jats.published ?? "",
    received_on: scholarly.received_on ?? "",
    accepted_on: scholarly.accepted_on ?? "",
    funding_statement: scholarly.funding_statement ?? "",
  };
  const checked = {} as Record<ScalarField, string>;
  for (const field of Object.keys(raw) as ScalarField[]) {
    const value = raw[field];
    const result = SHAPE[field].safeParse(value);
    if (value === "" || result.success) {
      // the rule's own form of the value (a canonical licence, a bare DOI), as the form shows it
      const out = result.success ? result.data : value;
      checked[field] = out === null || out === undefined ? "" : String(out);
    } else {
      checked[field] = "";
      leftOut.push(
        `${LABELS[field]} "${value.slice(0, 80)}" was left out: ${firstMessage(result.error)}`,
      );
    }
  }
  const rows = <T>(items: readonly T[], schema: z.ZodType, what: (item: T, i: number) => string) =>
    items.filter((item, i) => {
      const result = schema.safeParse(item);
      if (!result.success)
        leftOut.push(`${what(item, i)} was left out: ${firstMessage(result.error)}`);
      return result.success;
    });
  const authors = rows(
    jats.authors.map((a) => jatsAuthorRow(a)),
    authorSchema,
    (a, i) => `Author ${i + 1} (${a.name.slice(0, 60)})`,
  );
  const funding = rows(
    scholarly.funding ?? [],
    fundingSchema,
    (f) => `The funder "${f.funder_name.slice(0, 60)}"`,
  );
  const references = rows(
    scholarly.references ?? [],
    referenceSchema,
    (r, i) => `Reference ${r.label || i + 1}`,
  ).map((r) => ({ ...r }));
  const translations = rows(
    jatsTranslations(jats, jats.language),
    translationSchema,
    (t) => `The translation in ${t.language}`,
  );
  const year = checked.copyright_year;
  const fields: PaperEditScholarly = {
    license_url: checked.license_url,
    copyright_holder: checked.copyright_holder,
    copyright_year: year ? Number(year) : null,
    published_on: checked.published_on,
    received_on: checked.received_on,
    accepted_on: checked.accepted_on,
    funding_statement: checked.funding_statement,
    funding: funding.map((f) => ({ ...f })),
    references: references.map(referenceRead),
  };
  return {
    title: checked.title,
    doi: checked.doi,
    abstract: checked.abstract,
    keywords: checked.keywords,
    first_page: checked.first_page,
    last_page: checked.last_page,
    authors,
    scholarly: fields,
    language: jats.language ?? "",
    translations: translations.map((t) => ({ ...t })),
    left_out: leftOut,
  };
}
