import { Form, useLocation, useMatches, useSearchParams } from "react-router";
import { DEFAULT_HEADER_TEXT } from "../../../shared/constants.ts";
import { localizedPath } from "../../../shared/i18n/locales.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { containerClass } from "../ui/styles.ts";
import { SearchIcon } from "./icons.tsx";

/**
 * The banner of docs/product/screens.md (Shared layout): the research search form (a text box named
 * `banner_search`, placeholder 'Find Research...', a 'Search' button; GET /search, whose page
 * is another screen) and the heading — the deepest matched route's `headerText` loader field
 * when it has one (a journal's name), else {@link DEFAULT_HEADER_TEXT}. The heading is hidden on
 * small screens (below `md`), as the spec says.
 */
export function Banner() {
  const t = useT();
  const locale = useLocale();
  const heading = useHeaderText();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // The results page's own links (pages, filters) carry the words as `q` (decision 171).
  const query =
    params.get("banner_search") ?? (pathname === "/search" ? params.get("q") : null) ?? "";
  return (
    <section aria-label={t("Search the library")} className="bg-brand-900 text-white">
      <div
        className={`${containerClass} flex flex-col gap-6 py-5 md:py-10 lg:flex-row lg:items-center lg:justify-between lg:gap-12 lg:py-12`}
      >
        <h2
          id="banner-heading"
          className="hidden max-w-2xl font-serif text-3xl leading-tight font-normal text-white md:block lg:text-[2.5rem]"
        >
          {t(heading)}
        </h2>
        <Form
          action={localizedPath(locale, "/search")}
          method="get"
          // the search page is not hydrated: a document load, also from a hydrated page
          reloadDocument
          role="search"
          className="flex w-full md:max-w-xl lg:max-w-md lg:shrink-0"
        >
          <label htmlFor="banner_search" className="sr-only">
            {t("Search articles, journals and proceedings")}
          </label>
          <div className="relative flex-1">
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
            <input
              // Re-mount on a new query so the box shows the search being displayed.
              key={query}
              id="banner_search"
              name="banner_search"
              type="search"
              defaultValue={query}
              placeholder={t("Find Research...")}
              className="h-12 w-full rounded-s-sm border-0 bg-white ps-10 pe-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-brand-300"
            />
          </div>
          <button
            type="submit"
            className="h-12 rounded-e-sm bg-brand-600 px-5 text-sm font-semibold tracking-wide text-white hover:bg-brand-500 focus-visible:outline-brand-300"
          >
            {t("Search")}
          </button>
        </Form>
      </div>
    </section>
  );
}

/** `headerText` of the deepest matched route's loader data, else the default heading. */
function useHeaderText(): string {
  const matches = useMatches();
  const data = matches.at(-1)?.loaderData as { headerText?: unknown } | null | undefined;
  const text = data && typeof data.headerText === "string" ? data.headerText.trim() : "";
  return text || DEFAULT_HEADER_TEXT;
}
