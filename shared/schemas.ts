/**
 * Input schemas of the dashboard forms (docs/product/screens.md, docs/product/validation.md and docs/product/api.md), shared by the server, which
 * parses multipart bodies with them (`parseInput`), and the browser forms (react-hook-form with
 * the zod resolver). Field names are the spec's wire names. Every string is trimmed; optional
 * text comes out as `""` when left empty; messages are sentences a person can act on, each a
 * whole catalogue message (`msg`, `msgWith` with its values; decision 382) that whoever shows it
 * translates (the API on its way out, the forms under their fields). Characters
 * XML cannot carry (C0 controls but tab and line breaks, lone surrogates) are removed from every
 * text field before it is checked (shared/xml-text.ts, issue 6).
 *
 * Files (cover_img, paper_file) are not part of these schemas: they arrive as multipart files
 * and are checked by content on the server (docs/product/files.md).
 */
// first: zod's configuration must precede every schema built here (shared/zod-setup.ts)
import "./zod-setup.ts";
import { z } from "zod";
import {
  FREQUENCIES,
  INVITATION_GONE,
  JOURNAL_URI_PATTERN,
  MESSAGES,
  MIN_PASSWORD_LENGTH,
  SUBJECTS,
  type SubjectKey,
  yearChoices,
} from "./constants.ts";
import { isPartialDate, type PartialDateField, partialDateMessage } from "./dates.ts";
import { splitInstitutions } from "./format.ts";
import { FUNDER_ID_MESSAGE, normaliseFunderId } from "./funder-id.ts";
import { msg, msgWith } from "./i18n/messages.ts";
import { canonicalLanguageTag, MAX_LANGUAGES } from "./languages.ts";
import { canonicalLicenceUrl, isCreativeCommonsUrl, LICENCE_MESSAGE } from "./licences.ts";
import { normaliseOrcid, ORCID_CHECK_MESSAGE, ORCID_MESSAGE, orcidDigits } from "./orcid.ts";
import { normaliseRor, ROR_MESSAGE } from "./ror.ts";
import { canonicalNumber } from "./route-params.ts";
import { UPDATE_TYPES } from "./updates.ts";
import { stripXmlForbidden } from "./xml-text.ts";

// ---------------------------------------------------------------------------------------------
// Field rules

/** Largest lengths accepted, in characters. */
export const MAX = {
  name: 200,
  abbreviation: 60,
  uri: 60,
  title: 500,
  shortText: 200,
  volume: 20,
  person: 120,
  role: 120,
  email: 254,
  institution: 500,
  intro: 5_000,
  guide: 20_000,
  abstract: 20_000,
  keywords: 1_000,
  url: 500,
  citation: 5_000,
  fundingStatement: 5_000,
  award: 200,
} as const;

/**
 * Required trimmed text of at most `max` characters. `missing` and `tooLong` are the field's own
 * sentences (a field's name inside a sentence is no message of its own: translators get whole
 * sentences), `tooLong` carrying `{max}`.
 */
function requiredText(max: number, missing: string, tooLong: string) {
  return z
    .string({ error: missing })
    .overwrite(stripXmlForbidden)
    .trim()
    .min(1, missing)
    .max(max, tooLong);
}

/** Optional trimmed text; `""` when absent or empty. */
function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .overwrite(stripXmlForbidden)
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v ?? "");
}

const EMAIL_MESSAGE = msg("Enter a valid email address such as name@example.org.");
const EMAIL_TOO_LONG = msgWith("The email address must be at most {max} characters.", {
  max: MAX.email,
});

/** Required email address. */
export function requiredEmail(missing: string = msg("Enter an email address.")) {
  return z
    .string({ error: missing })
    .overwrite(stripXmlForbidden)
    .trim()
    .min(1, missing)
    .max(MAX.email, EMAIL_TOO_LONG)
    .pipe(z.email(EMAIL_MESSAGE));
}

/** Optional email address; `""` when empty. */
export const optionalEmail = z
  .string()
  .overwrite(stripXmlForbidden)
  .trim()
  .max(MAX.email, EMAIL_TOO_LONG)
  .pipe(z.union([z.literal(""), z.email(EMAIL_MESSAGE)]))
  .optional()
  .transform((v) => v ?? "");

/**
 * True when `issn` (`NNNN-NNNC`) carries the right ISO 3297 check digit: the weighted sum of
 * the seven digits (weights 8 down to 2) plus the check value is a multiple of 11; a check value
 * of 10 is written `X`.
 */
export function isValidIssn(issn: string): boolean {
  const match = /^(\d{4})-(\d{3})([\dX])$/.exec(issn);
  if (!match) return false;
  const digits = `${match[1]}${match[2]}`;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(digits[i]) * (8 - i);
  const check = (11 - (sum % 11)) % 11;
  return match[3] === (check === 10 ? "X" : String(check));
}

/** `1234567x`, ` 1234-567x ` → `1234-567X`; anything else unchanged (then refused). */
export function normaliseIssn(value: string): string {
  const compact = value.trim().toUpperCase().replace(/\s+/g, "");
  return /^\d{7}[\dX]$/.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
}

const ISSN_MESSAGE = msg("Enter a valid ISSN such as 2049-3630.");
const ISSN_MISSING = msg("Enter the ISSN.");

/** Required ISSN with its check digit, normalised to `NNNN-NNNC`. */
export const issnSchema = z
  .string({ error: ISSN_MISSING })
  .transform(normaliseIssn)
  .pipe(z.string().min(1, ISSN_MISSING).refine(isValidIssn, ISSN_MESSAGE));

/** Optional ISSN; `""` when empty. */
export const optionalIssnSchema = z
  .string()
  .optional()
  .transform((v) => normaliseIssn(v ?? ""))
  .pipe(z.string().refine((v) => v === "" || isValidIssn(v), ISSN_MESSAGE));

/**
 * DOI syntax as Crossref checks it (issue 15; "DOIs and matching regular expressions", Crossref
 * blog 2015, the pattern that matches 99.3 % of the DOIs it has registered): `10.`, a registrant
 * code of 4 to 9 digits, `/`, then only letters, digits and `- . _ ; ( ) / :`. Every DOI the site
 * stores passes it, so no output format has to carry braces, quotes, spaces or line breaks in a
 * DOI (docs/decisions/273-doi-syntax.md).
 */
export const DOI_PATTERN = /^10\.\d{4,9}\/[-._;()/:A-Z0-9]+$/i;

/** Why a DOI is refused, for the forms and the importer alike. */
export const DOI_MESSAGE = msg(
  "This is not a DOI as Crossref writes them: 10., 4 to 9 digits, a slash, then only letters, digits and - . _ ; ( ) / :, such as 10.1371/journal.pone.0115884.",
);

/** {@link DOI_MESSAGE} of an optional field: one sentence more, one message. */
const OPTIONAL_DOI_MESSAGE = msg(
  "This is not a DOI as Crossref writes them: 10., 4 to 9 digits, a slash, then only letters, digits and - . _ ; ( ) / :, such as 10.1371/journal.pone.0115884. Or leave it empty.",
);

// DOIs assigned from a journal's prefix and pattern (shared/doi-pattern.ts, decision 279)

/** A DOI prefix: `10.` and 4 to 9 digits. */
export const DOI_PREFIX_PATTERN = /^10\.\d{4,9}$/;

export const DOI_PREFIX_MESSAGE = msg(
  "Enter the DOI prefix Crossref gave the journal: 10. and 4 to 9 digits, such as 10.12345. Or leave it empty.",
);

export const DOI_SUFFIX_PATTERN_MESSAGE = msg(
  "The DOI pattern may use %j (journal), %v (volume), %i (issue), %Y (year), %a (paper id) and %p (page) with letters, digits and - . _ ; ( ) / :, and must contain %a.",
);

/** Whether `pattern` is usable: known tokens, allowed characters, and `%a` (unique per paper). */
export function isDoiSuffixPattern(pattern: string): boolean {
  if (!pattern.includes("%a")) return false;
  const rest = pattern.replace(/%[jviYap]/g, "");
  return !rest.includes("%") && /^[-._;()/:A-Z0-9]*$/i.test(rest);
}

/**
 * A DOI as people paste it (`https://doi.org/10.1/x`, `http://dx.doi.org/…`, `doi:10.1/x`) →
 * the bare DOI `10.1/x`; other text is returned trimmed.
 */
export function normaliseDoi(value: string): string {
  let doi = stripXmlForbidden(value)
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "");
  doi = doi.replace(/^doi:\s*/i, "");
  if (/%[0-9a-f]{2}/i.test(doi)) {
    try {
      doi = decodeURIComponent(doi);
    } catch {
      // not URL-encoded after all: keep as typed
    }
  }
  return doi;
}

/** Optional DOI, normalised to the bare `10.NNNN/…` form; `""` when empty. */
export const optionalDoiSchema = z
  .string()
  .max(MAX.url, msgWith("The DOI must be at most {max} characters.", { max: MAX.url }))
  .optional()
  .transform((v) => normaliseDoi(v ?? ""))
  .pipe(z.string().refine((v) => v === "" || DOI_PATTERN.test(v), OPTIONAL_DOI_MESSAGE));

const JOURNAL_URI_MISSING = msg("Enter the journal URI.");

/** Journal URI slug (docs/product/data.md#tables), lower-cased. */
export const journalUriSchema = z
  .string({ error: JOURNAL_URI_MISSING })
  .overwrite(stripXmlForbidden)
  .trim()
  .toLowerCase()
  .min(1, JOURNAL_URI_MISSING)
  .max(MAX.uri, msgWith("The journal URI must be at most {max} characters.", { max: MAX.uri }))
  .regex(
    JOURNAL_URI_PATTERN,
    msg(
      "The journal URI may use only lower-case letters, digits and hyphens, and must start with a letter or digit, such as plos-one.",
    ),
  );

/** Publishing frequency, one of the stored values of docs/product/data.md. */
export const frequencySchema = z.enum(FREQUENCIES, {
  error: msg("Choose a publishing frequency from the list."),
});

const YEAR_MISSING = msg("Choose the publication year.");

/** A year among the 51 choices of docs/product/validation.md (this year and the 50 before). */
export const yearSchema = z.coerce
  .number<string | number>({ error: YEAR_MISSING })
  .int(YEAR_MISSING)
  .superRefine((year, issue) => {
    const choices = yearChoices();
    if (!choices.includes(year)) {
      issue.addIssue({
        code: "custom",
        // years are labels, not counts: carried as text
        message: msgWith("Choose a year between {first} and {last}.", {
          first: String(choices.at(-1)),
          last: String(choices[0]),
        }),
      });
    }
  });

/** A calendar date `YYYY-MM-DD`, with the field's sentences when it is missing or malformed. */
function dateSchema(missing: string, malformed: string) {
  return z
    .string({ error: missing })
    .overwrite(stripXmlForbidden)
    .trim()
    .min(1, missing)
    .pipe(z.iso.date(malformed));
}

/**
 * Volume or issue number: a positive whole number of at most six digits, kept as typed ("2016");
 * docs/decisions/001-volume-and-number.md. Leading zeros are dropped ("02" is kept as "2"), so
 * every issue has the one URL the route number rule accepts (shared/route-params.ts, decision
 * 210).
 */
function volumeSchema(what: "volume" | "issue") {
  const field =
    what === "volume"
      ? requiredText(
          MAX.volume,
          msg("Enter the volume number."),
          msgWith("Volume number must be at most {max} characters.", { max: MAX.volume }),
        ).regex(/^(?!0+$)\d{1,6}$/, msg("Enter the volume number as a whole number, such as 9."))
      : requiredText(
          MAX.volume,
          msg("Enter the issue number."),
          msgWith("Issue number must be at most {max} characters.", { max: MAX.volume }),
        ).regex(/^(?!0+$)\d{1,6}$/, msg("Enter the issue number as a whole number, such as 2."));
  return field.transform(canonicalNumber);
}

/** A positive integer id sent as text by forms. */
function idSchema(missing: string) {
  return z.coerce.number<string | number>({ error: missing }).int(missing).positive(missing);
}

// ---------------------------------------------------------------------------------------------
// People

const INSTITUTION_TOO_LONG = msgWith("Institution must be at most {max} characters.", {
  max: MAX.institution,
});

/** An editor of an issue or a proceeding (docs/product/data.md). */
export const editorSchema = z.object({
  name: requiredText(
    MAX.person,
    msg("Enter each editor's name."),
    msgWith("Editor's name must be at most {max} characters.", { max: MAX.person }),
  ),
  email: optionalEmail,
  institution: optionalText(MAX.institution, INSTITUTION_TOO_LONG),
  role: requiredText(
    MAX.role,
    msg("Enter each editor's role, such as Editor."),
    msgWith("Editor's role must be at most {max} characters.", { max: MAX.role }),
  ),
});

/**
 * A yes/no flag as forms send it (`Y`/`N`, `on`, `true`/`false`, `1`/`0`, `yes`/`no`, empty for
 * no) or a JSON boolean.
 */
function flagSchema(message: string) {
  return z
    .union([z.boolean(), z.string(), z.number()], { error: message })
    .refine(
      (v) => typeof v !== "string" || /^(y|n|yes|no|on|off|true|false|1|0|)$/i.test(v.trim()),
      message,
    )
    .transform((v) => v === true || v === 1 || /^(y|yes|on|true|1)$/i.test(String(v).trim()));
}

/**
 * Optional trimmed text that stays `undefined` when the body does not carry it (an added field
 * an edit leaves as stored), `""` when sent empty.
 */
function sentText(max: number, tooLong: string) {
  return z.string().overwrite(stripXmlForbidden).trim().max(max, tooLong).optional();
}

/** A partial date `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (shared/dates.ts); `undefined` when not sent. */
export function sentPartialDate(what: PartialDateField) {
  return z
    .string()
    .overwrite(stripXmlForbidden)
    .trim()
    .refine((v) => v === "" || isPartialDate(v), partialDateMessage(what))
    .optional();
}

/**
 * An ORCID iD (shared/orcid.ts) as people paste it, stored as `https://orcid.org/…`; `""` when
 * empty. A wrong check digit has its own message.
 */
export const orcidSchema = z
  .string()
  .overwrite(stripXmlForbidden)
  .trim()
  .max(100, ORCID_MESSAGE)
  .superRefine((value, issue) => {
    if (value === "" || normaliseOrcid(value)) return;
    issue.addIssue({
      code: "custom",
      message: orcidDigits(value) ? ORCID_CHECK_MESSAGE : ORCID_MESSAGE,
    });
  })
  .transform((value) => (value === "" ? "" : (normaliseOrcid(value) ?? "")));

/** A ROR id (shared/ror.ts), stored as `https://ror.org/…`; `""` when empty or absent. */
export const rorSchema = z
  .string()
  .overwrite(stripXmlForbidden)
  .trim()
  .max(100, ROR_MESSAGE)
  .refine((value) => value === "" || normaliseRor(value) !== null, ROR_MESSAGE)
  .optional()
  .transform((value) => (value ? (normaliseRor(value) ?? "") : ""));

/** A Crossref Funder ID or a ROR id (shared/funder-id.ts), stored as its URI; `""` when empty. */
export const funderIdSchema = z
  .string()
  .overwrite(stripXmlForbidden)
  .trim()
  .max(MAX.url, FUNDER_ID_MESSAGE)
  .refine((value) => value === "" || normaliseFunderId(value) !== null, FUNDER_ID_MESSAGE)
  .optional()
  .transform((value) => (value ? (normaliseFunderId(value) ?? "") : ""));

/**
 * A licence URL: a Creative Commons licence (shared/licences.ts), stored in its canonical form;
 * `""` for none; `undefined` when not sent.
 */
export const licenceUrlSchema = z
  .string()
  .overwrite(stripXmlForbidden)
  .trim()
  .max(MAX.url, LICENCE_MESSAGE)
  .refine((value) => value === "" || isCreativeCommonsUrl(value), LICENCE_MESSAGE)
  .transform((value) => canonicalLicenceUrl(value) ?? "")
  .optional();

/** An affiliation of an author: its name as printed and an optional ROR id. */
export const affiliationSchema = z.object({
  name: requiredText(
    MAX.institution,
    msg("Enter the name of each affiliation."),
    msgWith("Affiliation must be at most {max} characters.", { max: MAX.institution }),
  ),
  ror: rorSchema,
});

/** The fields of an author row on the wire: the spec's, and the added ones (decision 256). */
const authorFields = z.object({
  name: optionalText(
    MAX.person,
    msgWith("Author's name must be at most {max} characters.", { max: MAX.person }),
  ),
  email: optionalEmail,
  institution: optionalText(MAX.institution, INSTITUTION_TOO_LONG),
  given_names: sentText(
    MAX.person,
    msgWith("Given names must be at most {max} characters.", { max: MAX.person }),
  ),
  family_name: sentText(
    MAX.person,
    msgWith("Family name must be at most {max} characters.", { max: MAX.person }),
  ),
  suffix: sentText(20, msgWith("Name suffix must be at most {max} characters.", { max: 20 })),
  orcid: orcidSchema.optional(),
  affiliations: z
    .array(affiliationSchema)
    .max(50, msg("List at most 50 affiliations for each author."))
    .optional(),
  corresponding: flagSchema(
    msg("Send Y or N for whether the author is a corresponding author."),
  ).optional(),
});

/**
 * An author of a paper (decision 255): a person with given names and a family name (particles
 * stay in the family name), or, without a family name, one literal name never split; an
 * optional ORCID iD; affiliations in order; whether they are a corresponding author.
 *
 * On the wire (decision 256) the spec's `name, email, institution` alone still work: the name is
 * then literal and the institution its affiliations (several joined with "; " are several). With
 * `family_name`, `name` is derived (`given_names family_name suffix`) and any `name` sent is
 * ignored (`suffix`: "Jr.", "III");
 * with `affiliations`, `institution` is derived (their names joined with "; ").
 *
 * Output: every field filled (`""`, `[]`, false when absent) and `structured`, true when the row
 * carried any added field; an edit keeps the stored person of a row that carried none
 * (server/features/papers/authors.ts).
 */
export const authorSchema = authorFields
  .superRefine((author, issue) => {
    if (!author.family_name && !author.name && !author.given_names) {
      issue.addIssue({ code: "custom", path: ["name"], message: msg("Enter each author's name.") });
    }
    if (author.given_names && !author.family_name) {
      issue.addIssue({
        code: "custom",
        path: ["family_name"],
        message: msg(
          "Enter the family name of an author whose given names are filled in (or give the whole name as one in Name).",
        ),
      });
    }
  })
  .transform((author) => {
    const family = author.family_name ?? "";
    const given = family ? (author.given_names ?? "") : "";
    const suffix = family ? (author.suffix ?? "") : "";
    const affiliations = author.affiliations?.length
      ? author.affiliations
      : splitInstitutions(author.institution).map((name) => ({ name, ror: "" }));
    return {
      name: family ? [given, family, suffix].filter(Boolean).join(" ") : author.name,
      email: author.email,
      institution: affiliations.map((a) => a.name).join("; "),
      given_names: given,
      family_name: family,
      suffix,
      orcid: author.orcid ?? "",
      affiliations,
      corresponding: author.corresponding ?? false,
      structured:
        author.given_names !== undefined ||
        author.family_name !== undefined ||
        author.suffix !== undefined ||
        author.orcid !== undefined ||
        author.affiliations !== undefined ||
        author.corresponding !== undefined,
    };
  });

/** A PubMed id: digits. */
const pmidSchema = z
  .string()
  .overwrite(stripXmlForbidden)
  .trim()
  .regex(/^\d{0,10}$/, msg("Enter the PubMed id as digits, such as 19356974, or leave it empty."))
  .optional()
  .transform((v) => v ?? "");

const LINK_TOO_LONG = msgWith("The link must be at most {max} characters.", { max: MAX.url });

/** An http(s) URL; `""` when empty or absent. */
function optionalUrl(message: string) {
  return z
    .string()
    .overwrite(stripXmlForbidden)
    .trim()
    .max(MAX.url, LINK_TOO_LONG)
    .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, error: message })]))
    .optional()
    .transform((v) => v ?? "");
}

/**
 * One entry of a paper's reference list (decision 255): the reference as one plain string as
 * shown, and what links it (DOI, PubMed id, URL), its printed label and its JATS `ref` id.
 */
export const referenceSchema = z.object({
  citation: requiredText(
    MAX.citation,
    msg("Enter the text of each reference."),
    msgWith("Reference must be at most {max} characters.", { max: MAX.citation }),
  ),
  doi: optionalDoiSchema,
  pmid: pmidSchema,
  url: optionalUrl(
    msg("Enter the reference's web address starting with https://, or leave it empty."),
  ),
  label: optionalText(
    20,
    msgWith("Reference label must be at most {max} characters.", { max: 20 }),
  ),
  ref_id: z
    .string()
    .overwrite(stripXmlForbidden)
    .trim()
    .max(100, msg("Keep each reference id under 100 characters."))
    .regex(
      /^([A-Za-z_][A-Za-z0-9._-]*)?$/,
      msg(
        "A reference id may use letters, digits, '.', '-' and '_', and starts with a letter or '_' (such as ref12).",
      ),
    )
    .optional()
    .transform((v) => v ?? ""),
});

/** Award numbers: several fields (`award_ids[0]`, …) or one field separated by ";" or lines. */
const awardIdsSchema = z
  .union([z.array(z.string()), z.string()], { error: msg("Send each award number as text.") })
  .optional()
  .transform((v) =>
    (Array.isArray(v) ? v : (v ?? "").split(/[;\n]/))
      .map((id) => stripXmlForbidden(id).trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .max(
            MAX.award,
            msgWith("Each award number must be at most {max} characters.", { max: MAX.award }),
          ),
      )
      .max(50, msg("List at most 50 award numbers for each funder.")),
  );

/** A funder of a paper (decision 255): name, Crossref Funder ID or ROR id, award numbers. */
export const fundingSchema = z.object({
  funder_name: requiredText(
    MAX.name,
    msg("Enter the name of each funder."),
    msgWith("Funder's name must be at most {max} characters.", { max: MAX.name }),
  ),
  funder_id: funderIdSchema,
  award_ids: awardIdsSchema,
});

/**
 * A list field an edit may leave out: `undefined` when absent (kept as stored), `[]` when sent as
 * one empty field (`references=`), else the parsed rows.
 */
function sentList<T extends z.ZodType>(row: T, max: number, tooMany: string) {
  return z.preprocess((v) => (v === "" ? [] : v), z.array(row).max(max, tooMany).optional());
}

/** The copyright year: four digits, not after next year; `null` when sent empty. */
const copyrightYearSchema = z
  .string()
  .trim()
  .refine(
    (v) => v === "" || (/^\d{4}$/.test(v) && Number(v) <= new Date().getUTCFullYear() + 1),
    msg("Enter the copyright year as four digits, such as 2015, or leave it empty."),
  )
  .transform((v) => (v === "" ? null : Number(v)))
  .optional();

// ---------------------------------------------------------------------------------------------
// Content languages (issue 32, decision 440)

const LANGUAGE_MESSAGE = msg(
  "Enter the language as a code such as en, es, de or pt-BR (ISO 639-1, with a region if needed).",
);

/** A content language (shared/languages.ts) as sent: `""` when sent empty, else its canonical tag. */
const languageTag = z
  .string({ error: LANGUAGE_MESSAGE })
  .overwrite(stripXmlForbidden)
  .trim()
  .refine((v) => v === "" || canonicalLanguageTag(v) !== null, LANGUAGE_MESSAGE)
  .transform((v) => canonicalLanguageTag(v) ?? "");

/**
 * A language field added beside the spec's: `undefined` when the body does not carry it (an
 * edit keeps what is stored), `""` when sent empty (the default), else the canonical tag.
 */
export const sentLanguageSchema = languageTag.optional();

/**
 * A journal's languages (decision 440): several fields (`languages[0]`, …) or one field with
 * the tags separated by commas, semicolons or spaces; canonical tags, each once; `undefined`
 * when not sent.
 */
const languageListSchema = z
  .union([z.array(z.string()), z.string()], { error: LANGUAGE_MESSAGE })
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(/[\s,;]+/))
      .map((tag) => stripXmlForbidden(tag).trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(languageTag.refine((v) => v !== "", LANGUAGE_MESSAGE))
      .max(MAX_LANGUAGES, msgWith("List at most {max} languages.", { max: MAX_LANGUAGES })),
  )
  .transform((tags) => [...new Set(tags)])
  .optional();

/** A translated text: trimmed, `""` when absent or empty, at most `max` characters. */
function translatedText(max: number, tooLongMessage: string) {
  return z
    .string()
    .overwrite(stripXmlForbidden)
    .trim()
    .max(max, tooLongMessage)
    .optional()
    .transform((v) => v ?? "");
}

/**
 * A paper's title, abstract and keywords in another language than its own (decision 440):
 * `translations[i][language]`, `[title]`, `[abstract]`, `[keywords]`; at least one of the
 * three texts.
 */
export const translationSchema = z
  .object({
    language: languageTag.refine((v) => v !== "", msg("Choose the language of each translation.")),
    title: translatedText(
      MAX.title,
      msgWith("A translated title must be at most {max} characters.", { max: MAX.title }),
    ),
    abstract: translatedText(
      MAX.abstract,
      msgWith("A translated abstract must be at most {max} characters.", { max: MAX.abstract }),
    ),
    keywords: translatedText(
      MAX.keywords,
      msgWith("Translated keywords must be at most {max} characters.", { max: MAX.keywords }),
    ),
  })
  .refine((t) => t.title !== "" || t.abstract !== "" || t.keywords !== "", {
    path: ["title"],
    message: msg("Give each translation a title, an abstract or keywords."),
  });

/**
 * A paper's translations: `undefined` when not sent (an edit keeps them), `[]` when sent as one
 * empty field (`translations=`), else the rows, each language once.
 */
const translationsSchema = z.preprocess(
  (v) => (v === "" ? [] : v),
  z
    .array(translationSchema)
    .max(MAX_LANGUAGES, msgWith("List at most {max} translations.", { max: MAX_LANGUAGES }))
    .superRefine((rows, issue) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        if (seen.has(row.language)) {
          issue.addIssue({
            code: "custom",
            path: [i, "language"],
            message: msg("Give each language one translation."),
          });
        }
        seen.add(row.language);
      });
    })
    .optional(),
);

/**
 * The scholarly fields of a paper added beside the spec's (decisions 255, 256). Each is
 * `undefined` when the body does not carry it: a new paper then gets the default (its journal's
 * licence, no dates, no lists) and an edit keeps what is stored. An empty field clears it.
 */
const scholarlyPaperFields = {
  license_url: licenceUrlSchema,
  copyright_holder: sentText(
    MAX.name,
    msgWith("Copyright holder must be at most {max} characters.", { max: MAX.name }),
  ),
  copyright_year: copyrightYearSchema,
  published_on: sentPartialDate("publication date"),
  received_on: sentPartialDate("received date"),
  accepted_on: sentPartialDate("accepted date"),
  funding_statement: sentText(
    MAX.fundingStatement,
    msgWith("Funding statement must be at most {max} characters.", { max: MAX.fundingStatement }),
  ),
  funding: sentList(fundingSchema, 100, msg("List at most 100 funders.")),
  references: sentList(referenceSchema, 2_000, msg("List at most 2000 references.")),
  /**
   * Added (decision 440): the paper's language (`""`: its journal's primary language, or its
   * proceeding's) and its title, abstract and keywords in other languages.
   */
  language: sentLanguageSchema,
  translations: translationsSchema,
};

const editorsSchema = z
  .array(editorSchema)
  .max(100, msg("List at most 100 editors."))
  .optional()
  .transform((v) => v ?? []);

const authorsSchema = z
  .array(authorSchema)
  .max(500, msg("List at most 500 authors."))
  .optional()
  .transform((v) => v ?? []);

// ---------------------------------------------------------------------------------------------
// Journals

const PUBLISHER_TOO_LONG = msgWith("Publisher must be at most {max} characters.", {
  max: MAX.name,
});

const journalBasics = {
  journal_name: requiredText(
    MAX.name,
    msg("Enter the journal name."),
    msgWith("Journal name must be at most {max} characters.", { max: MAX.name }),
  ),
  abbreviation: requiredText(
    MAX.abbreviation,
    msg("Enter the journal abbreviation."),
    msgWith("Journal abbreviation must be at most {max} characters.", { max: MAX.abbreviation }),
  ),
  journal_uri: journalUriSchema,
  publisher: requiredText(MAX.name, msg("Enter the publisher."), PUBLISHER_TOO_LONG),
  pub_frequency: frequencySchema,
  issn: issnSchema,
  journal_intro: requiredText(
    MAX.intro,
    msg("Enter the journal introduction (summary)."),
    msgWith("Journal introduction must be at most {max} characters.", { max: MAX.intro }),
  ),
  /**
   * Added (decision 255): the licence of the journal's new papers, a Creative Commons URL;
   * `""` for none; absent keeps it on edit (none on create).
   */
  license_url: licenceUrlSchema,
  /**
   * Added (issue 16, decision 279): the DOI prefix (`10.12345`) and suffix pattern papers
   * without a DOI get theirs from when registering, and the preservation arrangement shown on
   * the journal's page; `""` clears, absent keeps on edit.
   */
  doi_prefix: z
    .string()
    .trim()
    .refine((v) => v === "" || DOI_PREFIX_PATTERN.test(v), DOI_PREFIX_MESSAGE)
    .optional(),
  doi_pattern: z
    .string()
    .trim()
    .max(100, DOI_SUFFIX_PATTERN_MESSAGE)
    .refine((v) => v === "" || isDoiSuffixPattern(v), DOI_SUFFIX_PATTERN_MESSAGE)
    .optional(),
  preservation: sentText(
    2000,
    msgWith("Preservation arrangement must be at most {max} characters.", { max: 2000 }),
  ),
  /**
   * Added (decision 440): the language its papers are in unless one says otherwise, and the
   * languages it publishes in (the primary one is always among them); absent or `""` keeps them
   * on edit (English on create).
   */
  primary_language: languageTag.transform((v) => v || undefined).optional(),
  languages: languageListSchema,
  /**
   * Added (issue 33, decision 490): the text of the journal's update (corrections and
   * retractions) policy page, and the DOI Crossmark names it by; `""` clears, absent keeps.
   */
  update_policy: sentText(
    MAX.abstract,
    msgWith("The update policy must be at most {max} characters.", { max: MAX.abstract }),
  ),
  update_policy_doi: z
    .string()
    .max(MAX.url, msgWith("The DOI must be at most {max} characters.", { max: MAX.url }))
    .optional()
    .transform((v) => (v === undefined ? undefined : normaliseDoi(v)))
    .pipe(
      z
        .string()
        .refine((v) => v === "" || DOI_PATTERN.test(v), OPTIONAL_DOI_MESSAGE)
        .optional(),
    ),
};

/**
 * The subject of a journal (home cards and /categories): one of the keys of `SUBJECTS`.
 * Optional on the wire, so callers written before subjects existed keep working: a new journal
 * then lands in "More Journals" and an edit leaves the subject as it is (decision 201).
 */
const subjectSchema = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .enum(SUBJECTS.map((s) => s.key) as [SubjectKey, ...SubjectKey[]], {
      error: msg("Choose the journal's subject from the list."),
    })
    .optional(),
);

/** The dashboard forms ask for the subject: nothing chosen is refused in the browser. */
const chosenSubjectSchema = z.enum(SUBJECTS.map((s) => s.key) as [SubjectKey, ...SubjectKey[]], {
  error: msg("Choose the journal's subject."),
});

/** POST /create_journal/1: journal basics (docs/product/validation.md: all required, plus the cover). */
export const journalStep1Schema = z.object({ ...journalBasics, subject: subjectSchema });

/** POST /create_journal/2 and /edit_journal/2: guidelines and contacts, keyed by journal_uri. */
export const journalStep2Schema = z.object({
  submission_guide: requiredText(
    MAX.guide,
    msg("Enter the submission guidelines."),
    msgWith("Submission guidelines must be at most {max} characters.", { max: MAX.guide }),
  ),
  other_guide: requiredText(
    MAX.guide,
    msg("Enter the other guidelines."),
    msgWith("Other guidelines must be at most {max} characters.", { max: MAX.guide }),
  ),
  journal_email: requiredEmail(msg("Enter the journal email address.")),
  journal_cost: requiredText(
    MAX.shortText,
    msg("Enter the paper submission cost, such as None."),
    msgWith("Paper submission cost must be at most {max} characters.", { max: MAX.shortText }),
  ),
  contact_name: requiredText(
    MAX.person,
    msg("Enter the contact's full name."),
    msgWith("Contact's full name must be at most {max} characters.", { max: MAX.person }),
  ),
  contact_email: requiredEmail(msg("Enter the contact email address.")),
  journal_uri: journalUriSchema,
});

/** Create step 1 as the dashboard form checks it: the subject must be chosen (decision 201). */
export const journalStep1FormSchema = journalStep1Schema.extend({ subject: chosenSubjectSchema });

/** POST /edit_journal/1: basics plus the active flag and the URI the journal has now. */
export const journalEditSchema = z.object({
  ...journalBasics,
  subject: subjectSchema,
  journal_active: z.enum(["Y", "N"], {
    error: msg("Set the journal active (Y) or inactive (N)."),
  }),
  primary_journal_uri: journalUriSchema,
});

// ---------------------------------------------------------------------------------------------
// Publications, papers, proceedings, partners

/**
 * The fields of an issue, without the rule across them, for forms that pick some of them
 * (zod refuses `.omit` on a refined object): {@link publicationSchema} is what the server parses.
 */
export const publicationFieldsSchema = z.object({
  volume: volumeSchema("volume"),
  issue: volumeSchema("issue"),
  /**
   * Added to the spec's fields (decision 185): "N" when the journal publishes continuously and
   * the issue has no real number, so `issue` only keys its URL; "Y" or absent otherwise.
   */
  show_number: z
    .enum(["Y", "N"], { error: msg("Choose whether the issue has an issue number.") })
    .optional()
    .transform((v) => v !== "N"),
  title: optionalText(
    MAX.title,
    msgWith("Publication title must be at most {max} characters.", { max: MAX.title }),
  ),
  year: yearSchema,
  editors: editorsSchema,
  /**
   * Added (decision 255): the issue's publication date, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, in
   * the year `year`; absent or empty means the year alone.
   */
  publication_date: sentPartialDate("publication date"),
  /**
   * Added (decision 258): `published` publishes a new issue at once; a new issue is a draft
   * otherwise. On edit, absent keeps the issue's status.
   */
  status: z
    .enum(["draft", "published"], {
      error: msg("Choose draft or published as the issue's status."),
    })
    .optional(),
});

/**
 * POST /create_publication and /edit_publication: an issue with its editorial board; its
 * publication date must fall in its year.
 */
export const publicationSchema = publicationFieldsSchema.superRefine((value, issue) => {
  const date = value.publication_date;
  if (date && Number(date.slice(0, 4)) !== value.year) {
    issue.addIssue({
      code: "custom",
      path: ["publication_date"],
      message: msgWith("The publication date must fall in the publication year, {year}.", {
        year: String(value.year),
      }),
    });
  }
});

/**
 * POST /create_paper and /edit_paper: the spec's fields, and the scholarly fields added beside
 * them (decision 256), each `undefined` when the body does not carry it (create: the default;
 * edit: kept as stored).
 */
export const paperSchema = z.object({
  sel_publication: idSchema(msg("Choose the publication (issue) of this paper.")),
  title: requiredText(
    MAX.title,
    msg("Enter the title of the paper."),
    msgWith("Paper title must be at most {max} characters.", { max: MAX.title }),
  ),
  doi: optionalDoiSchema,
  abstract: requiredText(
    MAX.abstract,
    msg("Enter the abstract."),
    msgWith("Abstract must be at most {max} characters.", { max: MAX.abstract }),
  ),
  keywords: optionalText(
    MAX.keywords,
    msgWith("Keywords must be at most {max} characters.", { max: MAX.keywords }),
  ),
  authors: authorsSchema,
  ...scholarlyPaperFields,
  /**
   * Added (issue 33, decision 490), on edit only: the change note of the new version an edit of
   * a published paper makes, and `minor_fix` ("1"/"on": a metadata fix that makes no version;
   * a new PDF or full text always does).
   */
  version_note: sentText(
    MAX.shortText,
    msgWith("The change note must be at most {max} characters.", { max: MAX.shortText }),
  ),
  minor_fix: z
    .union([z.boolean(), z.string()])
    .transform((v) => v === true || v === "1" || v === "on" || v === "true")
    .optional(),
});

/**
 * POST /add_paper_update/{journal}/{paper} (added, decision 490): an update notice (correction,
 * retraction…) about a published paper; its type is one of Crossref's (shared/updates.ts).
 */
export const paperUpdateSchema = z.object({
  type: z.enum(UPDATE_TYPES, { error: msg("Choose the type of the notice.") }),
  title: requiredText(
    MAX.title,
    msg("Enter the title of the notice."),
    msgWith("The notice's title must be at most {max} characters.", { max: MAX.title }),
  ),
  text: requiredText(
    MAX.abstract,
    msg("Enter the text of the notice."),
    msgWith("The notice's text must be at most {max} characters.", { max: MAX.abstract }),
  ),
  date: dateSchema(msg("Enter the date of the notice."), msg("Enter the date as YYYY-MM-DD.")),
  doi: optionalDoiSchema,
});

/** The fields of {@link paperUpdateSchema} as the server reads them. */
export type PaperUpdateInput = z.output<typeof paperUpdateSchema>;

/**
 * POST /remove_paper_pdf/{journal}/{paper} and /remove_proceeding_paper_pdf/{proceeding}/{paper}
 * (added, issue 34, decision 510): a JSON body with at most `version_note`, the change note of
 * the new version the removal makes of a paper on the record (as {@link paperSchema}'s, at most
 * `MAX.shortText` characters; absent or empty: no note).
 */
export const pdfRemovalSchema = z.object({ version_note: paperSchema.shape.version_note }).strict();

/**
 * POST /read_jats (added, decision 317): a multipart body with the file `jats_file` and no other
 * field.
 */
export const jatsReadSchema = z.object({}).strict();

/** A page number or an article number as printed ("465", "e1003"), optional. */
const pageSchema = (tooLong: string, malformed: string) =>
  z
    .string()
    .trim()
    .max(20, tooLong)
    .regex(/^[A-Za-z0-9.-]*$/, malformed)
    .optional()
    .transform((v) => v ?? "");

/**
 * POST /create_proceeding_paper/{proceeding} and /edit_proceeding_paper/{proceeding}/{paper}
 * (decision 202): a journal paper's fields without the publication, plus its pages.
 */
export const proceedingPaperSchema = paperSchema.omit({ sel_publication: true }).extend({
  first_page: pageSchema(
    msg("Keep the first page under 20 characters."),
    msg("Enter the first page as printed, such as 465 or e1003."),
  ),
  last_page: pageSchema(
    msg("Keep the last page under 20 characters."),
    msg("Enter the last page as printed, such as 465 or e1003."),
  ),
});

/** `''` (nothing chosen), `'new'` or the id of an existing event, as the event select sends it. */
const eventChoiceSchema = z
  .union([z.literal(""), z.literal("new"), z.string().trim().regex(/^\d+$/)], {
    error: msg("Choose an event from the list, or New Event."),
  })
  .optional()
  .transform((v): "" | "new" | number =>
    v === undefined || v === "" ? "" : v === "new" ? "new" : Number(v),
  );

const proceedingFields = {
  event: eventChoiceSchema,
  event_name: optionalText(
    MAX.name,
    msgWith("Event name must be at most {max} characters.", { max: MAX.name }),
  ),
  event_start_date: z
    .string()
    .overwrite(stripXmlForbidden)
    .trim()
    .optional()
    .transform((v) => v ?? ""),
  event_end_date: z
    .string()
    .overwrite(stripXmlForbidden)
    .trim()
    .optional()
    .transform((v) => v ?? ""),
  title: requiredText(
    MAX.title,
    msg("Enter the proceeding title."),
    msgWith("Proceeding title must be at most {max} characters.", { max: MAX.title }),
  ),
  sub_title: optionalText(
    MAX.title,
    msgWith("Sub title must be at most {max} characters.", { max: MAX.title }),
  ),
  issn: optionalIssnSchema,
  publisher: optionalText(MAX.name, PUBLISHER_TOO_LONG),
  year: yearSchema,
  intro: requiredText(
    MAX.intro,
    msg("Enter the introduction (summary)."),
    msgWith("Introduction must be at most {max} characters.", { max: MAX.intro }),
  ),
  editors: editorsSchema,
  /**
   * Added (decision 440): the language of its papers unless one says otherwise; absent keeps it
   * on edit, `""` (or absent on create) is the site's default, English.
   */
  language: sentLanguageSchema,
};

type EventFields = {
  event: "" | "new" | number;
  event_name: string;
  event_start_date: string;
  event_end_date: string;
};

/** Checks the event fields when they are shown: a name and two dates, the end not before the start. */
function checkEventFields(value: EventFields, issue: z.RefinementCtx, shown: boolean): void {
  if (!shown) return;
  if (!value.event_name) {
    issue.addIssue({
      code: "custom",
      path: ["event_name"],
      message: msg("Enter the event name."),
    });
  }
  const start = dateSchema(
    msg("Enter the event start date."),
    msg("Enter the event start date as a date such as 2009-06-15."),
  ).safeParse(value.event_start_date);
  const end = dateSchema(
    msg("Enter the event end date."),
    msg("Enter the event end date as a date such as 2009-06-15."),
  ).safeParse(value.event_end_date);
  if (!start.success) {
    issue.addIssue({
      code: "custom",
      path: ["event_start_date"],
      message: start.error.issues[0]!.message,
    });
  }
  if (!end.success) {
    issue.addIssue({
      code: "custom",
      path: ["event_end_date"],
      message: end.error.issues[0]!.message,
    });
  }
  if (start.success && end.success && end.data < start.data) {
    issue.addIssue({
      code: "custom",
      path: ["event_end_date"],
      message: msg("The event cannot end before it starts."),
    });
  }
}

/**
 * POST /create_proceedings. `event` is required: `'new'` reveals and requires the event fields;
 * an existing event's id uses that event as it is.
 */
export const proceedingSchema = z.object(proceedingFields).superRefine((value, issue) => {
  if (value.event === "") {
    issue.addIssue({
      code: "custom",
      path: ["event"],
      message: msg("Choose the event of this proceeding, or New Event."),
    });
  }
  checkEventFields(value, issue, value.event === "new");
});

/**
 * POST /edit_proceeding/{proceeding}: as create plus `primary_event_id` (the event the form was
 * loaded with). Any non-empty `event` reveals the event fields (docs/product/screens.md), which then
 * rename or re-date that event; `''` keeps the proceeding's event unchanged.
 */
export const proceedingEditSchema = z
  .object({
    ...proceedingFields,
    primary_event_id: z
      .union([z.literal(""), idSchema(msg("The event of this proceeding is not valid."))])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v)),
  })
  .superRefine((value, issue) => checkEventFields(value, issue, value.event !== ""));

/** A partner institution of the home page carousel (docs/product/overview.md). */
export const partnerSchema = z.object({
  name: requiredText(
    MAX.name,
    msg("Enter the partner's name."),
    msgWith("Partner's name must be at most {max} characters.", { max: MAX.name }),
  ),
  link: z
    .string()
    .overwrite(stripXmlForbidden)
    .trim()
    .max(MAX.url, LINK_TOO_LONG)
    .pipe(
      z.union([
        z.literal(""),
        z.url({
          protocol: /^https?$/,
          error: msg("Enter the partner's web address starting with https://, or leave it empty."),
        }),
      ]),
    )
    .optional()
    .transform((v) => v ?? ""),
  position: z.coerce
    .number<string | number>()
    .int(msg("The position must be a whole number."))
    .min(1, msg("The position starts at 1."))
    .max(10_000, msg("The position must be at most 10000."))
    .optional(),
});

// ---------------------------------------------------------------------------------------------
// Types: `…Input` is what a schema outputs (what services take), `…Values` what a form holds.

export type EditorInput = z.output<typeof editorSchema>;
export type ReferenceInput = z.output<typeof referenceSchema>;
export type FundingInput = z.output<typeof fundingSchema>;
export type JournalStep1Input = z.output<typeof journalStep1Schema>;
export type JournalStep2Input = z.output<typeof journalStep2Schema>;
export type JournalEditInput = z.output<typeof journalEditSchema>;
/**
 * A parsed issue; `show_number` absent means true, `publication_date` absent the year alone and
 * `status` absent `published` (callers other than the API: the importer and tests).
 */
export type PublicationInput = Omit<
  z.output<typeof publicationSchema>,
  "show_number" | "publication_date" | "status"
> & {
  show_number?: boolean;
  publication_date?: string;
  status?: "draft" | "published";
};
/** Edit main details as the dashboard form checks it: the subject must be chosen. */
export const journalEditFormSchema = journalEditSchema.extend({ subject: chosenSubjectSchema });
export type PaperInput = z.output<typeof paperSchema>;
export type ProceedingInput = z.output<typeof proceedingSchema>;
export type ProceedingEditInput = z.output<typeof proceedingEditSchema>;
export type PartnerInput = z.output<typeof partnerSchema>;

export type JournalStep1Values = z.input<typeof journalStep1FormSchema>;
export type JournalEditValues = z.input<typeof journalEditFormSchema>;
export type ProceedingValues = z.input<typeof proceedingSchema>;

/** The message of a password shorter than {@link MIN_PASSWORD_LENGTH}. */
export const PASSWORD_TOO_SHORT = msgWith("Your password must be at least {min} characters long.", {
  min: MIN_PASSWORD_LENGTH,
});

/**
 * A new password and its confirmation as a form checks them before sending (registration, reset,
 * change): each required with the form's own wording, the password at least
 * {@link MIN_PASSWORD_LENGTH} characters. Spread into the form's `z.object` and refine it with
 * {@link passwordsMatch}; the server checks the same again (server/features/accounts/users.ts).
 */
export function newPasswordFields(missing: { pword: string; cpword: string }) {
  return {
    pword: z.string().min(1, missing.pword).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
    cpword: z.string().min(1, missing.cpword),
  };
}

/**
 * `.refine(...passwordsMatch)`: the confirmation equals the password, checked once it is typed,
 * else 'Passwords you entered do not match!' under the confirmation.
 */
export const passwordsMatch: [
  (v: { pword: string; cpword: string }) => boolean,
  { path: string[]; message: string },
] = [
  (v) => v.cpword === "" || v.pword === v.cpword,
  { path: ["cpword"], message: MESSAGES.passwordsDoNotMatch },
];

// ---------------------------------------------------------------------------------------------
// Accounts (docs/product/api.md, Account): the wire schemas the server parses, and the forms'
// schemas built from the same fields. The server checks the password length and the match again
// (server/features/accounts/users.ts), so the wire schema only bounds the passwords.

/** Required trimmed account text with the account forms' wording (`This field is too long.`). */
function accountText(missing: string, max: number) {
  return z
    .string({ error: missing })
    .overwrite(stripXmlForbidden)
    .trim()
    .min(1, missing)
    .max(max, msg("This field is too long."));
}

/** A password as typed (never trimmed); the upper bound keeps hashing cheap to refuse. */
function passwordText(missing: string, tooLongMessage: string = msg("This password is too long.")) {
  return z.string({ error: missing }).min(1, missing).max(1024, tooLongMessage);
}

const EMAIL_MISSING = msg("Please enter your email address.");
const EMAIL_INVALID = msg("Please enter a valid email address.");
const PASSWORD_MISSING = msg("Please enter a password.");
const PASSWORD_UNCONFIRMED = msg("Please confirm your password.");
const ADMINCODE_MISSING = msg("Please enter the admin passcode.");

const accountEmail = accountText(EMAIL_MISSING, 254).pipe(z.email(EMAIL_INVALID));

/** POST /forgot_password: `{email}`. */
export const forgotPasswordSchema = z.object({ email: accountEmail });

/** A new password and its confirmation on the wire (registration, reset, change). */
export const newPasswordWireFields = {
  pword: passwordText(PASSWORD_MISSING),
  cpword: passwordText(PASSWORD_UNCONFIRMED),
};

const personFields = {
  fname: accountText(msg("Please enter your first name."), 100),
  lname: accountText(msg("Please enter your last name."), 100),
  phone: accountText(msg("Please enter your phone number."), 40).refine(
    (phone) => /^\+?[\d\s().-]+$/.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 5,
    msg("Please enter a valid phone number."),
  ),
};

/** POST /register: `{fname, lname, phone, email, pword, cpword, admincode}`. */
export const registerSchema = z.object({
  ...personFields,
  email: accountEmail,
  ...newPasswordWireFields,
  admincode: z
    .string({ error: ADMINCODE_MISSING })
    .trim()
    .min(1, ADMINCODE_MISSING)
    .max(1024, msg("This field is too long.")),
});

/** POST /register_invited (decision 191): no passcode, no email; the invitation's token. */
export const registerInvitedSchema = z.object({
  ...personFields,
  ...newPasswordWireFields,
  invite: z
    .string({ error: INVITATION_GONE })
    .trim()
    .min(1, INVITATION_GONE)
    .max(100, INVITATION_GONE),
});

/**
 * POST /confirm_admin (decision 379): the mailed link's token and the registered account's
 * password. An unusable token is answered as a link that is gone.
 */
export const confirmAdminSchema = z.object({
  token: z.string().max(200).catch(""),
  pword: passwordText(msg("Please enter your password.")),
});

/** POST /login: `{email, pword, remember?}`. */
export const loginSchema = z.object({
  email: accountText(EMAIL_MISSING, 254),
  pword: passwordText(msg("Please enter your password."), msg("Invalid email or password.")),
  /** "Remember me": JSON true, or a form value such as "on", "Y", "1". */
  remember: z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((v) => v === true || v === 1 || /^(on|true|y|yes|1)$/i.test(String(v ?? ""))),
});

/** The sign-in form (/manager): the wire fields, the address checked as one, the box a boolean. */
export const loginFormSchema = loginSchema.extend({
  email: loginSchema.shape.email.pipe(z.email(EMAIL_INVALID)),
  remember: z.boolean(),
});

/**
 * The registration form (/registration): the wire fields, the new password checked as
 * {@link newPasswordFields}; `invite` is the invitation token, with which no passcode is asked.
 */
export const registrationFormSchema = z
  .object({
    ...personFields,
    email: accountEmail,
    ...newPasswordFields({ pword: PASSWORD_MISSING, cpword: PASSWORD_UNCONFIRMED }),
    admincode: z.string(),
    invite: z.string(),
  })
  .refine(...passwordsMatch)
  .refine((v) => v.invite !== "" || v.admincode.trim() !== "", {
    path: ["admincode"],
    message: ADMINCODE_MISSING,
  });
