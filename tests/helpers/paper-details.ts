/**
 * Pieces of paper-page fixtures (`PaperDetail`, `ProceedingPaperDetail`) for unit tests of the
 * writers: authors with literal names (no given/family split, as old rows have) and the
 * scholarly fields of decision 256 left empty.
 */
import type {
  PaperAuthorItem,
  PaperLanguages,
  PaperRecordState,
  PaperScholarly,
} from "../../shared/api.ts";
import { splitInstitutions } from "../../shared/format.ts";

/** An author stored as one literal name, its institution's parts as affiliations. */
export function literalAuthor(name: string, institution = ""): PaperAuthorItem {
  return {
    name,
    institution,
    given_names: "",
    family_name: "",
    suffix: "",
    orcid: "",
    affiliations: splitInstitutions(institution).map((a) => ({ name: a, ror: "" })),
    corresponding: false,
  };
}

/** An author as a person (decision 255): given names and family name, particles kept. */
export function personAuthor(given: string, family: string, institution = ""): PaperAuthorItem {
  return {
    ...literalAuthor(`${given} ${family}`, institution),
    given_names: given,
    family_name: family,
  };
}

/**
 * No dates but the publication date, no copyright, funding or references; in English without
 * translations (decision 440).
 */
export function emptyScholarly(
  publicationDate: string,
): PaperScholarly & PaperLanguages & PaperRecordState {
  return {
    updates: [],
    files_removed: "",
    version: 1,
    versions: [],
    language: "en",
    translations: [],
    publication_date: publicationDate,
    received_on: "",
    accepted_on: "",
    copyright_holder: "",
    copyright_year: null,
    funding_statement: "",
    funding: [],
    references: [],
  };
}
