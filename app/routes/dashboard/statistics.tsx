/**
 * Statistics, /dashboard/statistics (issue 17, "Reports"; docs/decisions/283-statistics-screen.md):
 * readership counted by the COUNTER Code of Practice Release 5.1, for the whole site
 * (administrators), a journal, one of its issues, a proceeding or a paper.
 *
 * - 'Show' chooses the journal or proceeding (and an issue of the journal); 'From' and 'To' the
 *   days (native date pickers; 'Last 7 days', 'Last 30 days', 'Last 12 months' as shortcuts).
 *   The choice lives in the address (`?scope=journal:{uri}&issue={id}&from=…&to=…`, or
 *   `?paper={id}`), so it can be bookmarked and the browser's Back button goes back.
 * - Totals, then a chart of views and downloads per day (per month beyond 92 days) with the
 *   table of every figure beside it, then the most viewed papers (each links to its own
 *   statistics); each table downloads as CSV.
 * - Administrators also get, under the site's figures, the SUSHI settings and API keys
 *   (app/components/dashboard/statistics/sushi-panel.tsx).
 *
 * Loaded from GET /api/dashboard/statistics (and /api/dashboard/sushi_keys); a journal manager
 * asking for what they do not manage gets the server's 403 msg full-page.
 *
 * Texts, days and figures are in the page's language (decision 382); the CSV downloads keep
 * their English column names, a format spreadsheets and scripts read (decision 430).
 */
import { useEffect, useId, useState } from "react";
import { Form } from "react-router";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOfFile } from "../../../shared/file-calls.ts";
import { formatDate, formatNumber } from "../../../shared/i18n/intl.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { FIGURE_LABELS, FIGURE_NAMES, type StatisticsScreen } from "../../../shared/usage.ts";
import { formAction } from "../../components/dashboard/form-action.ts";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { SushiPanel } from "../../components/dashboard/statistics/sushi-panel.tsx";
import { UsageChart } from "../../components/dashboard/statistics/usage-chart.tsx";
import { TopPapersTable, UsageTable } from "../../components/dashboard/statistics/usage-tables.tsx";
import { labelClass, SelectField, TextField } from "../../components/forms/index.ts";
import { Card } from "../../components/ui/card.tsx";
import { Link } from "../../components/ui/link.tsx";
import { buttonClass, textLinkClass } from "../../components/ui/styles.ts";
import { WorkflowFiguresTable } from "../../components/workflow/figures-table.tsx";
import { Trans, useLocale, useT } from "../../i18n/use-t.tsx";
import { apiGet } from "../../lib/api.ts";
import { screenLoader } from "../../lib/dashboard-load.ts";
import { statisticsApiQuery } from "../../lib/statistics-query.ts";
import type { Route } from "./+types/statistics";

export const clientLoader = screenLoader(async (get, { request }: Route.ClientLoaderArgs) => {
  // in a module of its own: React Router splits the clientLoader into its own chunk
  const query = statisticsApiQuery(new URL(request.url).searchParams);
  const { statistics } = await get("/dashboard/statistics", query);
  // the SUSHI panel: administrators, under the site's figures
  const sushi =
    statistics.choices.site && statistics.scope.kind === "site"
      ? (await get("/dashboard/sushi_keys")).sushi
      : null;
  // the editorial figures of the journals the manager edits (decision 400); the usage figures
  // stand without them
  const workflow = await get("/dashboard/workflow_figures")
    .then((r) => r.figures)
    .catch(() => []);
  return { statistics, sushi, query, workflow };
});

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Statistics"));
}

export const HydrateFallback = screenFallback(msg("Loading the statistics…"));
export const ErrorBoundary = ScreenErrorBoundary;

/** The SUSHI panel's calls: `create`, `settings`, `revoke:{id}`. */
export const clientAction = formAction((intent) => {
  const failure = MESSAGES.somethingWentWrong;
  if (intent === "create") return { path: "/create_sushi_key", failure };
  if (intent === "settings") return { path: "/sushi_settings", failure };
  const id = intent.startsWith("revoke:") ? intent.slice(7) : "";
  return { path: `/revoke_sushi_key/${encodeURIComponent(id)}`, failure, reloadOnFailure: true };
});

/** Today (UTC) moved by `days`, `YYYY-MM-DD`. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The `scope` value of the screen's address for `s`. */
function scopeValue(s: StatisticsScreen["scope"]): string {
  if (s.journal) return `journal:${s.journal}`;
  if (s.proceeding !== null) return `proceeding:${s.proceeding}`;
  return "site";
}

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { statistics: s, sushi, query, workflow } = loaderData;
  const unit = s.granularity === "day" ? "day" : "month";
  const range = t("{from} to {to}", {
    from: formatDate(s.from, locale),
    to: formatDate(s.to, locale),
  });
  const csv = (table: "periods" | "papers") =>
    pathOfFile(
      "GET /api/dashboard/statistics_csv",
      {},
      `${query.replace(/^\?/, "")}${query ? "&" : ""}table=${table}`,
    );
  const statisticsOf = (paperId: number) => {
    const params = new URLSearchParams({ paper: String(paperId), from: s.from, to: s.to });
    return `/dashboard/statistics?${params}`;
  };
  return (
    <DashboardScreen
      title={t("Statistics")}
      lead={t(
        "Views and downloads counted by the COUNTER Code of Practice (Release 5.1): robots, repeated clicks within 30 seconds and signed-in managers are left out. Days are UTC days; today's figures grow during the day.",
      )}
    >
      <RangeForm screen={s} />

      <section aria-labelledby="figures-title" className="mt-8">
        <h2 id="figures-title" className="font-serif text-2xl font-semibold text-slate-900">
          {s.scope.label}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {t("{kind, select, paper {Paper, {range}} issue {Issue, {range}} other {{range}}}", {
            kind: s.scope.kind,
            range,
          })}
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {FIGURE_NAMES.map((name) => (
            <Card as="div" key={name} className="px-4 py-3">
              <dt className="text-sm text-slate-700">{t(FIGURE_LABELS[name])}</dt>
              <dd className="font-serif text-2xl font-semibold tabular-nums text-slate-900">
                {formatNumber(s.totals[name], locale)}
              </dd>
            </Card>
          ))}
        </dl>
        {s.searches !== null ? (
          <p className="mt-3 text-sm text-slate-700">
            <Trans
              id="Searches on the site: <0>{count}</0>"
              values={{ count: formatNumber(s.searches, locale) }}
              components={{ 0: <strong /> }}
            />
          </p>
        ) : null}
      </section>

      <section aria-labelledby="by-period-title" className="mt-10">
        <h2 id="by-period-title" className="text-xl font-semibold">
          {t(
            "{unit, select, day {Views and downloads by day} other {Views and downloads by month}}",
            {
              unit,
            },
          )}
        </h2>
        <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_31rem] lg:items-start">
          <UsageChart
            periods={s.periods}
            granularity={s.granularity}
            caption={t(
              "{unit, select, day {Views and downloads by day, {range}. The table gives every figure.} other {Views and downloads by month, {range}. The table gives every figure.}}",
              { unit, range },
            )}
          />
          <div className="min-w-0">
            <UsageTable
              periods={s.periods}
              totals={s.totals}
              granularity={s.granularity}
              caption={t(
                "{unit, select, day {Views and downloads by day, {range}, latest first} other {Views and downloads by month, {range}, latest first}}",
                { unit, range },
              )}
            />
            <CsvLink href={csv("periods")} />
          </div>
        </div>
      </section>

      {s.scope.kind !== "paper" ? (
        <section aria-labelledby="papers-title" className="mt-10">
          <h2 id="papers-title" className="text-xl font-semibold">
            {t("Most viewed papers")}
          </h2>
          {s.papers.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t("No paper was viewed in these days.")}</p>
          ) : (
            <>
              <div className="mt-4">
                <TopPapersTable papers={s.papers} statisticsLink={statisticsOf} />
              </div>
              <CsvLink href={csv("papers")} />
            </>
          )}
        </section>
      ) : null}

      <WorkflowFiguresTable rows={workflow} />

      {sushi ? (
        <div className="mt-10">
          <SushiPanel sushi={sushi} />
        </div>
      ) : null}
    </DashboardScreen>
  );
}

/** The range's two day fields, by their query parameter (labels: catalogue messages). */
const RANGE_BOUNDS = [
  { bound: "from", label: msg("From") },
  { bound: "to", label: msg("To") },
] as const;

/** The date range shortcuts under the form: the last `days` days up to today. */
const SHORTCUTS = [
  { days: 7, label: msg("Last 7 days") },
  { days: 30, label: msg("Last 30 days") },
  { days: 365, label: msg("Last 12 months") },
];

/** A table's CSV download, under the table. */
function CsvLink({ href }: { href: string }) {
  const t = useT();
  return (
    <a href={href} download className={`${textLinkClass} mt-2 inline-block text-sm`}>
      {t("Download this table (CSV)")}
    </a>
  );
}

type Choice = { value: string | number; name: string };

/** The `<option>`s of `choices`, each its value and shown name. */
function Options({ choices }: { choices: Choice[] }) {
  return choices.map((c) => (
    <option key={c.value} value={c.value}>
      {c.name}
    </option>
  ));
}

/**
 * 'Show''s group of journals or proceedings under its `label` (translated); nothing when there
 * is none.
 */
function ChoiceGroup({ label, choices }: { label: string; choices: Choice[] }) {
  return choices.length ? (
    <optgroup label={label}>
      <Options choices={choices} />
    </optgroup>
  ) : null;
}

type IssueChoice = { id: number; label: string };

/**
 * The issues the 'Issue' picker offers for `scope` (a 'Show' value): the loaded screen's when it
 * is the screen's journal, else, for another journal, its issues fetched as soon as it is chosen
 * (GET /api/dashboard/statistics of that journal), so the picker works before 'Show' is pressed
 * (issue 34); null for a scope that is no journal. A failed fetch leaves 'All issues' only.
 */
function useIssueChoices(scope: string, s: StatisticsScreen): IssueChoice[] | null {
  const loaded = scope === scopeValue(s.scope) && s.scope.journal !== null;
  const journal = scope.startsWith("journal:") ? scope.slice("journal:".length) : null;
  const [fetched, setFetched] = useState<{ scope: string; issues: IssueChoice[] } | null>(null);
  useEffect(() => {
    if (loaded || !journal) return;
    const controller = new AbortController();
    const query = `?${new URLSearchParams({ journal, from: s.from, to: s.to })}`;
    apiGet("/dashboard/statistics", MESSAGES.somethingWentWrong, {
      query,
      signal: controller.signal,
    }).then(
      ({ statistics }) => setFetched({ scope, issues: statistics.choices.issues }),
      () => setFetched({ scope, issues: [] }),
    );
    return () => controller.abort();
  }, [loaded, journal, scope, s.from, s.to]);
  if (loaded) return s.choices.issues;
  if (!journal) return null;
  return fetched?.scope === scope ? fetched.issues : [];
}

/** 'Show', 'Issue', 'From', 'To' and the shortcuts: a GET form to this screen's own address. */
function RangeForm({ screen: s }: { screen: StatisticsScreen }) {
  const t = useT();
  const errorId = useId();
  const [scope, setScope] = useState(scopeValue(s.scope));
  const [rangeError, setRangeError] = useState("");
  const [issue, setIssue] = useState(s.scope.kind === "issue" ? s.scope.param.slice(6) : "");
  const issues = useIssueChoices(scope, s);
  const journalChosen = issues !== null;
  const shortcut = (days: number) => {
    const params = new URLSearchParams();
    if (s.scope.kind === "paper") params.set("paper", s.scope.param.slice(6));
    else {
      params.set("scope", scopeValue(s.scope));
      if (s.scope.kind === "issue") params.set("issue", s.scope.param.slice(6));
    }
    params.set("from", dayFromToday(-(days - 1)));
    params.set("to", dayFromToday(0));
    return `/dashboard/statistics?${params}`;
  };
  return (
    <Card as="div" className="p-4 sm:p-5">
      <Form
        method="get"
        noValidate
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_auto_auto_auto] lg:items-end"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const from = String(form.get("from") ?? "");
          const to = String(form.get("to") ?? "");
          const problem =
            !from || !to
              ? t("Choose both dates.")
              : from > to
                ? t("The start date must not be after the end date.")
                : "";
          setRangeError(problem);
          if (problem) event.preventDefault();
        }}
      >
        {s.scope.kind === "paper" ? (
          <div className="sm:col-span-2 lg:col-span-2">
            <p className={labelClass}>{t("Paper")}</p>
            <p className="text-sm text-slate-800">
              {s.scope.label}{" "}
              <Link
                to={`/dashboard/statistics?scope=${scopeValue(s.scope)}&from=${s.from}&to=${s.to}`}
                className={textLinkClass}
              >
                {s.scope.journal ? t("Show its journal") : t("Show its proceeding")}
              </Link>
            </p>
            <input type="hidden" name="paper" value={s.scope.param.slice(6)} />
          </div>
        ) : (
          <>
            <SelectField
              label={t("Show")}
              name="scope"
              value={scope}
              onChange={(event) => {
                setScope(event.target.value);
                setIssue("");
              }}
            >
              {s.choices.site ? <option value="site">{t("The whole site")}</option> : null}
              <ChoiceGroup
                label={t("Journals")}
                choices={s.choices.journals.map((j) => ({
                  value: `journal:${j.uri}`,
                  name: j.name,
                }))}
              />
              <ChoiceGroup
                label={t("Proceedings")}
                choices={s.choices.proceedings.map((p) => ({
                  value: `proceeding:${p.id}`,
                  name: p.title,
                }))}
              />
            </SelectField>
            <SelectField
              label={t("Issue")}
              name="issue"
              value={journalChosen ? issue : ""}
              disabled={!journalChosen}
              onChange={(event) => setIssue(event.target.value)}
            >
              <option value="">
                {journalChosen ? t("All issues") : t("Choose a journal first")}
              </option>
              {journalChosen ? (
                <Options choices={issues.map((i) => ({ value: i.id, name: i.label }))} />
              ) : null}
            </SelectField>
          </>
        )}
        {RANGE_BOUNDS.map(({ bound, label }) => {
          // the range's error is told at 'From', where the range starts
          const marked = bound === "from" && rangeError !== "";
          return (
            <TextField
              key={`${bound}-${s[bound]}`}
              label={t(label)}
              type="date"
              name={bound}
              defaultValue={s[bound]}
              required
              aria-invalid={marked ? true : undefined}
              aria-describedby={marked ? errorId : undefined}
            />
          );
        })}
        <button type="submit" className={buttonClass("primary", "min-h-11")}>
          {t("Show")}
        </button>
      </Form>
      {rangeError ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {rangeError}
        </p>
      ) : null}
      <nav aria-label={t("Date ranges")} className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {SHORTCUTS.map(({ days, label }) => (
          <Link key={days} to={shortcut(days)} className={textLinkClass}>
            {t(label)}
          </Link>
        ))}
      </nav>
    </Card>
  );
}
