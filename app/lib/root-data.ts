/**
 * The root loader's data (site name, signed-in user, origin, year) for components and route
 * `meta` functions, and the page metadata every public page carries (title, description, Open
 * Graph; docs/decisions/045-page-metadata.md).
 */
import type { MetaDescriptor } from "react-router";
import { useRouteLoaderData } from "react-router";
import { journalFeedLink } from "../../shared/format.ts";
import { DEFAULT_LOCALE, localizedPath, type RenderLocale } from "../../shared/i18n/locales.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { oneLine } from "../../shared/one-line.ts";
import type { JsonLd } from "./json-ld.ts";

/** What the root loader (app/root.tsx) gives every page. */
export type RootData = {
  /** `{product}`, config `SITE_NAME`. */
  siteName: string;
  /** This response's Content-Security-Policy nonce. */
  nonce: string;
  /** The signed-in manager's name, or null. */
  user: { name: string } | null;
  /** The site's origin (`PUBLIC_URL`, else the request's). */
  origin: string;
  year: number;
  /** The page's language (server/http/locale.ts; decision 382). */
  locale: RenderLocale;
};

const FALLBACK_SITE_NAME = "Athenaeum";

/** The root loader's data from any component. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  return (
    data ?? {
      siteName: FALLBACK_SITE_NAME,
      nonce: "",
      user: null,
      origin: "",
      year: new Date().getFullYear(),
      locale: DEFAULT_LOCALE,
    }
  );
}

type MatchLike = { id: string; loaderData?: unknown };

function rootDataOf(matches: readonly (MatchLike | undefined)[]) {
  return matches.find((m) => m?.id === "root")?.loaderData as
    | { siteName?: unknown; origin?: unknown }
    | undefined;
}

/** `{product}` (config `SITE_NAME`) from a `meta` function's `matches`. */
export function siteNameOf(matches: readonly (MatchLike | undefined)[]): string {
  const root = rootDataOf(matches);
  return typeof root?.siteName === "string" && root.siteName ? root.siteName : FALLBACK_SITE_NAME;
}

/**
 * The site's origin (config `PUBLIC_URL`, else the request's) from a `meta` function's
 * `matches`, for absolute URLs in metadata; `""` when the root gave none.
 */
export function originOf(matches: readonly (MatchLike | undefined)[]): string {
  const root = rootDataOf(matches);
  return typeof root?.origin === "string" ? root.origin : "";
}

/** The page's language from a `meta` function's `matches` (the default when the root gave none). */
export function localeOf(matches: readonly (MatchLike | undefined)[]): RenderLocale {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    | { locale?: RenderLocale }
    | undefined;
  return root?.locale ?? DEFAULT_LOCALE;
}

/** What {@link pageMeta} adds beyond the title and description. */
export type PageMetaOptions = {
  /** Open Graph type: `article` for papers, else `website`. */
  type?: "website" | "article";
  /** The page's image (a cover or logo), `/files/…` or absolute; made absolute for previews. */
  image?: string | null;
  /** The page's path (`location.pathname`), for `og:url`. */
  path?: string;
  /** schema.org description of the page (app/lib/json-ld.ts). */
  jsonLd?: JsonLd;
  /** The journal whose Atom feed the page links besides the site's (decision 187). */
  journal?: { uri: string; name: string };
};

/**
 * `<title>`, meta description, Open Graph and Twitter card tags of a page (decisions 046 and
 * 188), its journal's feed link and its JSON-LD. The title reads `{title} | {product}` (just
 * `{product}` when `title` is empty); `description` is trimmed to 300 characters at a word
 * boundary, as search engines show about that much. `title` and `description` come in the
 * page's language (the caller translates them); the texts this adds (the image's alt text, the
 * feed's title) are put in it here (decision 382).
 */
export function pageMeta(
  matches: readonly (MatchLike | undefined)[],
  title: string,
  description: string,
  options: PageMetaOptions = {},
): MetaDescriptor[] {
  const siteName = siteNameOf(matches);
  const locale = localeOf(matches);
  // head values are one line (issue 15): a line break typed into a name ends at a space
  const fullTitle = title ? `${oneLine(title)} | ${siteName}` : siteName;
  const summary = shorten(oneLine(description), 300);
  return [
    { title: fullTitle },
    { name: "description", content: summary },
    ...previewMeta(originOf(matches), {
      title: title || siteName,
      description: summary,
      siteName,
      type: options.type ?? "website",
      image: options.image,
      path: options.path === undefined ? undefined : localizedPath(locale, options.path),
      locale,
    }),
    ...(options.journal ? [journalFeedMeta(options.journal, locale)] : []),
    ...(options.jsonLd ? [{ "script:ld+json": options.jsonLd }] : []),
  ];
}

/**
 * Open Graph (https://ogp.me/) and Twitter card tags of a link preview; URLs absolute. The card
 * is `summary` (a thumbnail beside the text): covers are portrait, which large cards crop. The
 * image's alt text is in `page.locale` (English unless given).
 */
export function previewMeta(
  origin: string,
  page: {
    title: string;
    description: string;
    siteName: string;
    type: "website" | "article";
    image?: string | null;
    path?: string;
    locale?: RenderLocale;
  },
): MetaDescriptor[] {
  const t = translatorFor(page.locale ?? DEFAULT_LOCALE);
  const title = oneLine(page.title);
  const description = oneLine(page.description);
  const image = page.image
    ? page.image.startsWith("/")
      ? `${origin}${page.image}`
      : page.image
    : "";
  const tags: MetaDescriptor[] = [
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: page.siteName },
    { property: "og:type", content: page.type },
  ];
  if (page.path !== undefined) tags.push({ property: "og:url", content: `${origin}${page.path}` });
  if (image) {
    tags.push({ property: "og:image", content: image });
    tags.push({ property: "og:image:alt", content: t("Cover of {title}", { title }) });
  }
  tags.push({ name: "twitter:card", content: "summary" });
  tags.push({ name: "twitter:title", content: title });
  if (description) tags.push({ name: "twitter:description", content: description });
  if (image) tags.push({ name: "twitter:image", content: image });
  return tags;
}

/**
 * `<link rel="alternate">` to a journal's Atom feed (`/journal/{uri}/feed.xml`, decision 187),
 * titled in `locale` (English unless given).
 */
export function journalFeedMeta(
  journal: { uri: string; name: string },
  locale: RenderLocale = DEFAULT_LOCALE,
): MetaDescriptor {
  const t = translatorFor(locale);
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    href: journalFeedLink(journal.uri),
    title: t("{journal}: new papers", { journal: oneLine(journal.name) }),
  };
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}
