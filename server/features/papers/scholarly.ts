/**
 * The scholarly parts of a paper (decision 255): its authors as people with affiliations, its
 * funders and its reference list, written and read for journal and conference papers alike.
 *
 * Authors: `paper_authors` rows in order, each with its `paper_author_affiliations`. `name` and
 * `institution` are derived on every write ({@link personOf}): `given_names family_name suffix`, or
 * the literal name when there is no family name (never split); the affiliations' names joined
 * with "; ". An edit whose author row carried only the spec's fields (`structured: false`, the
 * dashboard's form before stage 2 and any client that knows only the spec) keeps the stored
 * person of the same name at that paper: given/family names, ORCID iD, corresponding flag, and
 * the affiliations with their ROR ids while the institution text is unchanged (decision 256).
 *
 * Translations (decision 440): a paper's title, abstract and keywords in other languages than
 * its own, one `paper_translations` row per language in the order given.
 */
import type { PaperAuthorItem, TranslationItem } from "../../../shared/api.ts";
import { splitInstitutions } from "../../../shared/format.ts";
import type { FundingInput, ReferenceInput } from "../../../shared/schemas.ts";
import type { Db } from "../../db/database.ts";
import type { PaperAuthor, PaperAuthorAffiliation } from "../../db/schema.ts";
import { nullIfEmpty, type Trx } from "../../services/write.ts";

/** An affiliation as written: its name as printed and its ROR id (`""` when none). */
export type AffiliationWrite = { name: string; ror: string };

/**
 * An author as the write services take it: the spec's three fields and, optionally, the person.
 * Callers other than the API (the importer, tests) may give only what they know; `name` is
 * derived when `family_name` is given, `institution` when `affiliations` are.
 */
export type AuthorWrite = {
  name: string;
  email: string;
  institution: string;
  given_names?: string;
  family_name?: string;
  /** "Jr.", "III". */
  suffix?: string;
  /** `https://orcid.org/…` (checked by the caller: shared/schemas.ts or the importer), or `""`. */
  orcid?: string;
  affiliations?: readonly AffiliationWrite[];
  corresponding?: boolean;
  /**
   * False for a row that carried only the spec's fields: an edit then keeps the stored person
   * of the same name. Absent means true.
   */
  structured?: boolean;
};

/** An author's columns (but its paper and position) and affiliations as stored. */
type Person = Omit<PaperAuthor, "id" | "paper_id" | "position"> & {
  affiliations: AffiliationWrite[];
};

/**
 * The stored person of `author`: the name derived from the family and given names (or the
 * literal name), the institution from the affiliations (or the affiliations from the
 * institution, several joined with "; " being several).
 */
export function personOf(author: AuthorWrite): Person {
  const family = author.family_name?.trim() ?? "";
  const given = family ? (author.given_names?.trim() ?? "") : "";
  const suffix = family ? (author.suffix?.trim() ?? "") : "";
  const affiliations = author.affiliations?.length
    ? author.affiliations.map((a) => ({ name: a.name.trim(), ror: a.ror }))
    : splitInstitutions(author.institution).map((name) => ({ name, ror: "" }));
  return {
    name: family ? [given, family, suffix].filter(Boolean).join(" ") : author.name.trim(),
    email: nullIfEmpty(author.email),
    institution: nullIfEmpty(affiliations.map((a) => a.name).join("; ")),
    given_names: nullIfEmpty(given),
    family_name: nullIfEmpty(family),
    suffix: nullIfEmpty(suffix),
    orcid: nullIfEmpty(author.orcid),
    corresponding: author.corresponding ? 1 : 0,
    affiliations,
  };
}

/** Authors of each paper in order, each with its affiliations in order. */
export type AuthorWithAffiliations = PaperAuthor & { affiliations: PaperAuthorAffiliation[] };

/** Authors of each paper, in their order, keyed by paper id (papers without authors absent). */
export async function authorsByPaper(
  db: Db,
  paperIds: readonly number[],
): Promise<Map<number, PaperAuthor[]>> {
  if (paperIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("paper_authors")
    .selectAll()
    .where("paper_id", "in", paperIds)
    .orderBy("paper_id")
    .orderBy("position")
    .execute();
  return Map.groupBy(rows, (row) => row.paper_id);
}

/**
 * The authors of `paperIds` with their affiliations, keyed by paper id (papers without authors
 * absent), in their order.
 */
export async function peopleByPaper(
  db: Db,
  paperIds: readonly number[],
): Promise<Map<number, AuthorWithAffiliations[]>> {
  const authors = await authorsByPaper(db, paperIds);
  if (authors.size === 0) return new Map();
  const affiliations = await db
    .selectFrom("paper_author_affiliations as f")
    .innerJoin("paper_authors as a", "a.id", "f.author_id")
    .selectAll("f")
    .where("a.paper_id", "in", paperIds)
    .orderBy("f.author_id")
    .orderBy("f.position")
    .execute();
  const byAuthor = Map.groupBy(affiliations, (row) => row.author_id);
  return new Map(
    [...authors].map(([paperId, list]) => [
      paperId,
      list.map((author) => ({ ...author, affiliations: byAuthor.get(author.id) ?? [] })),
    ]),
  );
}

/** An author as a paper page shows it: the spec's fields and the person (decision 256). */
export function authorItem(a: AuthorWithAffiliations): PaperAuthorItem {
  return {
    name: a.name,
    institution: a.institution ?? "",
    given_names: a.given_names ?? "",
    family_name: a.family_name ?? "",
    suffix: a.suffix ?? "",
    orcid: a.orcid ?? "",
    affiliations: a.affiliations.map((f) => ({ name: f.name, ror: f.ror ?? "" })),
    corresponding: a.corresponding === 1,
  };
}

/**
 * The person an edit's spec-only row stands for: the stored author of the same name not yet
 * taken (see the module comment), else a literal name.
 */
function keepStoredPerson(
  author: AuthorWrite,
  stored: AuthorWithAffiliations[],
  taken: Set<number>,
) {
  const match = stored.find((s) => !taken.has(s.id) && s.name === author.name.trim());
  if (!match) return personOf(author);
  taken.add(match.id);
  const sameInstitution = (match.institution ?? "") === author.institution.trim();
  const person = authorItem(match);
  return personOf({
    ...person,
    email: author.email,
    institution: author.institution,
    affiliations: sameInstitution ? person.affiliations : undefined,
  });
}

/**
 * Replaces the authors of a paper (and their affiliations), keeping their order in `position`.
 * `edit`: spec-only rows keep the stored person of the same name (module comment).
 */
export async function replaceAuthors(
  trx: Trx,
  paperId: number,
  authors: readonly AuthorWrite[],
  { edit = false }: { edit?: boolean } = {},
): Promise<void> {
  const keep = edit && authors.some((a) => a.structured === false);
  const stored = keep ? ((await peopleByPaper(trx, [paperId])).get(paperId) ?? []) : [];
  const taken = new Set<number>();
  const people = authors.map((a) =>
    keep && a.structured === false ? keepStoredPerson(a, stored, taken) : personOf(a),
  );
  // affiliations go with their author (on delete cascade)
  await trx.deleteFrom("paper_authors").where("paper_id", "=", paperId).execute();
  if (people.length === 0) return;
  const rows = await trx
    .insertInto("paper_authors")
    .values(
      people.map(({ affiliations: _, ...person }, i) => ({
        paper_id: paperId,
        position: i + 1,
        ...person,
      })),
    )
    .returning(["id", "position"])
    .execute();
  const idAt = new Map(rows.map((r) => [Number(r.position), r.id]));
  const affiliations = people.flatMap((person, i) =>
    person.affiliations.map((a, j) => ({
      author_id: idAt.get(i + 1)!,
      position: j + 1,
      name: a.name,
      ror: nullIfEmpty(a.ror),
    })),
  );
  if (affiliations.length) {
    await trx.insertInto("paper_author_affiliations").values(affiliations).execute();
  }
}

/** Replaces a paper's funders, in order. */
export async function replaceFunding(
  trx: Trx,
  paperId: number,
  funding: readonly FundingInput[],
): Promise<void> {
  await trx.deleteFrom("paper_funding").where("paper_id", "=", paperId).execute();
  if (funding.length === 0) return;
  await trx
    .insertInto("paper_funding")
    .values(
      funding.map((f, i) => ({
        paper_id: paperId,
        position: i + 1,
        funder_name: f.funder_name,
        funder_id: nullIfEmpty(f.funder_id),
        award_ids: JSON.stringify(f.award_ids),
      })),
    )
    .execute();
}

/** Rows per insert statement: PostgreSQL allows 65535 parameters, SQLite 32766. */
const REFERENCE_CHUNK = 500;

/** Replaces a paper's reference list, in order. */
export async function replaceReferences(
  trx: Trx,
  paperId: number,
  references: readonly ReferenceInput[],
): Promise<void> {
  await trx.deleteFrom("paper_references").where("paper_id", "=", paperId).execute();
  const rows = references.map((r, i) => ({
    paper_id: paperId,
    position: i + 1,
    ref_id: nullIfEmpty(r.ref_id),
    label: nullIfEmpty(r.label),
    citation: r.citation,
    doi: nullIfEmpty(r.doi),
    pmid: nullIfEmpty(r.pmid),
    url: nullIfEmpty(r.url),
  }));
  for (let i = 0; i < rows.length; i += REFERENCE_CHUNK) {
    await trx
      .insertInto("paper_references")
      .values(rows.slice(i, i + REFERENCE_CHUNK))
      .execute();
  }
}

/** A funder as read: award numbers parsed back into a list. */
export type FundingRead = { funder_name: string; funder_id: string; award_ids: string[] };

/** `award_ids` as stored (a JSON array of strings); `[]` for anything else. */
function awardIds(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** A paper's funders in order. */
export async function fundingOf(db: Db, paperId: number): Promise<FundingRead[]> {
  const rows = await db
    .selectFrom("paper_funding")
    .select(["funder_name", "funder_id", "award_ids"])
    .where("paper_id", "=", paperId)
    .orderBy("position")
    .execute();
  return rows.map((r) => ({
    funder_name: r.funder_name,
    funder_id: r.funder_id ?? "",
    award_ids: awardIds(r.award_ids),
  }));
}

/** A reference as read: empty strings for what is unknown. */
export type ReferenceRead = ReferenceInput;

/**
 * A reference with its unknown parts (null or absent: a stored row, a JATS file's reference, a
 * checked form row) as {@link ReferenceRead}, every unknown part `""`.
 */
export function referenceRead(r: {
  ref_id?: string | null;
  label?: string | null;
  citation: string;
  doi?: string | null;
  pmid?: string | null;
  url?: string | null;
}): ReferenceRead {
  return {
    ref_id: r.ref_id ?? "",
    label: r.label ?? "",
    citation: r.citation,
    doi: r.doi ?? "",
    pmid: r.pmid ?? "",
    url: r.url ?? "",
  };
}

/** A paper's reference list in order. */
export async function referencesOf(db: Db, paperId: number): Promise<ReferenceRead[]> {
  const rows = await db
    .selectFrom("paper_references")
    .select(["ref_id", "label", "citation", "doi", "pmid", "url"])
    .where("paper_id", "=", paperId)
    .orderBy("position")
    .execute();
  return rows.map(referenceRead);
}

/** Replaces a paper's translations (decision 440), in order; an empty text is stored as null. */
export async function replaceTranslations(
  trx: Trx,
  paperId: number,
  translations: readonly TranslationItem[],
): Promise<void> {
  await trx.deleteFrom("paper_translations").where("paper_id", "=", paperId).execute();
  if (translations.length === 0) return;
  await trx
    .insertInto("paper_translations")
    .values(
      translations.map((t, i) => ({
        paper_id: paperId,
        language: t.language,
        position: i + 1,
        title: nullIfEmpty(t.title),
        abstract: nullIfEmpty(t.abstract),
        keywords: nullIfEmpty(t.keywords),
      })),
    )
    .execute();
}

/**
 * The translations of `paperIds` in their order, keyed by paper id (papers without any
 * absent); a part not given in a language is `""`.
 */
export async function translationsByPaper(
  db: Db,
  paperIds: readonly number[],
): Promise<Map<number, TranslationItem[]>> {
  if (paperIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("paper_translations")
    .select(["paper_id", "language", "title", "abstract", "keywords"])
    .where("paper_id", "in", paperIds)
    .orderBy("paper_id")
    .orderBy("position")
    .execute();
  const grouped = Map.groupBy(rows, (row) => row.paper_id);
  return new Map(
    [...grouped].map(([paperId, list]) => [
      paperId,
      list.map((t) => ({
        language: t.language,
        title: t.title ?? "",
        abstract: t.abstract ?? "",
        keywords: t.keywords ?? "",
      })),
    ]),
  );
}

/** A paper's translations in their order (see {@link translationsByPaper}). */
export async function translationsOf(db: Db, paperId: number): Promise<TranslationItem[]> {
  return (await translationsByPaper(db, [paperId])).get(paperId) ?? [];
}
