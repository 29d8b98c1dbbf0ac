/**
 * The document shell and the site layout shared by every page (docs/product/screens.md, Shared layout).
 * The root loader gives every page the site name (`{product}`), the CSP nonce (put on every
 * inline script React Router writes), the signed-in manager and the current year.
 */

import publicScriptUrl from "virtual:athenaeum/public-script";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { MESSAGES } from "../shared/constants.ts";
import { SITE_FEED_PATH } from "../shared/format.ts";
import {
  DEFAULT_LOCALE,
  directionOf,
  isLocalizedPage,
  LOCALES,
  localizedPath,
} from "../shared/i18n/locales.ts";
import { translatorFor } from "../shared/i18n/translator.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteLayout } from "./components/layout/site-layout.tsx";
import { NotFound } from "./components/not-found.tsx";
import { containerClass } from "./components/ui/styles.ts";
import { appContext, requestContext } from "./context.ts";
import { LocaleProvider, useT } from "./i18n/use-t.tsx";
import { localeOf, pageMeta, type RootData } from "./lib/root-data.ts";

/**
 * A route's `handle`:
 * - `{ hydrate: false }` marks a public page that React never hydrates
 *   (docs/decisions/240-unhydrated-public-pages.md). The server renders it as any other page, but
 *   instead of React Router's scripts it gets app/public/page-script.ts, a few KB that define the
 *   site's custom elements (app/elements.ts, decision 292); its links are full page loads.
 * - `{ pdfViewer: true }` marks a page that opens the PDF reader: its Content-Security-Policy
 *   gets what pdf.js needs beyond the site's policy (server/http/csp.ts; decision 266).
 */
export type RouteHandle = { hydrate?: boolean; pdfViewer?: boolean };

/** False when a matched route asks not to be hydrated. */
function useHydrate(): boolean {
  return !useMatches().some(
    (match) => (match.handle as RouteHandle | undefined)?.hydrate === false,
  );
}

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const { config } = context.get(appContext);
  const { nonce, user, origin, locale } = context.get(requestContext);
  return {
    siteName: config.siteName,
    nonce,
    user: user ? { name: user.name } : null,
    origin,
    year: new Date().getFullYear(),
    locale,
  };
}

/**
 * Metadata when no deeper route gives its own: the site name, or the error page's title when
 * a loader threw (the root error boundary then renders the page).
 */
export function meta({ matches, error }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    const title = t(notFound ? MESSAGES.notFound : MESSAGES.somethingWentWrong);
    return [...pageMeta(matches, title, title), { name: "robots", content: "noindex" }];
  }
  return pageMeta(
    matches,
    "",
    t("Academic journals and open library: journals, issues and papers."),
  );
}

/** The site's mark as SVG source; the favicon link carries it inline. */
const FAVICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><rect width='40' height='40' rx='2' fill='#1d3152'/><path d='M8 15L20 8l12 7z' fill='white'/><path d='M11 17.5v11M16.3 17.5v11M23.7 17.5v11M29 17.5v11M8 31h24' stroke='white' stroke-width='2.2'/></svg>";

/**
 * The favicon as a data URL (no extra request; `img-src data:` is allowed). Percent-encoded as a
 * whole: a URL may not contain raw spaces (WHATWG URL, which the Nu HTML Checker applies to
 * `href`; decision 160).
 */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;

/**
 * On every page: the favicon. The site's Atom feed (decision 187; journal pages add their
 * journal's feed through their `meta`) is linked by {@link Layout}, which knows the page's
 * language for its title.
 */
export function links() {
  return [{ rel: "icon", href: FAVICON, type: "image/svg+xml" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  const locale = data?.locale ?? DEFAULT_LOCALE;
  // outside the LocaleProvider below: the translator of the page's language, for the head
  const t = translatorFor(locale);
  const hydrate = useHydrate();
  // Tells the browser tests that React has hydrated the page (app/public/page-script.ts says the
  // same on the pages React does not run on). Links from a hydrated page to one that is not
  // are document loads (`reloadDocument`), so React never renders an unhydrated route here.
  useEffect(() => {
    document.querySelector("header")?.setAttribute("data-hydrated", "");
  }, []);
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16253f" />
        <Meta />
        <Links />
        <link
          rel="alternate"
          type="application/atom+xml"
          href={SITE_FEED_PATH}
          title={t("New papers")}
        />
        {hydrate ? null : <LanguageAlternates origin={data?.origin ?? ""} />}
      </head>
      <body>
        <LocaleProvider locale={locale}>{children}</LocaleProvider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script type="module" src={publicScriptUrl} nonce={nonce} />
        )}
      </body>
    </html>
  );
}

/**
 * Every language version of a public page, for search engines (`hreflang`, with `x-default`
 * the default language's URL; Google's "Tell Google about localized versions of your page").
 * The server strips the language prefix before React Router sees the URL, so the location is
 * the page's own path in every language.
 */
function LanguageAlternates({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  if (!isLocalizedPage(pathname)) return null;
  const path = `${pathname}${search}`;
  return (
    <>
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={`${origin}${localizedPath(l, path)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${path}`} />
    </>
  );
}

export default function App() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteLayout>
      {notFound ? (
        <NotFound />
      ) : (
        <main className={`${containerClass} py-16 text-center sm:py-24`}>
          <h1 className="text-3xl font-semibold">{t(MESSAGES.somethingWentWrong)}</h1>
          <p className="mt-4 text-lg text-slate-600">{t("Please try again in a moment.")}</p>
        </main>
      )}
    </SiteLayout>
  );
}
