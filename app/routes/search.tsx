/**
 * `/search?banner_search=…`: results of the banner search (spec section 2 leaves what the search
 * does open; docs/decisions/002-search.md). Server-rendered; matched words are highlighted from
 * the service's non-HTML marks.
 */
import { Link } from "react-router";
import { isDatabaseUnavailable } from "../../server/db/unavailable.ts";
import { markDatabaseUnavailable } from "../../server/http/outage-scope.ts";
import { searchPapers } from "../../server/services/search.ts";
import { MARK_END, MARK_START } from "../../shared/search-marks.ts";
import { PageHeading } from "../components/ui/heading.tsx";
import { containerClass, textLinkClass, titleLinkClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { searchSummary } from "../lib/search-summary.ts";
import type { Route } from "./+types/search";

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("banner_search") ?? url.searchParams.get("q") ?? "")
    .trim()
    .slice(0, 200);
  const page = Math.max(
    1,
    Math.min(1000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1),
  );
  const ctx = context.get(appContext);
  try {
    const result = await searchPapers(ctx, query, { page, pageSize: PAGE_SIZE });
    return { ...result, failed: false, headerText: query ? `Search: ${query}` : "Search" };
  } catch (error) {
    // A database outage: the page says the search failed, with HTTP 503 (decision 130).
    if (isDatabaseUnavailable(error)) markDatabaseUnavailable();
    ctx.log.error({ err: error }, "search failed");
    return {
      query,
      total: 0,
      totalCapped: false,
      page,
      pageSize: PAGE_SIZE,
      hits: [],
      failed: true,
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

/** Renders a snippet, turning the service's marks into `<mark>` elements. */
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

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, total, totalCapped, page, pageSize, hits, failed } = loaderData;
  // A capped count pages through the first `total` matches only (docs/decisions/100-search-top-k.md).
  const pages = Math.ceil(total / pageSize);
  const pageLink = (n: number) =>
    `/search?${new URLSearchParams({ banner_search: query, page: String(n) })}`;
  const summary = searchSummary({ query, total, totalCapped, failed });
  return (
    <main className={`${containerClass} py-10 sm:py-14`}>
      <PageHeading kicker="Search" title={query ? `“${query}”` : "Search the library"} />
      <p className="text-slate-700" aria-live="polite">
        {summary}
      </p>
      <ol className="mt-6 max-w-4xl divide-y divide-slate-200 border-y border-slate-200">
        {hits.map((hit) => (
          <li key={hit.paperID} className="py-6">
            <h2 className="text-xl leading-snug font-semibold">
              <Link to={hit.link} className={titleLinkClass}>
                {hit.title}
              </Link>
            </h2>
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
      {pages > 1 ? (
        <nav aria-label="Result pages" className="mt-8 flex max-w-4xl items-center justify-between">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className={textLinkClass}>
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className={textLinkClass}>
              Next →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </main>
  );
}
