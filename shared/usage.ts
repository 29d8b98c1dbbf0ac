/**
 * Wire types and labels of usage figures (issue 17; docs/decisions/283-statistics-screen.md and
 * 284-usage-figures-for-readers.md): the dashboard's Statistics screen, its SUSHI API keys, and
 * the views and downloads readers see. No server imports: the browser loads this module.
 *
 * The four figures are COUNTER Release 5.1 metrics (section 3.3.5), named as COUNTER names them
 * on the wire; the screen labels them for people ({@link FIGURE_LABELS}).
 */

import { msg } from "./i18n/messages.ts";

/** The COUNTER metrics of a paper, a journal, an issue, a proceeding or the site. */
export type UsageFigures = {
  total_item_investigations: number;
  total_item_requests: number;
  unique_item_investigations: number;
  unique_item_requests: number;
};

export const FIGURE_NAMES = [
  "total_item_investigations",
  "total_item_requests",
  "unique_item_investigations",
  "unique_item_requests",
] as const satisfies readonly (keyof UsageFigures)[];

/**
 * Column headings: what a person reads, with COUNTER's name for those who report it; catalogue
 * messages, translated where shown.
 */
export const FIGURE_LABELS: Record<keyof UsageFigures, string> = {
  total_item_investigations: msg("Views"),
  total_item_requests: msg("Downloads"),
  unique_item_investigations: msg("Unique views"),
  unique_item_requests: msg("Unique downloads"),
};

/** COUNTER's metric name of each figure (Metric_Type). */
export const COUNTER_METRIC_NAMES: Record<keyof UsageFigures, string> = {
  total_item_investigations: "Total_Item_Investigations",
  total_item_requests: "Total_Item_Requests",
  unique_item_investigations: "Unique_Item_Investigations",
  unique_item_requests: "Unique_Item_Requests",
};

export const zeroFigures = (): UsageFigures => ({
  total_item_investigations: 0,
  total_item_requests: 0,
  unique_item_investigations: 0,
  unique_item_requests: 0,
});

/** What the Statistics screen sums. */
export type StatisticsScopeKind = "site" | "journal" | "proceeding" | "issue" | "paper";

/** The figures of one day (`YYYY-MM-DD`) or month (`YYYY-MM`). */
export type UsagePeriod = UsageFigures & { period: string };

/** A paper among the most used of a scope. */
export type TopPaper = UsageFigures & {
  paperID: number;
  title: string;
  /** Its public page. */
  link: string;
  /** The journal or proceeding it appeared in. */
  source: string;
};

/** GET /api/dashboard/statistics. */
export type StatisticsScreen = {
  scope: {
    kind: StatisticsScopeKind;
    /** The query parameter naming it (`journal=plos-one`, `issue=3`…); "" for the site. */
    param: string;
    label: string;
    /** The journal of a journal, issue or journal paper scope (its URI). */
    journal: string | null;
    /** The proceeding of a proceeding or conference paper scope. */
    proceeding: number | null;
  };
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
  /** Days for ranges up to {@link DAILY_UP_TO_DAYS} days, months beyond. */
  granularity: "day" | "month";
  periods: UsagePeriod[];
  totals: UsageFigures;
  /** Searches run on the site in the range (site scope only, else null). */
  searches: number | null;
  /** The most viewed papers of the scope (none for a paper). */
  papers: TopPaper[];
  /** What the manager may look at instead. */
  choices: {
    site: boolean;
    journals: { uri: string; name: string }[];
    proceedings: { id: number; title: string }[];
    /** The issues of the scope's journal. */
    issues: { id: number; label: string }[];
  };
};

/** Longest range shown day by day; longer ones are shown by month. */
export const DAILY_UP_TO_DAYS = 92;
/** Longest range the screen answers, in days (five years). */
export const MAX_RANGE_DAYS = 1830;
/** The most used papers listed. */
export const TOP_PAPERS = 10;

/** A SUSHI API key as the Statistics screen lists it (the key itself is shown once). */
export type SushiKeyItem = {
  id: number;
  label: string;
  /** The first characters of the key, to recognise it. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

/** GET /api/dashboard/sushi_keys. */
export type SushiSettings = {
  keys: SushiKeyItem[];
  /** Whether SUSHI answers only requests with a valid API key. */
  require_api_key: boolean;
  /** The SUSHI base URL harvesters are given (`{origin}/sushi`). */
  base_url: string;
};

/** A paper's figures on its page: views and downloads up to the end of yesterday (UTC). */
export type ReaderFigures = { views: number; downloads: number; through: string };

/** A paper of a 'Most read' list. */
export type MostReadPaper = {
  paperID: number;
  title: string;
  link: string;
  /** The journal's name or the proceeding's title. */
  source: string;
  views: number;
};
