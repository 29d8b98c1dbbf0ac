/**
 * The Statistics screen of the dashboard (issue 17, "Reports"; docs/decisions/283-statistics-screen.md):
 * the COUNTER figures of the site, a journal, an issue, a proceeding or a paper over a range of
 * days, per day (or per month for long ranges), their totals, and the most viewed papers.
 *
 * Who sees what follows server/features/accounts/access.ts: the site only to administrators; a journal
 * (with its issues and papers) or a proceeding (with its papers) to those who may manage it.
 * Those are exactly the accounts decision 260 lets read a journal's unpublished parts
 * (`readableBy` is `assertJournalAccess` answered as a visibility), so the screen counts a
 * journal's draft issues' papers, and an inactive journal's figures, for them and nobody else
 * (decision 390); everybody else gets the 403 of the journal, issue or paper.
 */
import { sql } from "kysely";
import { publicationLabel } from "../../../shared/format.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import {
  COUNTER_METRIC_NAMES,
  DAILY_UP_TO_DAYS,
  FIGURE_NAMES,
  MAX_RANGE_DAYS,
  type StatisticsScreen,
  TOP_PAPERS,
  type UsageFigures,
  type UsagePeriod,
  zeroFigures,
} from "../../../shared/usage.ts";
import type { UsageScope } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError, invalid, notFound } from "../../services/errors.ts";
import {
  type Actor,
  assertJournalAccess,
  assertProceedingAccess,
  isAdmin,
} from "../accounts/access.ts";
import { ISSUE_LABEL_COLUMNS, issuesWithJournals } from "../publications/queries.ts";
import {
  addDays,
  dailyFigures,
  daysBetween,
  type PaperFilter,
  topPaperFigures,
  utcToday,
} from "./figures.ts";
import { describePapers } from "./paper-facts.ts";

/** What the screen is asked for: at most one of the scope parameters, and a day range. */
export type StatisticsQuery = {
  journal?: string | undefined;
  issue?: number | undefined;
  proceeding?: number | undefined;
  paper?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export const STATISTICS_MESSAGES = {
  noScope: msg(
    "No journal or proceeding is assigned to you yet, so there are no statistics to show. Ask a site administrator to assign one.",
  ),
  noJournal: msg("No such journal."),
  noIssue: msg("No such issue."),
  noProceeding: msg("No such proceeding."),
  noPaper: msg("No such paper."),
  badRange: msg("The start date must not be after the end date."),
  longRange: msgWith("Choose a range of at most {days} days (five years).", {
    days: MAX_RANGE_DAYS,
  }),
} as const;

/** Default range: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

type ResolvedScope = {
  screen: StatisticsScreen["scope"];
  filter: PaperFilter;
  /** Where its per-day figures are (`usage_scope_daily`, or one paper's rows). */
  daily: { kind: UsageScope; id: number } | { kind: "paper"; id: number };
  /** The journal whose issues the screen offers. */
  journalId: number | null;
};

/**
 * The Statistics screen for `actor`.
 * @throws AppError `forbidden` for the site (non-administrators), a journal or proceeding the
 *   actor may not manage, or an actor with nothing to see; `not_found` for an unknown scope;
 *   `invalid` for a range that ends before it starts or is longer than five years.
 */
export async function usageStatistics(
  ctx: AppContext,
  actor: Actor,
  query: StatisticsQuery,
  today = utcToday(),
): Promise<StatisticsScreen> {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to)
    throw invalid(STATISTICS_MESSAGES.badRange, { from: STATISTICS_MESSAGES.badRange });
  if (daysBetween(from, to) > MAX_RANGE_DAYS) {
    throw invalid(STATISTICS_MESSAGES.longRange, { from: STATISTICS_MESSAGES.longRange });
  }
  const choices = await choicesFor(ctx, actor);
  const scope = await resolveScope(ctx, actor, query, choices);

  const granularity = daysBetween(from, to) <= DAILY_UP_TO_DAYS ? "day" : "month";
  const days = await dailyFigures(ctx.db, from, to, scope.daily);
  const periods = periodsOf(from, to, granularity, days);
  const totals = zeroFigures();
  for (const period of periods) for (const name of FIGURE_NAMES) totals[name] += period[name];
  const searches =
    scope.daily.kind === "site" ? days.reduce((sum, d) => sum + d.searches, 0) : null;

  const papers =
    scope.filter.kind === "paper"
      ? []
      : await describeTop(
          ctx,
          await topPaperFigures(ctx.db, ctx.dialect, from, to, scope.filter, TOP_PAPERS),
        );

  const issues =
    scope.journalId === null
      ? []
      : (
          await ctx.db
            .selectFrom("publications")
            .select(["id", "volume", "number", "year", "show_number"])
            .where("journal_id", "=", scope.journalId)
            .orderBy("year", "desc")
            .orderBy("id", "desc")
            .execute()
        ).map((i) => ({
          id: i.id,
          label: publicationLabel(i.volume, i.number, i.year, i.show_number),
        }));

  return {
    scope: scope.screen,
    from,
    to,
    granularity,
    periods,
    totals,
    searches,
    papers,
    choices: {
      site: choices.site,
      journals: choices.journals.map(({ uri, name }) => ({ uri, name })),
      proceedings: choices.proceedings,
      issues,
    },
  };
}

/** Every day (or month) of the range with its figures, zeros where nothing was counted. */
function periodsOf(
  from: string,
  to: string,
  granularity: "day" | "month",
  days: { day: string; figures: UsageFigures }[],
): UsagePeriod[] {
  const byPeriod = new Map<string, UsagePeriod>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const period = granularity === "day" ? day : day.slice(0, 7);
    if (!byPeriod.has(period)) byPeriod.set(period, { period, ...zeroFigures() });
  }
  for (const { day, figures } of days) {
    const entry = byPeriod.get(granularity === "day" ? day : day.slice(0, 7));
    if (!entry) continue;
    for (const name of FIGURE_NAMES) entry[name] += figures[name];
  }
  return [...byPeriod.values()];
}

async function describeTop(
  ctx: AppContext,
  top: (UsageFigures & { paperId: number })[],
): Promise<StatisticsScreen["papers"]> {
  const facts = await describePapers(
    ctx.db,
    top.map((t) => t.paperId),
  );
  return top.flatMap(({ paperId, ...figures }) => {
    const paper = facts.get(paperId);
    if (!paper) return []; // deleted since
    return [
      { paperID: paperId, title: paper.title, link: paper.link, source: paper.source, ...figures },
    ];
  });
}

/** The journals and proceedings `actor` may look at, and whether the whole site. */
async function choicesFor(ctx: AppContext, actor: Actor) {
  const admin = isAdmin(actor);
  let journals = ctx.db.selectFrom("journals as j").select(["j.id", "j.uri", "j.name"]);
  let proceedings = ctx.db.selectFrom("proceedings as p").select(["p.id", "p.title", "p.year"]);
  if (!admin) {
    journals = journals.where("j.id", "in", (eb) =>
      eb.selectFrom("journal_managers").select("journal_id").where("user_id", "=", actor.id),
    );
    proceedings = proceedings.where("p.id", "in", (eb) =>
      eb.selectFrom("proceeding_managers").select("proceeding_id").where("user_id", "=", actor.id),
    );
  }
  const [journalRows, proceedingRows] = await Promise.all([
    journals.orderBy(sql`lower(j.name)`).execute(),
    proceedings.orderBy("p.year", "desc").orderBy(sql`lower(p.title)`).execute(),
  ]);
  return {
    site: admin,
    journals: journalRows.map((j) => ({ uri: j.uri, name: j.name, id: j.id })),
    proceedings: proceedingRows.map((p) => ({ id: p.id, title: p.title })),
  };
}

type Choices = Awaited<ReturnType<typeof choicesFor>>;

async function resolveScope(
  ctx: AppContext,
  actor: Actor,
  query: StatisticsQuery,
  choices: Choices,
): Promise<ResolvedScope> {
  if (query.paper !== undefined) {
    const paper = await ctx.db
      .selectFrom("papers as p")
      .leftJoin("publications as pub", "pub.id", "p.publication_id")
      .leftJoin("journals as j", "j.id", "pub.journal_id")
      .select(["p.id", "p.title", "p.proceeding_id", "j.id as journal_id", "j.uri"])
      .where("p.id", "=", query.paper)
      .executeTakeFirst();
    if (!paper) throw notFound(STATISTICS_MESSAGES.noPaper);
    if (paper.uri) await assertJournalAccess(ctx, actor, paper.uri);
    if (paper.proceeding_id !== null) await assertProceedingAccess(ctx, actor, paper.proceeding_id);
    return {
      screen: {
        kind: "paper",
        param: `paper=${paper.id}`,
        label: paper.title,
        journal: paper.uri ?? null,
        proceeding: paper.proceeding_id,
      },
      filter: { kind: "paper", id: paper.id },
      daily: { kind: "paper", id: paper.id },
      journalId: paper.journal_id ?? null,
    };
  }
  if (query.issue !== undefined) {
    const issue = await issuesWithJournals(ctx.db)
      .select([...ISSUE_LABEL_COLUMNS, "j.id as journal_id", "j.uri", "j.name"])
      .where("pub.id", "=", query.issue)
      .executeTakeFirst();
    if (!issue) throw notFound(STATISTICS_MESSAGES.noIssue);
    await assertJournalAccess(ctx, actor, issue.uri);
    return {
      screen: {
        kind: "issue",
        param: `issue=${issue.id}`,
        label: `${issue.name}, ${publicationLabel(issue.volume, issue.number, issue.year, issue.show_number)}`,
        journal: issue.uri,
        proceeding: null,
      },
      filter: { kind: "issue", id: issue.id },
      daily: { kind: "issue", id: issue.id },
      journalId: issue.journal_id,
    };
  }
  if (query.journal !== undefined) {
    const journal = await ctx.db
      .selectFrom("journals")
      .select(["id", "uri", "name"])
      .where("uri", "=", query.journal)
      .executeTakeFirst();
    if (!journal) throw notFound(STATISTICS_MESSAGES.noJournal);
    await assertJournalAccess(ctx, actor, journal.uri);
    return journalScope(journal);
  }
  if (query.proceeding !== undefined) {
    const proceeding = await ctx.db
      .selectFrom("proceedings")
      .select(["id", "title"])
      .where("id", "=", query.proceeding)
      .executeTakeFirst();
    if (!proceeding) throw notFound(STATISTICS_MESSAGES.noProceeding);
    await assertProceedingAccess(ctx, actor, proceeding.id);
    return proceedingScope(proceeding);
  }
  if (choices.site) {
    return {
      screen: {
        kind: "site",
        param: "",
        label: ctx.config.siteName,
        journal: null,
        proceeding: null,
      },
      filter: { kind: "site" },
      daily: { kind: "site", id: 0 },
      journalId: null,
    };
  }
  const [journal] = choices.journals;
  if (journal) return journalScope(journal);
  const [proceeding] = choices.proceedings;
  if (proceeding) return proceedingScope(proceeding);
  throw new AppError("forbidden", STATISTICS_MESSAGES.noScope);
}

function journalScope(journal: { id: number; uri: string; name: string }): ResolvedScope {
  return {
    screen: {
      kind: "journal",
      param: `journal=${journal.uri}`,
      label: journal.name,
      journal: journal.uri,
      proceeding: null,
    },
    filter: { kind: "journal", id: journal.id },
    daily: { kind: "journal", id: journal.id },
    journalId: journal.id,
  };
}

function proceedingScope(proceeding: { id: number; title: string }): ResolvedScope {
  return {
    screen: {
      kind: "proceeding",
      param: `proceeding=${proceeding.id}`,
      label: proceeding.title,
      journal: null,
      proceeding: proceeding.id,
    },
    filter: { kind: "proceeding", id: proceeding.id },
    daily: { kind: "proceeding", id: proceeding.id },
    journalId: null,
  };
}

/** The screen as CSV (RFC 4180): one row per period, or per top paper (`table: "papers"`). */
export function statisticsCsv(screen: StatisticsScreen, table: "periods" | "papers"): string {
  // the COUNTER metric names, which spreadsheets of other platforms use too
  const headings = FIGURE_NAMES.map((name) => COUNTER_METRIC_NAMES[name]);
  const lines: string[][] =
    table === "periods"
      ? [
          [screen.granularity === "day" ? "Date" : "Month", ...headings],
          ...screen.periods.map((p) => [p.period, ...FIGURE_NAMES.map((n) => String(p[n]))]),
        ]
      : [
          ["Paper ID", "Title", "Published in", "Link", ...headings],
          ...screen.papers.map((p) => [
            String(p.paperID),
            p.title,
            p.source,
            p.link,
            ...FIGURE_NAMES.map((n) => String(p[n])),
          ]),
        ];
  return `${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break (RFC 4180), and a leading
 * `=`, `+`, `-` or `@` defused with an apostrophe so a spreadsheet never runs a title as a
 * formula (OWASP CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
