/**
 * `/search?banner_search=…` (or `q=…`): results of the banner search (docs/product/screens.md leaves what
 * the search does open; docs/decisions/002-search.md, 170-search-query-syntax.md, 172-search-
 * filters-and-api.md). Server-rendered from GET parameters only, so it works without
 * JavaScript: web-search syntax in the query, filters (journal or proceeding, year, type) in a
 * GET form, numbered pages. Matched words are highlighted from the service's non-HTML marks.
 * Every text is in the page's language (decision 382); the form and the page links stay in it.
 */
import { data } from "react-router";
import { isDatabaseUnavailable } from "../../server/db/unavailable.ts";
import {
  listSearchFilters,
  type SearchFilterOptions,
  searchPapers,
} from "../../server/features/search/search.ts";
import { markDatabaseUnavailable } from "../../server/http/outage-scope.ts";
import { localizeIssueLabel } from "../../shared/format.ts";
import { formatNumber } from "../../shared/i18n/intl.ts";
import { localizedPath } from "../../shared/i18n/locales.ts";
import { msg, msgWith } from "../../shared/i18n/messages.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { MARK_END, MARK_START } from "../../shared/search-marks.ts";
import {
  PAPER_TYPE_LABELS,
  PAPER_TYPES,
  type SearchFilters,
  type SearchParams,
  searchQueryString,
} from "../../shared/search-params.ts";
import { searchParamsSchema } from "../../shared/search-schema.ts";
import { PageHeading } from "../components/ui/heading.tsx";
import { Link } from "../components/ui/link.tsx";
import { buttonClass, containerClass, textLinkClass } from "../components/ui/styles.ts";
import { TitleLink } from "../components/ui/title-link.tsx";
import { appContext } from "../context.ts";
import { Trans, useLocale, useT } from "../i18n/use-t.tsx";
import { localeOf, siteNameOf } from "../lib/root-data.ts";
import { searchSummary } from "../lib/search-summary.ts";
import type { Route } from "./+types/search";

const PAGE_SIZE = 20;

const NO_OPTIONS: SearchFilterOptions = { journals: [], proceedings: [], years: [] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = Object.fromEntries(url.searchParams);
  const parsed = searchParamsSchema.safeParse({
    ...raw,
    q: (url.searchParams.get("banner_search") ?? url.searchParams.get("q") ?? "").slice(0, 200),
  });
  const ctx = context.get(appContext);
  const base = {
    total: 0,
    totalCapped: false,
    pageSize: PAGE_SIZE,
    hits: [],
    doi: null,
    ignored: [] as string[],
    failed: false,
    error: null as string | null,
  };
  if (!parsed.success) {
    // A hand-edited address (`year=soon`): the page says what is wrong, with HTTP 400.
    const error = parsed.error.issues[0]?.message ?? msg("The search address is not valid.");
    const params: SearchParams = { q: "", page: 1 };
    return data(
      {
        ...base,
        params,
        query: "",
        page: 1,
        error,
        options: NO_OPTIONS,
        headerText: msg("Search"),
      },
      { status: 400 },
    );
  }
  const params = parsed.data;
  const { q: query, page, ...filters } = params;
  try {
    const [result, options] = await Promise.all([
      searchPapers(ctx, query, { page, pageSize: PAGE_SIZE, filters }),
      listSearchFilters(ctx),
    ]);
    return {
      ...base,
      ...result,
      params,
      options,
      // the banner's heading, translated where shown (app/components/layout/banner.tsx)
      headerText: query ? msgWith("Search: {query}", { query }) : msg("Search"),
    };
  } catch (error) {
    // A database outage: the page says the search failed, with HTTP 503 (decision 130).
    if (isDatabaseUnavailable(error)) markDatabaseUnavailable();
    ctx.log.error({ err: error }, "search failed");
    return {
      ...base,
      params,
      query,
      page,
      failed: true,
      options: NO_OPTIONS,
      headerText: msg("Search"),
    };
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  const product = siteNameOf(matches);
  const q = loaderData?.query;
  return [
    {
      title: q
        ? t("“{query}” — Search — {product}", { query: q, product })
        : t("Search — {product}", { product }),
    },
    { name: "robots", content: "noindex, follow" },
  ];
}

/** Renders a snippet, turning the service's marks into `<mark>` elements (text stays escaped). */
function Snippet({ text }: { text: string }) {
  const parts = text.split(new RegExp(`(${MARK_START}[^${MARK_END}]*${MARK_END})`));
  return (
    <p className="mt-2 text-sm leading-relaxed text-slate-700">
      {parts.map((part, i) =>
        part.startsWith(MARK_START) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-slate-900">
            {part.slice(1, -1)}
          </mark>
        ) : (
          part
        ),
      )}
    </p>
  );
}

const selectClass =
  "mt-1 block w-full rounded-sm border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200";
const labelClass = "block text-sm font-medium text-slate-700";

/**
 * One filter: a labelled select whose empty first choice (`any`: "Any journal") leaves the
 * filter unset.
 */
function FilterSelect({
  name,
  label,
  any,
  value,
  choices,
}: {
  name: string;
  label: string;
  any: string;
  value: string | undefined;
  /** [value, label] pairs. */
  choices: [string, string][];
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">{any}</option>
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters in their order on the form: the query parameter, its label and its empty choice. */
const FILTERS = [
  ["journal", msg("Journal"), msg("Any journal")],
  ["proceeding", msg("Proceeding"), msg("Any proceeding")],
  ["year", msg("Year"), msg("Any year")],
  ["type", msg("Type"), msg("Any type")],
] as const satisfies readonly [keyof SearchFilters, string, string][];

/** The filter form: a GET form to this page in the page's language, keeping the query. */
function Filters({ params, options }: { params: SearchParams; options: SearchFilterOptions }) {
  const t = useT();
  const locale = useLocale();
  const active = FILTERS.some(([name]) => params[name]);
  const choices: Record<keyof SearchFilters, [string, string][]> = {
    journal: options.journals.map((j) => [j.uri, j.name]),
    proceeding: options.proceedings.map((p) => [p.slug, p.title]),
    year: options.years.map((y) => [String(y), String(y)]),
    type: PAPER_TYPES.map((type) => [type, t(PAPER_TYPE_LABELS[type])]),
  };
  return (
    <form
      method="get"
      action={localizedPath(locale, "/search")}
      aria-label={t("Filter the results")}
      className="mt-6 max-w-4xl rounded-sm border border-slate-200 bg-slate-50 p-4"
    >
      <input type="hidden" name="q" value={params.q} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FILTERS.map(([name, label, any]) => (
          <FilterSelect
            key={name}
            name={name}
            label={t(label)}
            any={t(any)}
            value={params[name] ? String(params[name]) : undefined}
            choices={choices[name]}
          />
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="submit" className={buttonClass("primary")}>
          {t("Apply filters")}
        </button>
        {active ? (
          <Link to={`/search?${searchQueryString({ q: params.q })}`} className={textLinkClass}>
            {t("Clear filters")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Previous / numbered / next links; the current page is marked for assistive technology. The
 * arrows turn with the reading direction.
 */
function Pagination({
  params,
  page,
  pages,
}: {
  params: SearchParams;
  page: number;
  pages: number;
}) {
  const t = useT();
  const locale = useLocale();
  const number = (n: number) => formatNumber(n, locale);
  const link = (n: number) => `/search?${searchQueryString({ ...params, page: n })}`;
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return (
    <nav aria-label={t("Result pages")} className="mt-8 max-w-4xl">
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <li>
          {page > 1 ? (
            <Link to={link(page - 1)} className={textLinkClass} rel="prev">
              <span className="inline-block rtl:-scale-x-100">←</span> {t("Previous")}
            </Link>
          ) : null}
        </li>
        {shown.map((n, i) => (
          <li key={n} className="flex items-center gap-x-3">
            {i > 0 && n - (shown[i - 1] as number) > 1 ? (
              <span aria-hidden="true" className="text-slate-500">
                …
              </span>
            ) : null}
            {n === page ? (
              <span aria-current="page" className="font-semibold text-slate-900">
                <Trans
                  id="<0>Page </0>{page}"
                  values={{ page: number(n) }}
                  components={{ 0: <span className="sr-only" /> }}
                />
              </span>
            ) : (
              <Link
                to={link(n)}
                className={textLinkClass}
                aria-label={t("Page {page}", { page: number(n) })}
              >
                {number(n)}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < pages ? (
            <Link to={link(page + 1)} className={textLinkClass} rel="next">
              {t("Next")} <span className="inline-block rtl:-scale-x-100">→</span>
            </Link>
          ) : null}
        </li>
      </ul>
      <p className="mt-2 text-sm text-slate-600">
        {t("Page {page} of {pages}", { page: number(page), pages: number(pages) })}
      </p>
    </nav>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const {
    query,
    total,
    totalCapped,
    page,
    pageSize,
    hits,
    failed,
    error,
    params,
    options,
    ignored,
  } = loaderData;
  const t = useT();
  // A capped count pages through the first `total` matches only (docs/decisions/100-search-top-k.md).
  const pages = Math.ceil(total / pageSize);
  // a zod message of shared/search-schema.ts, in the catalogue once marked there
  const summary = error ? t(error) : searchSummary({ query, total, totalCapped, failed }, t);
  return (
    <main className={`${containerClass} py-10 sm:py-14`}>
      <PageHeading
        kicker={t("Search")}
        title={query ? t("“{query}”", { query }) : t("Search the library")}
      />
      <p className="text-slate-700" aria-live="polite" role={error ? "alert" : undefined}>
        {summary}
      </p>
      {ignored.length ? (
        <p className="mt-2 text-sm text-slate-600">
          {t("Left out as too common to search for: {words}.", {
            words: ignored.map((word) => t("“{query}”", { query: word })).join(", "),
          })}
        </p>
      ) : null}
      {!error && !failed && query ? <Filters params={params} options={options} /> : null}
      <ol className="mt-6 max-w-4xl divide-y divide-slate-200 border-y border-slate-200">
        {hits.map((hit) => (
          <li key={hit.paperID} className="py-6">
            {hit.retracted ? (
              <p className="mb-1">
                <span className="rounded-sm bg-red-700 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
                  {t("Retracted")}
                </span>
              </p>
            ) : null}
            <TitleLink as="h2" to={hit.link} className="text-xl">
              {hit.title}
            </TitleLink>
            {hit.authors.length ? (
              <p className="mt-1 text-sm text-slate-600">{hit.authors.join(", ")}</p>
            ) : null}
            <p className="mt-1 text-sm">
              <Link to={hit.publication_link} className={textLinkClass}>
                {t("{journal}, {issue}", {
                  journal: hit.journal_name,
                  issue: localizeIssueLabel(t, hit.publication),
                })}
              </Link>
            </p>
            {hit.snippet ? <Snippet text={hit.snippet} /> : null}
          </li>
        ))}
      </ol>
      {pages > 1 ? <Pagination params={params} page={page} pages={pages} /> : null}
      {query && !error ? (
        <details className="mt-8 max-w-4xl text-sm text-slate-600">
          <summary className="cursor-pointer text-slate-700">{t("How to search")}</summary>
          <SyntaxHelp />
        </details>
      ) : null}
    </main>
  );
}

/**
 * The search syntax (decision 170), each rule in the page's language with its example as typed
 * (the syntax is the same in every language), kept left to right in a right-to-left page.
 */
function SyntaxHelp() {
  const example = { 0: <bdi dir="ltr" /> };
  return (
    <ul className="mt-2 list-disc space-y-1 ps-5">
      <li>
        <Trans
          id="Every word must match: <0>{example}</0>"
          values={{ example: "frog tadpoles" }}
          components={example}
        />
      </li>
      <li>
        <Trans
          id="Quotes match a phrase: <0>{example}</0>"
          values={{ example: '"theory of mind"' }}
          components={example}
        />
      </li>
      <li>
        <Trans
          id="OR matches either word: <0>{example}</0>"
          values={{ example: "frog OR toad" }}
          components={example}
        />
      </li>
      <li>
        <Trans
          id="A minus leaves a word out: <0>{example}</0>"
          values={{ example: "frog -toad" }}
          components={example}
        />
      </li>
      <li>
        <Trans
          id="An asterisk matches the start of a word: <0>{example}</0>"
          values={{ example: "ecolog*" }}
          components={example}
        />
      </li>
      <li>
        <Trans
          id="A DOI finds its paper: <0>{example}</0>"
          values={{ example: "10.7554/eLife.00353" }}
          components={example}
        />
      </li>
    </ul>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
