/**
 * The corpus manifest (`manifest.json`, described in the corpus's MANIFEST.md): journals with
 * their issues and papers, proceedings with theirs, and test `fixtures` (never imported).
 * A paper names its JATS file and PDF by paths relative to the corpus folder, either of which
 * may be null; the manifest's own fields stand in for whatever the JATS file does not give.
 * Unknown keys are allowed (the manifest carries provenance notes).
 */
import { z } from "zod";
import { FREQUENCIES, JOURNAL_URI_PATTERN, SUBJECTS } from "../../shared/constants.ts";
import { canonicalLanguageTag } from "../../shared/languages.ts";
import { canonicalNumber } from "../../shared/route-params.ts";
import { stripXmlForbidden } from "../../shared/xml-text.ts";

const text = z.string().overwrite(stripXmlForbidden).trim();
const optionalText = text.optional();
/** Volume/issue numbers appear as JSON numbers or strings; whole numbers (decision 001). */
const label = z
  .union([
    z.number().int().positive(),
    z
      .string()
      .trim()
      .regex(/^(?!0+$)\d{1,6}$/),
  ])
  // stored without leading zeros, as the dashboard stores them (decision 210)
  .transform((v) => canonicalNumber(String(v)));

/**
 * A content language (decision 440) as a BCP 47 tag of shared/languages.ts (`es`, `pt-BR`),
 * read into its canonical form.
 */
const language = z
  .string()
  .trim()
  .refine(
    (v) => canonicalLanguageTag(v) !== null,
    "must be a language code such as en, es or pt-BR",
  )
  .transform((v) => canonicalLanguageTag(v) ?? v);

/** A path inside the corpus folder: relative, no `..`. */
const relativePath = z
  .string()
  .trim()
  .min(1)
  .refine(
    (p) => !p.startsWith("/") && !/^[a-z]:/i.test(p) && !p.split(/[\\/]/).includes(".."),
    "must be a path inside the corpus folder",
  );

export const manifestAuthorSchema = z.looseObject({
  name: text.min(1),
  email: optionalText,
  institution: optionalText,
  /** Every affiliation when there are several (`institution` is then the first). */
  institutions: z.array(text).optional(),
});

export const manifestPaperSchema = z.looseObject({
  title: text.min(1),
  authors: z.array(manifestAuthorSchema).default([]),
  doi: optionalText,
  abstract: text.default(""),
  keywords: z.array(text).default([]),
  jats: relativePath.nullable().default(null),
  pdf: relativePath.nullable().default(null),
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
  published: optionalText,
  /** "465-478". */
  pages: optionalText,
  elocation_id: optionalText,
  license: z.looseObject({ url: optionalText, text: optionalText }).optional(),
  /** The paper's language when its JATS file names none; else its journal's or proceeding's. */
  language: language.optional(),
});

export const manifestIssueSchema = z.looseObject({
  volume: label,
  /** Left out by continuously publishing journals (eLife, Hindawi). */
  number: label.optional(),
  year: z.coerce.number().int().min(1000).max(9999),
  title: optionalText,
  papers: z.array(manifestPaperSchema).default([]),
});

export const manifestJournalSchema = z.looseObject({
  name: text.min(1),
  abbreviation: optionalText,
  /** Suggested URI slug; derived from the name when absent. */
  slug: text.regex(JOURNAL_URI_PATTERN).optional(),
  issn: z
    .looseObject({ print: optionalText, electronic: optionalText, unspecified: optionalText })
    .optional(),
  publisher: optionalText,
  /** Optional overrides of what the importer would otherwise decide. */
  subject: z.enum(SUBJECTS.map((s) => s.key) as [string, ...string[]]).optional(),
  frequency: z.enum(FREQUENCIES).optional(),
  intro: optionalText,
  /** The journal's primary language (decision 440); English when absent. */
  language: language.optional(),
  issues: z.array(manifestIssueSchema).default([]),
});

export const manifestProceedingSchema = z.looseObject({
  name: text.min(1),
  acronym: optionalText,
  slug: text.regex(JOURNAL_URI_PATTERN).optional(),
  year: z.coerce.number().int().min(1000).max(9999),
  location: optionalText,
  dates: z.object({ start: z.iso.date(), end: z.iso.date() }),
  isbn: optionalText,
  issn: optionalText,
  publisher: optionalText,
  /** The language of its papers (decision 440); English when absent. */
  language: language.optional(),
  papers: z.array(manifestPaperSchema).default([]),
});

export const manifestSchema = z.looseObject({
  journals: z.array(manifestJournalSchema).default([]),
  proceedings: z.array(manifestProceedingSchema).default([]),
  /** Viewer test files with their passwords; not part of the catalogue. */
  fixtures: z.array(z.unknown()).optional(),
});

export type Manifest = z.output<typeof manifestSchema>;
export type ManifestJournal = z.output<typeof manifestJournalSchema>;
export type ManifestIssue = z.output<typeof manifestIssueSchema>;
export type ManifestPaper = z.output<typeof manifestPaperSchema>;
export type ManifestProceeding = z.output<typeof manifestProceedingSchema>;

/**
 * Validates parsed `manifest.json` content.
 * @throws Error whose message names the first field at fault, e.g.
 *   `journals.0.issues.1.year: Invalid input: expected number, received undefined`.
 */
export function parseManifest(data: unknown): Manifest {
  const result = manifestSchema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.join(".") || "(top level)";
  throw new Error(`${where}: ${issue.message}`);
}
