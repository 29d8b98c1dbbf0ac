/**
 * The COUNTER Release 5.1 reports the SUSHI server gives (docs/decisions/282-sushi-server.md):
 * PR and its Standard View PR_P1, TR and TR_J3, IR and IR_A1, all to "The World" (every use
 * of the platform, attributed to no institution; COUNTER R5.1 section 4.4 calls the Item Report
 * to The World the Global Item Report). JSON as the COUNTER_SUSHI API 5.1 specifies it
 * (tests/fixtures/schemas/counter-r5.1/COUNTER_API.json), checked by the tests against its
 * schemas.
 *
 * Data types (section 3.3.2): a journal paper is an `Article` of a `Journal`, a conference paper
 * a `Conference_Item` of a `Conference`; the PR and TR report them under their title's Data_Type
 * (`Journal`, `Conference`) as the section requires, searches under `Platform`. Every paper is
 * `Open` (./store.ts) and read the `Regular` way (no TDM interface). Unique_Title metrics apply
 * to books only (section 3.3.5) and never appear. Months without usage are left out; within a
 * reported row, every metric of the report is given for each month that has any usage (0
 * included), so the Performance objects always hold the metrics the schemas require together.
 *
 * The IR (and a TR by Year of Publication) sums the papers' monthly rows (`usage_item_monthly`,
 * papers that still exist); the PR and the TR otherwise sum the journals' and proceedings'
 * daily rows (`usage_scope_daily`), which are the same counts added up as they were counted,
 * so the three agree, but for the usage of a deleted paper, which stays in its journal's
 * figures.
 *
 * Every report shows what readers may see, to everybody (decisions 260 and 390, the rule of
 * server/features/accounts/access.ts): no item, title or count of an inactive journal or of a
 * paper now in a draft issue, and an Item_ID filter naming one answers as one naming nothing.
 */

import { type SqlBool, sql } from "kysely";
import { effectivePaperDate } from "../../../shared/dates.ts";
import type { Db } from "../../db/database.ts";
import { PUBLIC_ISSUE, PUBLIC_JOURNAL, PUBLIC_PAPER } from "../accounts/access.ts";
import { authorsByPaper } from "../papers/scholarly.ts";
import { papersWithVenues } from "../papers/with-venues.ts";
import { lastDayOf, num } from "./figures.ts";
import { ACCESS_TYPE } from "./store.ts";

/** The customer ID of "The World" (COUNTER R5.1 section 8.2). */
export const WORLD_CUSTOMER_ID = "0000000000000000";

/** The messages of COUNTER R5.1 Appendix D, Table D.1, by code, with their HTTP status. */
export const SUSHI_EXCEPTIONS = {
  1000: { message: "Service Not Available", http: 503 },
  1020: { message: "Client has made too many requests", http: 429 },
  1030: { message: "Insufficient Information to Process Request", http: 400 },
  2000: { message: "Requestor Not Authorized to Access Service", http: 401 },
  2010: { message: "Requestor is Not Authorized to Access Usage for Institution", http: 403 },
  2011: { message: "Global Reports Not Supported", http: 403 },
  2020: { message: "APIKey Invalid", http: 401 },
  /**
   * A report the platform does not offer (`/r51/reports/dr`): COUNTER R5's Exception 3000, which
   * R5.1's API no longer lists but harvesters still understand (issue 33), with HTTP 404.
   */
  3000: { message: "Report Not Supported", http: 404 },
  3020: { message: "Invalid Date Arguments", http: 400 },
  3030: { message: "No Usage Available for Requested Dates", http: 200 },
  3031: { message: "Usage Not Ready for Requested Dates", http: 200 },
  3032: { message: "Usage No Longer Available for Requested Dates", http: 200 },
  3040: { message: "Partial Data Returned", http: 200 },
  3050: { message: "Parameter Not Recognized in this Context", http: 200 },
  3060: { message: "Invalid ReportFilter Value", http: 200 },
  3061: { message: "Incongruous ReportFilter Value", http: 200 },
  3062: { message: "Invalid ReportAttribute Value", http: 200 },
  3063: { message: "Components Not Supported", http: 200 },
  3070: { message: "Required ReportFilter Missing", http: 200 },
} as const;

export type ExceptionCode = keyof typeof SUSHI_EXCEPTIONS | 0;

/** Report rows in title order (one collator: `localeCompare` per comparison is slow). */
const byTitle = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** A COUNTER Exception object. */
export type SushiException = { Code: number; Message: string; Data?: string };

/** Exception `code` with its standard message, and `data` when given. */
export function sushiException(
  code: ExceptionCode,
  data?: string,
  message?: string,
): SushiException {
  const standard = code === 0 ? (message ?? "Information") : SUSHI_EXCEPTIONS[code].message;
  return data === undefined
    ? { Code: code, Message: standard }
    : { Code: code, Message: standard, Data: data };
}

export type ReportId = "pr" | "pr_p1" | "tr" | "tr_j3" | "ir" | "ir_a1";

type Metric =
  | "Searches_Platform"
  | "Total_Item_Investigations"
  | "Total_Item_Requests"
  | "Unique_Item_Investigations"
  | "Unique_Item_Requests";

/** The metrics of items (all but searches). */
type ItemMetric = Exclude<Metric, "Searches_Platform">;

export const ITEM_METRICS: ItemMetric[] = [
  "Total_Item_Investigations",
  "Total_Item_Requests",
  "Unique_Item_Investigations",
  "Unique_Item_Requests",
];

/**
 * The metric reported with each Investigation and Request metric where a report needs two: the
 * schemas of the PR's and TR's Performance require at least two metrics (`minProperties: 2`).
 */
export const METRIC_PAIRS: Record<string, string> = {
  Total_Item_Investigations: "Unique_Item_Investigations",
  Unique_Item_Investigations: "Total_Item_Investigations",
  Total_Item_Requests: "Unique_Item_Requests",
  Unique_Item_Requests: "Total_Item_Requests",
};

/**
 * COUNTER R5.1 Data_Type values (section 3.3.2) by what they describe: a title only (the TR's),
 * an item only (the IR's), or either (both reports'). The PR takes them all and `Platform`.
 */
const TITLE_DATA_TYPES = [
  "Book",
  "Conference",
  "Journal",
  "Newspaper_or_Newsletter",
  "Reference_Work",
];
const ITEM_DATA_TYPES = [
  "Article",
  "Audiovisual",
  "Book_Segment",
  "Conference_Item",
  "Database_Full_Item",
  "Dataset",
  "Image",
  "Interactive_Resource",
  "Multimedia",
  "News_Item",
  "Reference_Item",
  "Software",
  "Sound",
];
const EITHER_DATA_TYPES = [
  "Other",
  "Patent",
  "Report",
  "Standard",
  "Thesis_or_Dissertation",
  "Unspecified",
];

/** Data_Type values in alphabetical order, the order a Data_Type filter is echoed in. */
function dataTypes(...lists: string[][]): string[] {
  return lists.flat().sort();
}

/**
 * The parameters of every master report (the PR's): the filters and attributes all of them
 * take, and the attributed-usage ones (section 8.1) refused as not supported.
 */
const MASTER_PARAMETERS = [
  "metric_type",
  "data_type",
  "access_method",
  "attributes_to_show",
  "granularity",
  "attributed",
  "country_code",
  "subdivision_code",
];

/**
 * Attributes_To_Show values of every master report that describe the institution and its
 * place; none is supported here (every report is to The World).
 */
const INSTITUTION_ATTRIBUTES = [
  "Institution_Name",
  "Customer_ID",
  "Country_Name",
  "Country_Code",
  "Subdivision_Name",
  "Subdivision_Code",
  "Attributed",
];

/** Attributes_To_Show values supported by the TR and by the IR. */
const TR_ATTRIBUTES = ["YOP", "Access_Type", "Access_Method"];
const IR_ATTRIBUTES = [...TR_ATTRIBUTES, "Authors", "Publication_Date", "Article_Version"];

/** A Standard View takes no parameter of its own: its filters and attributes are fixed. */
const STANDARD_VIEW = {
  parameters: [],
  metricValues: [],
  dataTypeValues: [],
  attributes: [],
  attributeValues: [],
} as const;

/** Every report served: header names, the list's description, and its API parameters. */
export const REPORTS: Record<
  ReportId,
  {
    id: string;
    name: string;
    description: string;
    /** Parameters the COUNTER_SUSHI API defines for its path (others get Exception 3050). */
    parameters: readonly string[];
    /** Metric_Type values a request may name (section 4), reported or always zero here. */
    metricValues: readonly string[];
    /** Data_Type values a request may name. */
    dataTypeValues: readonly string[];
    /** Attributes_To_Show values supported here; others valid for the report get 3062. */
    attributes: readonly string[];
    /** Attributes_To_Show values the API allows for the report. */
    attributeValues: readonly string[];
  }
> = {
  pr: {
    id: "PR",
    name: "Platform Report",
    description:
      "Platform-level usage summarized by Metric_Type, with searches and Investigations and Requests per Data_Type.",
    parameters: MASTER_PARAMETERS,
    metricValues: [
      "Searches_Platform",
      ...ITEM_METRICS,
      "Unique_Title_Investigations",
      "Unique_Title_Requests",
    ],
    dataTypeValues: dataTypes(TITLE_DATA_TYPES, ITEM_DATA_TYPES, EITHER_DATA_TYPES, ["Platform"]),
    attributes: ["Access_Method"],
    attributeValues: ["Access_Method", ...INSTITUTION_ATTRIBUTES],
  },
  pr_p1: {
    id: "PR_P1",
    name: "Platform Usage",
    description: "Platform-level usage summarized by Metric_Type (Standard View of the PR).",
    ...STANDARD_VIEW,
  },
  tr: {
    id: "TR",
    name: "Title Report",
    description: "Usage of each journal and proceeding, by Metric_Type.",
    parameters: [...MASTER_PARAMETERS, "access_type", "yop", "item_id"],
    metricValues: [
      ...ITEM_METRICS,
      "Unique_Title_Investigations",
      "Unique_Title_Requests",
      "Limit_Exceeded",
      "No_License",
    ],
    dataTypeValues: dataTypes(TITLE_DATA_TYPES, EITHER_DATA_TYPES),
    attributes: TR_ATTRIBUTES,
    attributeValues: [...TR_ATTRIBUTES, ...INSTITUTION_ATTRIBUTES, "Book_Segment_Count"],
  },
  tr_j3: {
    id: "TR_J3",
    name: "Journal Usage by Access Type",
    description: "Usage of each journal by Access_Type (Standard View of the TR).",
    ...STANDARD_VIEW,
  },
  ir: {
    id: "IR",
    name: "Item Report",
    description: "Usage of each journal article and conference paper, by Metric_Type.",
    parameters: [
      ...MASTER_PARAMETERS,
      "access_type",
      "yop",
      "include_parent_details",
      "include_component_details",
      "item_id",
      "author",
    ],
    metricValues: [...ITEM_METRICS, "Limit_Exceeded", "No_License"],
    dataTypeValues: dataTypes(ITEM_DATA_TYPES, EITHER_DATA_TYPES),
    attributes: IR_ATTRIBUTES,
    attributeValues: [...IR_ATTRIBUTES, ...INSTITUTION_ATTRIBUTES],
  },
  ir_a1: {
    id: "IR_A1",
    name: "Journal Article Requests",
    description: "Requests of each journal article (Standard View of the IR).",
    ...STANDARD_VIEW,
  },
};

/** A report request once its parameters are read (server/features/usage/sushi.ts). */
export type ReportRequest = {
  report: ReportId;
  /** The reporting period of the header, `YYYY-MM`, inclusive. */
  begin: string;
  end: string;
  /**
   * The months whose usage is available and read (`YYYY-MM`, inclusive): the period less the
   * months not yet begun (Exception 3031) or before counting started (3032); null when none.
   */
  available: [string, string] | null;
  /** Metric_Type filter (valid values), null for all. */
  metricTypes: string[] | null;
  /** Data_Type filter (valid values), null for all. */
  dataTypes: string[] | null;
  accessTypes: string[] | null;
  accessMethods: string[] | null;
  /** YOP filter as written (`2020`, `2018-2020`) and as ranges. */
  yop: { text: string[]; ranges: [number, number][] } | null;
  /** Attributes_To_Show (supported values). */
  attributes: string[];
  includeParentDetails: boolean;
  /** Item_ID filter (IR: a paper; TR: a journal or proceeding), null for all. */
  itemId: string | null;
  /** Platform filter, echoed in the header. */
  platform: string | null;
  exceptions: SushiException[];
};

/** Who and what the reports describe. */
export type Platform = {
  /** The platform's name in reports (SITE_NAME). */
  name: string;
  /** The namespace of Proprietary identifiers (`athenaeum:paper/18`). */
  namespace: string;
  /** The site's public origin, for URIs. */
  origin: string;
};

/**
 * The namespace of the platform's Proprietary identifiers: `name` lower-cased without what the
 * COUNTER pattern (`^[a-zA-Z][a-zA-Z0-9_./]{1,17}:`) refuses, else `athenaeum`.
 */
export function platformNamespace(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9_.]/g, "")
    .replace(/^[^a-z]+/, "")
    .slice(0, 18);
  return cleaned.length >= 2 ? cleaned : "athenaeum";
}

/** The header common to every report (Base_Report_Header). */
function header(
  request: ReportRequest,
  platform: Platform,
  filters: Record<string, unknown>,
  attributes: Record<string, unknown> | null,
  now: Date,
) {
  const info = REPORTS[request.report];
  const out: Record<string, unknown> = {
    Report_Name: info.name,
    Report_ID: info.id,
    Release: "5.1",
    Institution_Name: "The World",
    Institution_ID: { Proprietary: [`${platform.namespace}:${WORLD_CUSTOMER_ID}`] },
    Report_Filters: {
      Begin_Date: `${request.begin}-01`,
      End_Date: lastDayOf(request.end),
      ...(request.platform === null ? {} : { Platform: request.platform }),
      ...filters,
    },
    ...(attributes && Object.keys(attributes).length > 0 ? { Report_Attributes: attributes } : {}),
    Created: `${now.toISOString().slice(0, 19)}Z`,
    Created_By: platform.name,
    Registry_Record: "",
  };
  return out;
}

/** The monthly figures of one row of a report, metric by metric. */
type MonthFigures = Map<string, Record<Metric, number>>;

function addMonth(figures: MonthFigures, month: string, values: Partial<Record<Metric, number>>) {
  const entry =
    figures.get(month) ??
    ({
      Searches_Platform: 0,
      Total_Item_Investigations: 0,
      Total_Item_Requests: 0,
      Unique_Item_Investigations: 0,
      Unique_Item_Requests: 0,
    } as Record<Metric, number>);
  for (const [name, value] of Object.entries(values) as [Metric, number][]) entry[name] += value;
  figures.set(month, entry);
}

/**
 * The Performance object of `figures` for `metrics`: months with any usage, each metric given
 * for all of them (see the module docstring); null when nothing was counted.
 */
function performance(
  figures: MonthFigures,
  metrics: Metric[],
): Record<string, Record<string, number>> | null {
  const months = [...figures.keys()]
    .filter((m) => metrics.some((metric) => (figures.get(m)?.[metric] ?? 0) > 0))
    .sort();
  if (months.length === 0) return null;
  const out: Record<string, Record<string, number>> = {};
  for (const metric of metrics) {
    const counts: Record<string, number> = {};
    for (const month of months) counts[month] = figures.get(month)![metric];
    out[metric] = counts;
  }
  return out;
}

/** The report's metrics: its own list, narrowed by the Metric_Type filter. */
function metricsOf(request: ReportRequest, own: Metric[]): Metric[] {
  if (!request.metricTypes) return own;
  return own.filter((m) => request.metricTypes!.includes(m));
}

type Level = "Journal" | "Conference";
/** Which of the two levels (journal papers, conference papers) the Data_Type filter keeps. */
function levelsOf(request: ReportRequest, names: Record<Level, string>): Level[] {
  const all: Level[] = ["Journal", "Conference"];
  if (!request.dataTypes) return all;
  return all.filter((level) => request.dataTypes!.includes(names[level]));
}

function excludedByFilters(request: ReportRequest): boolean {
  // every use here is Regular and Open (module docstring)
  if (request.accessMethods && !request.accessMethods.includes("Regular")) return true;
  if (request.accessTypes && !request.accessTypes.includes("Open")) return true;
  return false;
}

/** Month rows of papers, summed in SQL by the given grouping. */
async function monthRows(
  db: Db,
  request: ReportRequest,
  options: {
    levels: Level[];
    group: ("paper" | "title" | "level" | "yop" | "access_type")[];
    paperIds?: number[] | null;
    journalId?: number | null;
    proceedingId?: number | null;
  },
) {
  if (!request.available || options.levels.length === 0 || excludedByFilters(request)) return [];
  const { group } = options;
  let query = db
    .selectFrom("usage_item_monthly as m")
    .innerJoin("papers as p", "p.id", "m.paper_id")
    .leftJoin("publications as pub", "pub.id", "p.publication_id")
    .leftJoin("journals as j", "j.id", "pub.journal_id")
    // what readers may see only (decisions 260, 390): no draft issue's or inactive journal's
    // item or title appears in a report, whoever asks
    .where(PUBLIC_PAPER)
    .where("m.month", ">=", request.available[0])
    .where("m.month", "<=", request.available[1])
    .select([
      "m.month",
      sql<number>`sum(m.total_item_investigations)`.as("ti"),
      sql<number>`sum(m.total_item_requests)`.as("tr"),
      sql<number>`sum(m.unique_item_investigations)`.as("ui"),
      sql<number>`sum(m.unique_item_requests)`.as("ur"),
    ])
    .groupBy("m.month");
  if (options.levels.length === 1) {
    query =
      options.levels[0] === "Journal"
        ? query.where("p.publication_id", "is not", null)
        : query.where("p.proceeding_id", "is not", null);
  }
  if (request.yop) {
    const ranges = request.yop.ranges;
    query = query.where((eb) =>
      eb.or(ranges.map(([from, to]) => eb.and([eb("m.yop", ">=", from), eb("m.yop", "<=", to)]))),
    );
  }
  if (options.paperIds)
    query = query.where("m.paper_id", "in", options.paperIds.length ? options.paperIds : [0]);
  if (options.journalId != null) query = query.where("pub.journal_id", "=", options.journalId);
  if (options.proceedingId != null)
    query = query.where("p.proceeding_id", "=", options.proceedingId);
  let grouped = query;
  if (group.includes("paper")) grouped = grouped.select("m.paper_id").groupBy("m.paper_id");
  if (group.includes("title")) {
    grouped = grouped
      .select(["pub.journal_id", "p.proceeding_id"])
      .groupBy(["pub.journal_id", "p.proceeding_id"]);
  } else if (group.includes("level")) {
    grouped = grouped
      .select(sql<number>`case when p.publication_id is null then 0 else 1 end`.as("is_journal"))
      .groupBy(sql`case when p.publication_id is null then 0 else 1 end`);
  }
  if (group.includes("yop")) grouped = grouped.select("m.yop").groupBy("m.yop");
  if (group.includes("access_type"))
    grouped = grouped.select("m.access_type").groupBy("m.access_type");
  const rows = await grouped.execute();
  return rows.map((r) => {
    const row = r as Record<string, unknown>;
    return {
      month: String(row.month),
      paperId: row.paper_id === undefined ? null : num(row.paper_id),
      journalId: row.journal_id == null ? null : num(row.journal_id),
      proceedingId: row.proceeding_id == null ? null : num(row.proceeding_id),
      isJournal: row.is_journal === undefined ? null : num(row.is_journal) === 1,
      yop: row.yop === undefined ? null : num(row.yop),
      accessType: row.access_type === undefined ? null : String(row.access_type),
      values: {
        Total_Item_Investigations: num(row.ti),
        Total_Item_Requests: num(row.tr),
        Unique_Item_Investigations: num(row.ui),
        Unique_Item_Requests: num(row.ur),
      },
    };
  });
}

type MonthRow = Awaited<ReturnType<typeof monthRows>>[number];

/**
 * The same month rows per journal or proceeding (`group: ["title"]`) or per level, from the
 * per-day sums of `usage_scope_daily`: a year of 100 journals is 36,500 rows instead of every
 * paper's (docs/performance.md). Its rows hold the usage of every paper counted, deleted ones
 * included, and no Year of Publication; their Access_Type is the one every paper has here
 * ({@link ACCESS_TYPE}: were Access_Types to differ between papers, these sums would need it
 * as a column).
 *
 * What readers cannot see is left out (decision 390): the rows of inactive journals, and from
 * an active journal's rows the usage of its papers now in draft issues
 * ({@link unpublishedPaperMonths}), so its figures are those of the papers readers see, plus
 * those of its deleted papers as before.
 */
async function scopeMonthRows(
  db: Db,
  request: ReportRequest,
  options: { levels: Level[]; journalId?: number | null; proceedingId?: number | null },
): Promise<MonthRow[]> {
  if (!request.available || options.levels.length === 0 || excludedByFilters(request)) return [];
  const month = sql<string>`substr(day, 1, 7)`;
  let query = db
    .selectFrom("usage_scope_daily")
    .select([
      "scope",
      "scope_id",
      month.as("month"),
      sql<number>`sum(total_item_investigations)`.as("ti"),
      sql<number>`sum(total_item_requests)`.as("tr"),
      sql<number>`sum(unique_item_investigations)`.as("ui"),
      sql<number>`sum(unique_item_requests)`.as("ur"),
    ])
    .where(
      "scope",
      "in",
      options.levels.map((level) => (level === "Journal" ? "journal" : "proceeding")),
    )
    .where("day", ">=", `${request.available[0]}-01`)
    .where("day", "<=", lastDayOf(request.available[1]))
    // an inactive journal's rows (a deleted journal's stay, as a deleted paper's do)
    .where((eb) =>
      eb.or([
        eb("scope", "<>", "journal"),
        eb(
          "scope_id",
          "not in",
          eb.selectFrom("journals as j").select("j.id").where(sql<SqlBool>`not ${PUBLIC_JOURNAL}`),
        ),
      ]),
    )
    .groupBy(["scope", "scope_id", month]);
  if (options.journalId != null) {
    query = query.where("scope", "=", "journal").where("scope_id", "=", options.journalId);
  }
  if (options.proceedingId != null) {
    query = query.where("scope", "=", "proceeding").where("scope_id", "=", options.proceedingId);
  }
  const [rows, unpublished] = await Promise.all([
    query.execute(),
    options.levels.includes("Journal") && options.proceedingId == null
      ? unpublishedPaperMonths(db, request.available, options.journalId ?? null)
      : new Map<string, Record<ItemMetric, number>>(),
  ]);
  return rows.map((row) => ({
    month: row.month,
    paperId: null,
    journalId: row.scope === "journal" ? num(row.scope_id) : null,
    proceedingId: row.scope === "proceeding" ? num(row.scope_id) : null,
    isJournal: row.scope === "journal",
    yop: null,
    accessType: ACCESS_TYPE,
    values: less(
      {
        Total_Item_Investigations: num(row.ti),
        Total_Item_Requests: num(row.tr),
        Unique_Item_Investigations: num(row.ui),
        Unique_Item_Requests: num(row.ur),
      },
      row.scope === "journal" ? unpublished.get(`${row.scope_id}|${row.month}`) : undefined,
    ),
  }));
}

/** `figures` less `hidden` (each at least 0), or `figures` when nothing is hidden. */
function less(
  figures: Record<ItemMetric, number>,
  hidden: Record<ItemMetric, number> | undefined,
): Record<ItemMetric, number> {
  if (!hidden) return figures;
  const out = { ...figures };
  for (const metric of ITEM_METRICS) {
    // at least 0: a paper moved into another journal's draft issue brings usage that journal's
    // rows never held
    out[metric] = Math.max(0, out[metric] - hidden[metric]);
  }
  return out;
}

/**
 * The usage in `months` of the papers of active journals that readers cannot see now (those in
 * draft issues, decision 260), summed per journal and month (`{journalId}|{YYYY-MM}`), of one
 * journal when `journalId` is given. Read from the hidden issues (a pass over the issues, not
 * the papers) through the papers' and the monthly rows' paper indexes, so it costs what those
 * few papers' rows cost, not a pass over the months (2,000 draft papers of a year: 23 ms on
 * SQLite, 25 ms on PostgreSQL at the bench's scale).
 */
async function unpublishedPaperMonths(
  db: Db,
  months: [string, string],
  journalId: number | null,
): Promise<Map<string, Record<ItemMetric, number>>> {
  const hiddenIssues = db
    .selectFrom("publications as pub")
    .innerJoin("journals as j", "j.id", "pub.journal_id")
    .select("pub.id")
    .where(PUBLIC_JOURNAL)
    .where(sql<SqlBool>`not ${PUBLIC_ISSUE}`);
  let query = db
    .selectFrom("usage_item_monthly as m")
    .innerJoin("papers as hp", "hp.id", "m.paper_id")
    .innerJoin("publications as hi", "hi.id", "hp.publication_id")
    .where("m.paper_id", "in", (eb) =>
      eb.selectFrom("papers").select("id").where("publication_id", "in", hiddenIssues),
    )
    .where("m.month", ">=", months[0])
    .where("m.month", "<=", months[1])
    .select([
      "hi.journal_id",
      "m.month",
      sql<number>`sum(m.total_item_investigations)`.as("ti"),
      sql<number>`sum(m.total_item_requests)`.as("tr"),
      sql<number>`sum(m.unique_item_investigations)`.as("ui"),
      sql<number>`sum(m.unique_item_requests)`.as("ur"),
    ])
    .groupBy(["hi.journal_id", "m.month"]);
  if (journalId !== null) query = query.where("hi.journal_id", "=", journalId);
  const out = new Map<string, Record<ItemMetric, number>>();
  for (const row of await query.execute()) {
    out.set(`${row.journal_id}|${row.month}`, {
      Total_Item_Investigations: num(row.ti),
      Total_Item_Requests: num(row.tr),
      Unique_Item_Investigations: num(row.ui),
      Unique_Item_Requests: num(row.ur),
    });
  }
  return out;
}

/** Searches of the site per month (`usage_scope_daily`, site row). */
async function searchMonths(db: Db, request: ReportRequest): Promise<MonthFigures> {
  const figures: MonthFigures = new Map();
  if (!request.available) return figures;
  if (request.accessMethods && !request.accessMethods.includes("Regular")) return figures;
  const rows = await db
    .selectFrom("usage_scope_daily")
    .select([
      sql<string>`substr(day, 1, 7)`.as("month"),
      sql<number>`sum(searches_platform)`.as("searches"),
    ])
    .where("scope", "=", "site")
    .where("scope_id", "=", 0)
    .where("day", ">=", `${request.available[0]}-01`)
    .where("day", "<=", lastDayOf(request.available[1]))
    .groupBy(sql`substr(day, 1, 7)`)
    .execute();
  for (const r of rows) addMonth(figures, r.month, { Searches_Platform: num(r.searches) });
  return figures;
}

/** The filters of the header, as applied (defaults left out, section 3.3.9). */
function appliedFilters(request: ReportRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (request.metricTypes) out.Metric_Type = request.metricTypes;
  if (request.dataTypes) out.Data_Type = request.dataTypes;
  if (request.accessTypes) out.Access_Type = request.accessTypes;
  if (request.accessMethods) out.Access_Method = request.accessMethods;
  if (request.yop) out.YOP = request.yop.text;
  if (request.itemId !== null) out.Item_ID = request.itemId;
  return out;
}

function withAttributes(request: ReportRequest, extra: Record<string, unknown> = {}) {
  return {
    ...(request.attributes.length ? { Attributes_To_Show: request.attributes } : {}),
    ...extra,
  };
}

/**
 * The report with its Exceptions: the request's, and 3030 when the available months had no
 * usage (Appendix D: months not ready or no longer available get only 3031 or 3032).
 */
function finish(request: ReportRequest, head: Record<string, unknown>, items: unknown[]) {
  const exceptions = [...request.exceptions];
  if (items.length === 0 && request.available) {
    const [from, to] = request.available;
    exceptions.push(
      sushiException(
        3030,
        from === to ? `No usage in ${from}.` : `No usage from ${from} to ${to}.`,
      ),
    );
  }
  return {
    Report_Header: { ...head, ...(exceptions.length ? { Exceptions: dedupe(exceptions) } : {}) },
    Report_Items: items,
  };
}

function dedupe(exceptions: SushiException[]): SushiException[] {
  const seen = new Set<string>();
  return exceptions.filter((e) => {
    const key = JSON.stringify(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The report `request` asks for.
 * @returns the JSON object of the report (COUNTER_SUSHI API 5.1 schema of its Report_ID).
 */
export async function buildReport(
  db: Db,
  request: ReportRequest,
  platform: Platform,
  now = new Date(),
): Promise<Record<string, unknown>> {
  switch (request.report) {
    case "pr":
    case "pr_p1":
      return platformReport(db, request, platform, now);
    case "tr":
    case "tr_j3":
      return titleReport(db, request, platform, now);
    case "ir":
    case "ir_a1":
      return itemReport(db, request, platform, now);
  }
}

async function platformReport(db: Db, request: ReportRequest, platform: Platform, now: Date) {
  const standard = request.report === "pr_p1";
  const metrics = standard
    ? (["Total_Item_Requests", "Unique_Item_Requests"] as Metric[])
    : metricsOf(request, ITEM_METRICS);
  const withSearches =
    standard || !request.metricTypes || request.metricTypes.includes("Searches_Platform");
  const showMethod = request.attributes.includes("Access_Method");
  const attributePerformance: Record<string, unknown>[] = [];
  const platformLevel = !request.dataTypes || request.dataTypes.includes("Platform");
  if (withSearches && platformLevel) {
    const searches = performance(await searchMonths(db, request), ["Searches_Platform"]);
    if (searches) {
      attributePerformance.push({
        Data_Type: "Platform",
        ...(showMethod ? { Access_Method: "Regular" } : {}),
        Performance: searches,
      });
    }
  }
  if (metrics.length > 0) {
    const levels = standard
      ? (["Journal", "Conference"] as Level[])
      : levelsOf(request, { Journal: "Journal", Conference: "Conference" });
    const rows = await scopeMonthRows(db, request, { levels });
    for (const level of levels) {
      const figures: MonthFigures = new Map();
      for (const row of rows) {
        if (row.isJournal === (level === "Journal")) addMonth(figures, row.month, row.values);
      }
      const perf = performance(figures, metrics);
      if (perf) {
        attributePerformance.push({
          Data_Type: level,
          ...(showMethod ? { Access_Method: "Regular" } : {}),
          Performance: perf,
        });
      }
    }
  }
  const filters = standard
    ? {
        Access_Method: ["Regular"],
        Metric_Type: [
          "Searches_Platform",
          "Total_Item_Requests",
          "Unique_Item_Requests",
          "Unique_Title_Requests",
        ],
      }
    : appliedFilters(request);
  const head = header(request, platform, filters, standard ? null : withAttributes(request), now);
  const items = attributePerformance.length
    ? [{ Platform: platform.name, Attribute_Performance: attributePerformance }]
    : [];
  return finish(request, head, items);
}

/** A journal's or proceeding's description in the TR and as the parent of IR items. */
type TitleFacts = {
  title: string;
  publisher: string;
  itemId: Record<string, string>;
  level: Level;
};

const ISSN = /^[0-9]{4}-[0-9]{3}[0-9X]$/;
const ISBN13 = /^97[89]-[0-9]+-[0-9]+-[0-9]+-[0-9]$/;

/**
 * Where the identifiers of a title of each level point: its Proprietary ID is
 * `{namespace}:{proprietary}{key}` and its URI `{origin}{path}{key}`, the key being a journal's
 * `uri` or a proceeding's `slug` (the public URLs of app/routes).
 */
const TITLE_PLACES: Record<Level, { proprietary: string; path: string }> = {
  Journal: { proprietary: "journal/", path: "/journal/" },
  Conference: { proprietary: "proceeding/", path: "/proceedings/" },
};

/** A journal's valid ISSNs as Item_ID properties: `issn` is the print one when both are set. */
function journalIssns(issn: string | null, eissn: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  const print = issn?.trim().toUpperCase() ?? "";
  const online = eissn?.trim().toUpperCase() ?? "";
  // `issn` is the print one when both are set (schema.ts); alone, the journal is online
  if (online && ISSN.test(online)) out.Online_ISSN = online;
  if (print && ISSN.test(print)) out[online ? "Print_ISSN" : "Online_ISSN"] = print;
  return out;
}

/** A proceeding's valid ISSN (as Online_ISSN) and ISBN-13 as Item_ID properties. */
function proceedingIds(issn: string | null, isbn: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  const online = issn?.trim().toUpperCase() ?? "";
  if (online && ISSN.test(online)) out.Online_ISSN = online;
  const isbn13 = isbn?.trim() ?? "";
  if (ISBN13.test(isbn13) && isbn13.length === 17) out.ISBN = isbn13;
  return out;
}

/**
 * The journals (`level` Journal) or proceedings (Conference) `ids`, keyed by id, with their
 * Item_ID: the standard identifiers, then Proprietary and URI ({@link TITLE_PLACES}; the key is
 * a journal's `uri`, a proceeding's `slug`).
 */
async function titleFacts(
  db: Db,
  level: Level,
  ids: number[],
  platform: Platform,
): Promise<Map<number, TitleFacts>> {
  const out = new Map<number, TitleFacts>();
  if (ids.length === 0) return out;
  const { proprietary, path } = TITLE_PLACES[level];
  const rows =
    level === "Journal"
      ? await db
          .selectFrom("journals")
          .select(["id", "uri as key", "name as title", "publisher", "issn", "eissn"])
          .where("id", "in", ids)
          .execute()
      : await db
          .selectFrom("proceedings")
          .select(["id", "slug as key", "title", "publisher", "issn", "isbn"])
          .where("id", "in", ids)
          .execute();
  for (const row of rows) {
    const itemId = {
      ...("eissn" in row ? journalIssns(row.issn, row.eissn) : proceedingIds(row.issn, row.isbn)),
      Proprietary: `${platform.namespace}:${proprietary}${row.key}`,
      URI: `${platform.origin}${path}${row.key}`,
    };
    out.set(row.id, { title: row.title, publisher: row.publisher ?? "", itemId, level });
  }
  return out;
}

/** The key of the title of `level` an Item_ID names by its Proprietary ID or URI, else null. */
function titleKeyOf(value: string, level: Level, platform: Platform): string | null {
  const { proprietary, path } = TITLE_PLACES[level];
  for (const prefix of [`${platform.namespace}:${proprietary}`, `${platform.origin}${path}`]) {
    if (value.startsWith(prefix)) return value.slice(prefix.length);
  }
  return null;
}

/**
 * The journal or proceeding an Item_ID filter of the TR names; undefined when none does, or
 * when it names a journal readers cannot see (decision 390: its answer is that of an unknown
 * title).
 */
async function titleOfItemId(
  db: Db,
  itemId: string,
  platform: Platform,
): Promise<{ journalId: number } | { proceedingId: number } | undefined> {
  const value = itemId.trim();
  const journals = db.selectFrom("journals as j").select("j.id").where(PUBLIC_JOURNAL);
  const journalUri = titleKeyOf(value, "Journal", platform);
  if (journalUri !== null) {
    const row = await journals.where("j.uri", "=", journalUri).executeTakeFirst();
    return row ? { journalId: row.id } : undefined;
  }
  const slug = titleKeyOf(value, "Conference", platform);
  if (slug !== null) {
    const row = await db
      .selectFrom("proceedings")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirst();
    return row ? { proceedingId: row.id } : undefined;
  }
  if (ISSN.test(value.toUpperCase())) {
    const issn = value.toUpperCase();
    const journal = await journals
      .where((eb) => eb.or([eb("j.issn", "=", issn), eb("j.eissn", "=", issn)]))
      .executeTakeFirst();
    if (journal) return { journalId: journal.id };
    const proceeding = await db
      .selectFrom("proceedings")
      .select("id")
      .where("issn", "=", issn)
      .executeTakeFirst();
    return proceeding ? { proceedingId: proceeding.id } : undefined;
  }
  return undefined;
}

async function titleReport(db: Db, request: ReportRequest, platform: Platform, now: Date) {
  const standard = request.report === "tr_j3";
  const metrics = standard ? ITEM_METRICS : metricsOf(request, ITEM_METRICS);
  const showYop = request.attributes.includes("YOP");
  const showAccessType = standard || request.attributes.includes("Access_Type");
  const showMethod = request.attributes.includes("Access_Method");
  const levels: Level[] = standard
    ? ["Journal"]
    : levelsOf(request, { Journal: "Journal", Conference: "Conference" });

  let target: Awaited<ReturnType<typeof titleOfItemId>> | null = null;
  if (request.itemId !== null) target = await titleOfItemId(db, request.itemId, platform);
  const rows =
    target === undefined || metrics.length === 0
      ? []
      : showYop || request.yop
        ? await monthRows(db, request, {
            levels,
            group: [
              "title",
              ...(showYop ? (["yop"] as const) : []),
              ...(showAccessType ? (["access_type"] as const) : []),
            ],
            journalId: target && "journalId" in target ? target.journalId : null,
            proceedingId: target && "proceedingId" in target ? target.proceedingId : null,
          })
        : await scopeMonthRows(db, request, {
            levels,
            journalId: target && "journalId" in target ? target.journalId : null,
            proceedingId: target && "proceedingId" in target ? target.proceedingId : null,
          });

  const journals = await titleFacts(
    db,
    "Journal",
    [...new Set(rows.flatMap((r) => (r.journalId === null ? [] : [r.journalId])))],
    platform,
  );
  const proceedings = await titleFacts(
    db,
    "Conference",
    [...new Set(rows.flatMap((r) => (r.proceedingId === null ? [] : [r.proceedingId])))],
    platform,
  );
  // title → attribute combination → months
  const titles = new Map<
    string,
    {
      facts: TitleFacts;
      combos: Map<string, { attrs: Record<string, unknown>; figures: MonthFigures }>;
    }
  >();
  for (const row of rows) {
    const facts =
      row.journalId !== null
        ? journals.get(row.journalId)
        : row.proceedingId !== null
          ? proceedings.get(row.proceedingId)
          : undefined;
    if (!facts) continue;
    const key = row.journalId !== null ? `j${row.journalId}` : `p${row.proceedingId}`;
    const title = titles.get(key) ?? { facts, combos: new Map() };
    titles.set(key, title);
    const attrs: Record<string, unknown> = standard ? {} : { Data_Type: facts.level };
    if (showYop) attrs.YOP = String(row.yop ?? 1).padStart(4, "0");
    if (showAccessType) attrs.Access_Type = row.accessType;
    if (showMethod) attrs.Access_Method = "Regular";
    const comboKey = JSON.stringify(attrs);
    const combo = title.combos.get(comboKey) ?? { attrs, figures: new Map() };
    title.combos.set(comboKey, combo);
    addMonth(combo.figures, row.month, row.values);
  }
  const items: Record<string, unknown>[] = [];
  for (const { facts, combos } of [...titles.values()].sort((a, b) =>
    byTitle.compare(a.facts.title, b.facts.title),
  )) {
    const attributePerformance: Record<string, unknown>[] = [];
    for (const { attrs, figures } of combos.values()) {
      const perf = performance(figures, metrics);
      if (perf) attributePerformance.push({ ...attrs, Performance: perf });
    }
    if (attributePerformance.length === 0) continue;
    items.push({
      Title: facts.title,
      Publisher: facts.publisher,
      Platform: platform.name,
      Item_ID: facts.itemId,
      Attribute_Performance: attributePerformance,
    });
  }
  const filters = standard
    ? { Access_Method: ["Regular"], Data_Type: ["Journal"], Metric_Type: ITEM_METRICS }
    : appliedFilters(request);
  const head = header(request, platform, filters, standard ? null : withAttributes(request), now);
  return finish(request, head, items);
}

/** A paper as the IR describes it. */
type ItemFacts = {
  title: string;
  doi: string | null;
  level: Level;
  parentId: number;
  authors: string[];
  publicationDate: string | null;
  uri: string;
};

async function itemFacts(
  db: Db,
  paperIds: number[],
  platform: Platform,
): Promise<Map<number, ItemFacts>> {
  const out = new Map<number, ItemFacts>();
  for (let i = 0; i < paperIds.length; i += 5000) {
    const ids = paperIds.slice(i, i + 5000);
    const rows = await papersWithVenues(db)
      .select([
        "p.id",
        "p.title",
        "p.doi",
        "p.published_on",
        "p.proceeding_id",
        "pub.journal_id",
        "pub.publication_date",
        "pub.year",
        "pr.year as proceeding_year",
        "j.uri",
        "pr.slug",
      ])
      .where("p.id", "in", ids)
      .execute();
    const authors = await authorsByPaper(db, ids);
    for (const r of rows) {
      const journal = r.journal_id !== null && r.journal_id !== undefined && r.uri;
      // the paper's effective date (decision 255), never the day its issue went online;
      // COUNTER's Publication_Date is a full date, so a year or month alone is left out
      const date = journal
        ? effectivePaperDate({
            published_on: r.published_on,
            issue: { publication_date: r.publication_date, year: Number(r.year ?? 0) },
          })
        : effectivePaperDate({
            published_on: r.published_on,
            proceeding: { year: Number(r.proceeding_year ?? 0) },
          });
      out.set(r.id, {
        title: r.title,
        doi: r.doi,
        level: journal ? "Journal" : "Conference",
        parentId: journal ? Number(r.journal_id) : Number(r.proceeding_id),
        authors: (authors.get(r.id) ?? []).map((a) => a.name),
        publicationDate: date.day === undefined ? null : date.iso,
        uri: journal
          ? `${platform.origin}/journal/${r.uri}/${r.id}`
          : `${platform.origin}/proceedings/${r.slug}/${r.id}`,
      });
    }
  }
  return out;
}

const DOI = /^10\.[1-9][0-9]{2}[0-9.]*\/.+$/;

/**
 * The paper an Item_ID filter of the IR names; undefined when none does, or when it names a
 * paper readers cannot see (decision 390: its answer is that of an unknown item).
 */
async function paperOfItemId(
  db: Db,
  itemId: string,
  platform: Platform,
): Promise<number | undefined> {
  const value = itemId.trim();
  const papers = papersWithVenues(db).select("p.id").where(PUBLIC_PAPER);
  const prefix = `${platform.namespace}:paper/`;
  const own = value.startsWith(prefix)
    ? value.slice(prefix.length)
    : /^https?:\/\//.test(value) && value.startsWith(platform.origin)
      ? (/\/(?:journal|proceedings)\/[^/]+\/([1-9][0-9]{0,8})$/.exec(value)?.[1] ?? "")
      : null;
  if (own !== null) {
    if (!/^[1-9][0-9]{0,8}$/.test(own)) return undefined;
    const row = await papers.where("p.id", "=", Number(own)).executeTakeFirst();
    return row?.id;
  }
  const doi = value.replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, "");
  if (!DOI.test(doi)) return undefined;
  const row = await papers
    .where(sql<SqlBool>`lower(p.doi) = ${doi.toLowerCase()}`)
    .executeTakeFirst();
  return row?.id;
}

async function itemReport(db: Db, request: ReportRequest, platform: Platform, now: Date) {
  const standard = request.report === "ir_a1";
  const metrics = standard
    ? (["Total_Item_Requests", "Unique_Item_Requests"] as Metric[])
    : metricsOf(request, ITEM_METRICS);
  const show = (name: string) => standard || request.attributes.includes(name);
  const showYop = !standard && request.attributes.includes("YOP");
  const showAccessType = show("Access_Type");
  const showMethod = !standard && request.attributes.includes("Access_Method");
  const parents = standard || request.includeParentDetails;
  const levels: Level[] = standard
    ? ["Journal"]
    : levelsOf(request, { Journal: "Article", Conference: "Conference_Item" });

  let paperIds: number[] | null = null;
  if (request.itemId !== null) {
    const id = await paperOfItemId(db, request.itemId, platform);
    paperIds = id === undefined ? [] : [id];
  }
  const rows: MonthRow[] =
    metrics.length === 0 || paperIds?.length === 0
      ? []
      : await monthRows(db, request, {
          levels,
          group: [
            "paper",
            ...(showYop ? (["yop"] as const) : []),
            ...(showAccessType ? (["access_type"] as const) : []),
          ],
          paperIds,
        });
  const facts = await itemFacts(db, [...new Set(rows.map((r) => r.paperId!))], platform);

  const papers = new Map<
    number,
    Map<string, { attrs: Record<string, unknown>; figures: MonthFigures }>
  >();
  for (const row of rows) {
    const paper = facts.get(row.paperId!);
    if (!paper) continue;
    const combos = papers.get(row.paperId!) ?? new Map();
    papers.set(row.paperId!, combos);
    const attrs: Record<string, unknown> = standard
      ? {}
      : { Data_Type: paper.level === "Journal" ? "Article" : "Conference_Item" };
    if (showYop) attrs.YOP = String(row.yop ?? 1).padStart(4, "0");
    if (showAccessType) attrs.Access_Type = row.accessType;
    if (showMethod) attrs.Access_Method = "Regular";
    const key = JSON.stringify(attrs);
    const combo = combos.get(key) ?? { attrs, figures: new Map() };
    combos.set(key, combo);
    addMonth(combo.figures, row.month, row.values);
  }

  const itemsByParent = new Map<string, Record<string, unknown>[]>();
  const ordered = [...papers].sort(
    ([a], [b]) => byTitle.compare(facts.get(a)!.title, facts.get(b)!.title) || a - b,
  );
  // the journals and proceedings: parents when asked for, and every item's publisher
  const parentFacts = new Map<string, TitleFacts>();
  const all = [...facts.values()];
  const parentIds = (level: Level) => [
    ...new Set(all.filter((p) => p.level === level).map((p) => p.parentId)),
  ];
  for (const [id, f] of await titleFacts(db, "Journal", parentIds("Journal"), platform)) {
    parentFacts.set(`Journal|${id}`, f);
  }
  for (const [id, f] of await titleFacts(db, "Conference", parentIds("Conference"), platform)) {
    parentFacts.set(`Conference|${id}`, f);
  }
  for (const [paperId, combos] of ordered) {
    const paper = facts.get(paperId)!;
    const attributePerformance: Record<string, unknown>[] = [];
    for (const { attrs, figures } of combos.values()) {
      const perf = performance(figures, metrics);
      if (perf) attributePerformance.push({ ...attrs, Performance: perf });
    }
    if (attributePerformance.length === 0) continue;
    const parentKey = `${paper.level}|${paper.parentId}`;
    const publisher = parentFacts.get(parentKey)?.publisher ?? "";
    const itemId: Record<string, string> = {};
    if (paper.doi && DOI.test(paper.doi)) itemId.DOI = paper.doi;
    itemId.Proprietary = `${platform.namespace}:paper/${paperId}`;
    itemId.URI = paper.uri;
    const item: Record<string, unknown> = {
      Item: paper.title,
      Publisher: publisher,
      Platform: platform.name,
    };
    const names = paper.authors.filter((n) => n.trim().length >= 2).slice(0, 3);
    if (show("Authors") && names.length > 0)
      item.Authors = [...new Set(names)].map((Name) => ({ Name }));
    if (show("Publication_Date") && paper.publicationDate)
      item.Publication_Date = paper.publicationDate;
    if (show("Article_Version")) item.Article_Version = "VoR";
    item.Item_ID = itemId;
    item.Attribute_Performance = attributePerformance;
    const group = parents ? parentKey : "";
    const list = itemsByParent.get(group) ?? [];
    list.push(item);
    itemsByParent.set(group, list);
  }

  const reportItems: Record<string, unknown>[] = [];
  for (const [key, items] of itemsByParent) {
    if (!parents) {
      reportItems.push({ Items: items });
      continue;
    }
    const parent = parentFacts.get(key);
    if (!parent) continue;
    reportItems.push({
      Title: parent.title,
      ...(standard ? {} : { Data_Type: parent.level }),
      Item_ID: parent.itemId,
      Items: items,
    });
  }
  const filters = standard
    ? {
        Access_Method: ["Regular"],
        Data_Type: ["Article"],
        Metric_Type: ["Total_Item_Requests", "Unique_Item_Requests"],
      }
    : appliedFilters(request);
  const head = header(
    request,
    platform,
    filters,
    standard
      ? null
      : withAttributes(
          request,
          request.includeParentDetails ? { Include_Parent_Details: "True" } : {},
        ),
    now,
  );
  return finish(request, head, reportItems);
}
