/**
 * The records behind the OAI-PMH 2.0 endpoint (http://www.openarchives.org/OAI/openarchivesprotocol.html):
 * every paper of an active journal in a published issue and every proceeding paper, as
 * unqualified Dublin Core, with sets `journal`, `journal:{uri}`, `proceeding`, `proceeding:{slug}`. Identifiers are `oai:{repository id}:paper/{paperID}`; the
 * datestamp is the paper's last change in UTC with seconds granularity. `dc:date` (and the
 * JATS front's publication date) is the paper's effective publication date (decision 255:
 * its own, else its issue's, else its proceeding's year), never when it went online.
 * `dc:language` is the paper's language (a BCP 47 tag, as DCMI recommends); its title,
 * description and subjects come in its language and then in each translation's, each marked
 * with its `xml:lang` (decision 441).
 */

import { effectivePaperDate } from "../../../shared/dates.ts";
import {
  paperLink,
  proceedingCitationLine,
  proceedingLink,
  publicationLabel,
  splitKeywords,
} from "../../../shared/format.ts";
import { noticeAnchor } from "../../../shared/updates.ts";
import type { AppContext } from "../../services/context.ts";
import { galleyUrl, proceedingGalleyUrl } from "../papers/queries.ts";
import { authorsByPaper, translationsByPaper } from "../papers/scholarly.ts";
import { PAPER_RECORD_COLUMNS, papersWithVenues } from "../papers/with-venues.ts";
import { noticesByPaper } from "../updates/notices.ts";

/** A Dublin Core value in a language: `xml:lang` (a BCP 47 tag) on its element. */
export type LangText = { value: string; lang: string };

export type OaiRecord = {
  paperId: number;
  /** `YYYY-MM-DDThh:mm:ssZ`. */
  datestamp: string;
  setSpec: string;
  /** What the JATS front matter needs beyond Dublin Core (`oai_jats`, server/features/oai/oai-jats.ts). */
  front: OaiFront;
  dc: {
    /** The paper's title, then its translated titles. */
    title: LangText[];
    creator: string[];
    subject: LangText[];
    /** The abstract, then the translated abstracts. */
    description: LangText[];
    publisher: string;
    date: string;
    type: string;
    format: string;
    identifier: string[];
    source: string;
    /**
     * The paper's update notices (decision 490), newest first: each notice's DOI URL, else its
     * anchor on the paper's page (a URI, as DCMI recommends for `dc:relation`).
     */
    relation: string[];
    language: string;
    rights: string;
  };
};

/** The venue and the paper's identifiers, structured; optional text `""` when absent. */
export type OaiFront = {
  /** Journal URI or proceeding slug. */
  venueId: string;
  /** Journal name or proceeding title. */
  venueTitle: string;
  issn: string;
  eissn: string;
  isbn: string;
  publisher: string;
  volume: string;
  issue: string;
  /** The effective publication date (decision 255): `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  published: string;
  doi: string;
  keywords: string[];
  licenseUrl: string;
  pageUrl: string;
  pdfUrl: string;
  /** Conference papers only. */
  conference: { name: string; startDate: string; endDate: string; location: string } | null;
};

export type OaiSet = { setSpec: string; setName: string };

/** Parent set of every journal paper; each journal's set is `journal:{uri}` beneath it. */
export const JOURNAL_SET = "journal";
/** Parent set of every conference paper; each proceeding's set is `proceeding:{slug}`. */
export const PROCEEDING_SET = "proceeding";

/** ISO timestamp → OAI seconds-granularity datestamp. */
export function toDatestamp(iso: string): string {
  return `${iso.slice(0, 19)}Z`;
}

/**
 * Sets, a two-level hierarchy (protocol section 4.6: a record in `A:B` is in `A` too):
 * `journal` with one `journal:{uri}` per active journal, and `proceeding` with one
 * `proceeding:{slug}` per proceeding. Parents come before their children.
 */
export async function listOaiSets(ctx: AppContext): Promise<OaiSet[]> {
  const journals = await ctx.readDb
    .selectFrom("journals")
    .select(["uri", "name"])
    .where("active", "=", 1)
    .orderBy("uri")
    .execute();
  const proceedings = await ctx.readDb
    .selectFrom("proceedings")
    .select(["slug", "title"])
    .orderBy("slug")
    .execute();
  return [
    { setSpec: JOURNAL_SET, setName: "Journals" },
    ...journals.map((r) => ({ setSpec: `${JOURNAL_SET}:${r.uri}`, setName: r.name })),
    { setSpec: PROCEEDING_SET, setName: "Conference proceedings" },
    ...proceedings.map((r) => ({ setSpec: `${PROCEEDING_SET}:${r.slug}`, setName: r.title })),
  ];
}

/**
 * The papers that are records (`papers as p` with `pub`, `j`, `pr`, `e` joined): those of an
 * active journal's published issues, and every proceeding paper (proceedings have no drafts).
 */
function recordPapers(ctx: AppContext) {
  return papersWithVenues(ctx.readDb).where((eb) =>
    eb.or([
      eb.and([eb("j.active", "=", 1), eb("pub.status", "=", "published")]),
      eb("pr.id", "is not", null),
    ]),
  );
}

/** The earliest datestamp of any record (hidden papers do not count), or now when there are none. */
export async function earliestDatestamp(ctx: AppContext): Promise<string> {
  const row = await recordPapers(ctx)
    .select((eb) => eb.fn.min("p.updated_at").as("first"))
    .executeTakeFirst();
  return toDatestamp((row?.first as string | null) ?? new Date().toISOString());
}

export type RecordQuery = {
  /** Inclusive bounds as ISO timestamps. */
  from?: string;
  until?: string;
  /** A setSpec of {@link listOaiSets}: a parent matches every record of its children. */
  set?: string;
  paperId?: number;
  /** Paper id to continue after (resumption), exclusive. */
  afterId?: number;
  limit: number;
  /** Absolute origin for links, e.g. `https://journals.example.edu`. */
  origin: string;
};

/** The columns of a record, on {@link recordPapers}. */
function recordRows(ctx: AppContext) {
  return recordPapers(ctx).select([
    ...PAPER_RECORD_COLUMNS,
    "p.published_on as paper_published_on",
    "p.license_url",
    "p.language",
    "p.updated_at",
    "pub.volume",
    "pub.number",
    "pub.show_number",
    "pub.year",
    "pub.publication_date",
    "j.uri",
    "j.name as journal_name",
    "j.publisher",
    "j.issn",
    "j.eissn",
    "pr.slug",
    "pr.title as proceeding_title",
    "pr.year as proceeding_year",
    "pr.isbn as proceeding_isbn",
    "pr.issn as proceeding_issn",
    "pr.publisher as proceeding_publisher",
    "e.name as event_name",
    "e.start_date as event_start_date",
    "e.end_date as event_end_date",
    "e.location as event_location",
  ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordRows>["execute"]>>[number];

/**
 * Where a record's paper appeared: its set, page and galley URLs (galley `""` without a PDF),
 * effective date (decision 255), Dublin Core `source`, and the venue part of {@link OaiFront}.
 */
type RecordPlace = {
  setSpec: string;
  page: string;
  galley: string;
  date: string;
  source: string;
  venue: Pick<
    OaiFront,
    "venueId" | "venueTitle" | "issn" | "eissn" | "isbn" | "publisher" | "volume" | "issue"
  >;
  conference: OaiFront["conference"];
};

/** A conference paper's place: its proceeding and event; the date, else the proceeding's year. */
function proceedingPlace(r: RecordRow, slug: string, title: string, origin: string): RecordPlace {
  return {
    setSpec: `${PROCEEDING_SET}:${slug}`,
    page: `${origin}${proceedingLink(slug)}/${r.id}`,
    galley: r.file ? `${origin}${proceedingGalleyUrl(slug, r.id, r.title)}` : "",
    date: effectivePaperDate({
      published_on: r.paper_published_on,
      proceeding: { year: r.proceeding_year ?? 0 },
    }).iso,
    source: [
      proceedingCitationLine(title, r.event_name ?? "", r.proceeding_year ?? 0),
      r.proceeding_isbn ? `ISBN ${r.proceeding_isbn}` : "",
      r.proceeding_issn ? `ISSN ${r.proceeding_issn}` : "",
    ]
      .filter(Boolean)
      .join("; "),
    venue: {
      venueId: slug,
      venueTitle: title,
      issn: r.proceeding_issn ?? "",
      eissn: "",
      isbn: r.proceeding_isbn ?? "",
      publisher: r.proceeding_publisher ?? "",
      volume: "",
      issue: "",
    },
    conference: {
      name: r.event_name ?? "",
      startDate: r.event_start_date ?? "",
      endDate: r.event_end_date ?? "",
      location: r.event_location ?? "",
    },
  };
}

/** A journal paper's place: its journal and issue; the date, else the issue's publication date. */
function journalPlace(r: RecordRow, origin: string): RecordPlace {
  const uri = r.uri ?? "";
  const issue = publicationLabel(r.volume ?? "", r.number ?? "", r.year ?? "", r.show_number ?? 1);
  return {
    setSpec: `${JOURNAL_SET}:${uri}`,
    page: `${origin}${paperLink(uri, r.id)}`,
    galley: r.file ? `${origin}${galleyUrl(uri, r.id, r.title)}` : "",
    date: effectivePaperDate({
      published_on: r.paper_published_on,
      issue: { publication_date: r.publication_date, year: r.year ?? 0 },
    }).iso,
    source: [
      `${r.journal_name}, ${issue}`,
      r.issn ? `ISSN ${r.issn}` : "",
      r.eissn ? `eISSN ${r.eissn}` : "",
    ]
      .filter(Boolean)
      .join("; "),
    venue: {
      venueId: uri,
      venueTitle: r.journal_name ?? "",
      issn: r.issn ?? "",
      eissn: r.eissn ?? "",
      isbn: "",
      publisher: r.publisher ?? "",
      volume: r.volume ?? "",
      issue: r.show_number === 0 ? "" : (r.number ?? ""),
    },
    conference: null,
  };
}

/** Records (see {@link recordPapers}) matching the query in paper id order, which resumption relies on. */
export async function listOaiRecords(ctx: AppContext, q: RecordQuery): Promise<OaiRecord[]> {
  let query = recordRows(ctx);
  if (q.from) query = query.where("p.updated_at", ">=", q.from);
  if (q.until) query = query.where("p.updated_at", "<=", q.until);
  if (q.set === JOURNAL_SET) query = query.where("j.id", "is not", null);
  else if (q.set === PROCEEDING_SET) query = query.where("pr.id", "is not", null);
  else if (q.set?.startsWith(`${JOURNAL_SET}:`))
    query = query.where("j.uri", "=", q.set.slice(JOURNAL_SET.length + 1));
  else if (q.set?.startsWith(`${PROCEEDING_SET}:`))
    query = query.where("pr.slug", "=", q.set.slice(PROCEEDING_SET.length + 1));
  else if (q.set !== undefined) return [];
  if (q.paperId !== undefined) query = query.where("p.id", "=", q.paperId);
  if (q.afterId !== undefined) query = query.where("p.id", ">", q.afterId);
  const rows = await query.orderBy("p.id").limit(q.limit).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [authors, translations, notices] = await Promise.all([
    authorsByPaper(ctx.db, ids),
    translationsByPaper(ctx.db, ids),
    noticesByPaper(ctx.db, ids),
  ]);
  return rows.map((r) => {
    const place =
      r.slug !== null && r.proceeding_title !== null
        ? proceedingPlace(r, r.slug, r.proceeding_title, q.origin)
        : journalPlace(r, q.origin);
    const keywords = splitKeywords(r.keywords);
    const rights = r.license_url ?? "";
    const own = { lang: r.language, title: r.title, abstract: r.abstract, keywords: r.keywords };
    const versions = [
      own,
      ...(translations.get(r.id) ?? []).map((t) => ({ ...t, lang: t.language })),
    ];
    const texts = (pick: (v: (typeof versions)[number]) => string) =>
      versions.map((v) => ({ value: pick(v), lang: v.lang })).filter((t) => t.value);
    return {
      paperId: r.id,
      datestamp: toDatestamp(r.updated_at),
      setSpec: place.setSpec,
      front: {
        ...place.venue,
        published: place.date,
        doi: r.doi ?? "",
        keywords,
        licenseUrl: rights,
        pageUrl: place.page,
        pdfUrl: place.galley,
        conference: place.conference,
      },
      dc: {
        title: texts((v) => v.title),
        creator: (authors.get(r.id) ?? []).map((a) => a.name),
        subject: versions.flatMap((v) =>
          splitKeywords(v.keywords).map((value) => ({ value, lang: v.lang })),
        ),
        description: texts((v) => v.abstract),
        publisher: place.venue.publisher,
        date: place.date,
        type: "Text",
        format: r.file ? "application/pdf" : "",
        identifier: [
          place.page,
          ...(r.doi ? [`https://doi.org/${r.doi}`] : []),
          ...(place.galley ? [place.galley] : []),
        ],
        source: place.source,
        relation: (notices.get(r.id) ?? []).map((n) =>
          n.doi ? `https://doi.org/${n.doi}` : `${place.page}#${noticeAnchor(n.id)}`,
        ),
        language: r.language,
        rights,
      },
    };
  });
}
