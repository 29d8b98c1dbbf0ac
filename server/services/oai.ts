/**
 * The records behind the OAI-PMH 2.0 endpoint (http://www.openarchives.org/OAI/openarchivesprotocol.html):
 * every paper of an active journal in a published issue, as unqualified Dublin Core, with sets
 * per journal (`journal:{uri}`). Identifiers are `oai:{repository id}:paper/{paperID}`; the
 * datestamp is the paper's last change in UTC with seconds granularity.
 */
import { paperLink, publicationLabel, splitKeywords } from "../../shared/format.ts";
import type { AppContext } from "./context.ts";
import { authorsByPaper, galleyUrl, publishedJournalPapers } from "./papers/queries.ts";

export type OaiRecord = {
  paperId: number;
  /** `YYYY-MM-DDThh:mm:ssZ`. */
  datestamp: string;
  setSpec: string;
  dc: {
    title: string;
    creator: string[];
    subject: string[];
    description: string;
    publisher: string;
    date: string;
    type: string;
    format: string;
    identifier: string[];
    source: string;
    language: string;
    rights: string;
  };
};

export type OaiSet = { setSpec: string; setName: string };

/** ISO timestamp → OAI seconds-granularity datestamp. */
export function toDatestamp(iso: string): string {
  return `${iso.slice(0, 19)}Z`;
}

/** Sets: one per active journal, by URI. */
export async function listOaiSets(ctx: AppContext): Promise<OaiSet[]> {
  const rows = await ctx.db
    .selectFrom("journals")
    .select(["uri", "name"])
    .where("active", "=", 1)
    .orderBy("uri")
    .execute();
  return rows.map((r) => ({ setSpec: `journal:${r.uri}`, setName: r.name }));
}

/** The earliest datestamp of any record, or now when there are none. */
export async function earliestDatestamp(ctx: AppContext): Promise<string> {
  const row = await ctx.db
    .selectFrom("papers")
    .select((eb) => eb.fn.min("updated_at").as("first"))
    .executeTakeFirst();
  return toDatestamp((row?.first as string | null) ?? new Date().toISOString());
}

export type RecordQuery = {
  /** Inclusive bounds as ISO timestamps. */
  from?: string;
  until?: string;
  /** `journal:{uri}`. */
  set?: string;
  paperId?: number;
  /** Paper id to continue after (resumption), exclusive. */
  afterId?: number;
  limit: number;
  /** Absolute origin for links, e.g. `https://journals.example.edu`. */
  origin: string;
};

/** Records matching the query in paper id order (the order resumption relies on). */
export async function listOaiRecords(ctx: AppContext, q: RecordQuery): Promise<OaiRecord[]> {
  let query = publishedJournalPapers(ctx).select([
    "p.id",
    "p.title",
    "p.abstract",
    "p.keywords",
    "p.doi",
    "p.file",
    "p.published_on as paper_published_on",
    "p.license_url",
    "p.updated_at",
    "pub.volume",
    "pub.number",
    "pub.year",
    "pub.published_on",
    "j.uri",
    "j.name as journal_name",
    "j.publisher",
    "j.issn",
    "j.eissn",
  ]);
  if (q.from) query = query.where("p.updated_at", ">=", q.from);
  if (q.until) query = query.where("p.updated_at", "<=", q.until);
  if (q.set) query = query.where("j.uri", "=", q.set.replace(/^journal:/, ""));
  if (q.paperId !== undefined) query = query.where("p.id", "=", q.paperId);
  if (q.afterId !== undefined) query = query.where("p.id", ">", q.afterId);
  const rows = await query.orderBy("p.id").limit(q.limit).execute();
  if (rows.length === 0) return [];
  const authors = await authorsByPaper(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const identifiers = [`${q.origin}${paperLink(r.uri, r.id)}`];
    if (r.doi) identifiers.push(`https://doi.org/${r.doi}`);
    const source = [
      `${r.journal_name}, ${publicationLabel(r.volume, r.number, r.year)}`,
      r.issn ? `ISSN ${r.issn}` : "",
      r.eissn ? `eISSN ${r.eissn}` : "",
    ]
      .filter(Boolean)
      .join("; ");
    return {
      paperId: r.id,
      datestamp: toDatestamp(r.updated_at),
      setSpec: `journal:${r.uri}`,
      dc: {
        title: r.title,
        creator: (authors.get(r.id) ?? []).map((a) => a.name),
        subject: splitKeywords(r.keywords),
        description: r.abstract,
        publisher: r.publisher ?? "",
        date: r.paper_published_on ?? r.published_on,
        type: "Text",
        format: r.file ? "application/pdf" : "",
        identifier: r.file
          ? [...identifiers, `${q.origin}${galleyUrl(r.uri, r.id, r.title)}`]
          : identifiers,
        source,
        language: "en",
        rights: r.license_url ?? "",
      },
    };
  });
}
