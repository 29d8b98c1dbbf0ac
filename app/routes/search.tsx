/**
 * `/search?banner_search=…` (or `q=…`): results of the banner search (docs/product/screens.md leaves what
 * the search does open; docs/decisions/002-search.md, 170-search-query-syntax.md, 172-search-
 * filters-and-api.md). Server-rendered from GET parameters only, so it works without
 * JavaScript: web-search syntax in the query, filters (journal or proceeding, year, type) in a
 * GET form, numbered pages. Matched words are highlighted from the service's non-HTML marks.
 */
import { data } from "react-router";
import { isDatabaseUnavailable } from "../../server/db/unavailable.ts";
import {
  listSearchFilters,
  type SearchFilterOptions,
  searchPapers,
} from "../../server/features/search/search.ts";
import { markDatabaseUnavailable } from "../../server/http/outage-scope.ts";
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
    const error = parsed.error.issues[0]?.message ?? "The search address is not valid.";
    const params: SearchParams = { q: "", page: 1 };
    return data(
      { ...base, params, query: "", page: 1, error, options: NO_OPTIONS, headerText: "Search" },
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
      headerText: query ? `Search: ${query}` : "Search",
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
      headerText: "Search",
    };
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "";
  const q = loaderData?.query;
  return [
    { title: q ? `“${q}” — Search — ${site}` : `Search — ${site}` },
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
 * One filter: a labelled select whose empty first choice ("Any journal", from the label) leaves
 * the filter unset.
 */
function FilterSelect({
  name,
  label,
  value,
  choices,
}: {
  name: string;
  label: string;
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
        <option value="">{`Any ${label.toLowerCase()}`}</option>
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters in their order on the form: the query parameter and its label. */
const FILTERS = [
  ["journal", "Journal"],
  ["proceeding", "Proceeding"],
  ["year", "Year"],
  ["type", "Type"],
] as const satisfies readonly [keyof SearchFilters, string][];

/** The filter form: a GET form to this page, keeping the query. */
function Filters({ params, options }: { params: SearchParams; options: SearchFilterOptions }) {
  const active = FILTERS.some(([name]) => params[name]);
  const choices: Record<keyof SearchFilters, [string, string][]> = {
    journal: options.journals.map((j) => [j.uri, j.name]),
    proceeding: options.proceedings.map((p) => [p.slug, p.title]),
    year: options.years.map((y) => [String(y), String(y)]),
    type: PAPER_TYPES.map((t) => [t, PAPER_TYPE_LABELS[t]]),
  };
  return (
    <form
      method="get"
      action="/search"
      aria-label="Filter the results"
      className="mt-6 max-w-4xl rounded-sm border border-slate-200 bg-slate-50 p-4"
    >
      <input type="hidden" name="q" value={params.q} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FILTERS.map(([name, label]) => (
          <FilterSelect
            key={name}
            name={name}
            label={label}
            value={params[name] ? String(params[name]) : undefined}
            choices={choices[name]}
          />
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="submit" className={buttonClass("primary")}>
          Apply filters
        </button>
        {active ? (
          <Link to={`/search?${searchQueryString({ q: params.q })}`} className={textLinkClass}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/** Previous / numbered / next links; the current page is marked for assistive technology. */
function Pagination({
  params,
  page,
  pages,
}: {
  params: SearchParams;
  page: number;
  pages: number;
}) {
  const link = (n: number) => `/search?${searchQueryString({ ...params, page: n })}`;
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return (
    <nav aria-label="Result pages" className="mt-8 max-w-4xl">
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <li>
          {page > 1 ? (
            <Link to={link(page - 1)} className={textLinkClass} rel="prev">
              ← Previous
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
                <span className="sr-only">Page </span>
                {n}
              </span>
            ) : (
              <Link to={link(n)} className={textLinkClass} aria-label={`Page ${n}`}>
                {n}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < pages ? (
            <Link to={link(page + 1)} className={textLinkClass} rel="next">
              Next →
            </Link>
          ) : null}
        </li>
      </ul>
      <p className="mt-2 text-sm text-slate-600">
        Page {page} of {pages}
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
  // A capped count pages through the first `total` matches only (docs/decisions/100-search-top-k.md).
  const pages = Math.ceil(total / pageSize);
  const summary = error ? error : searchSummary({ query, total, totalCapped, failed });
  return (
    <main className={`${containerClass} py-10 sm:py-14`}>
      <PageHeading kicker="Search" title={query ? `“${query}”` : "Search the library"} />
      <p className="text-slate-700" aria-live="polite" role={error ? "alert" : undefined}>
        {summary}
      </p>
      {ignored.length ? (
        <p className="mt-2 text-sm text-slate-600">
          Left out as too common to search for: {ignored.map((w) => `“${w}”`).join(", ")}.
        </p>
      ) : null}
      {!error && !failed && query ? <Filters params={params} options={options} /> : null}
      <ol className="mt-6 max-w-4xl divide-y divide-slate-200 border-y border-slate-200">
        {hits.map((hit) => (
          <li key={hit.paperID} className="py-6">
            <TitleLink as="h2" to={hit.link} className="text-xl">
              {hit.title}
            </TitleLink>
            {hit.authors.length ? (
              <p className="mt-1 text-sm text-slate-600">{hit.authors.join(", ")}</p>
            ) : null}
            <p className="mt-1 text-sm">
              <Link to={hit.publication_link} className={textLinkClass}>
                {hit.journal_name}, {hit.publication}
              </Link>
            </p>
            {hit.snippet ? <Snippet text={hit.snippet} /> : null}
          </li>
        ))}
      </ol>
      {pages > 1 ? <Pagination params={params} page={page} pages={pages} /> : null}
      {query && !error ? (
        <details className="mt-8 max-w-4xl text-sm text-slate-600">
          <summary className="cursor-pointer text-slate-700">How to search</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Every word must match: frog tadpoles</li>
            <li>Quotes match a phrase: "theory of mind"</li>
            <li>OR matches either word: frog OR toad</li>
            <li>A minus leaves a word out: frog -toad</li>
            <li>An asterisk matches the start of a word: ecolog*</li>
            <li>A DOI finds its paper: 10.7554/eLife.00353</li>
          </ul>
        </details>
      ) : null}
    </main>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
