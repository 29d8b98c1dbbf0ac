/**
 * The root loader's data (site name, signed-in user, origin, year) for components and route
 * `meta` functions, and the page metadata every public page carries (title, description, Open
 * Graph; docs/decisions/045-page-metadata.md).
 */
import type { MetaDescriptor } from "react-router";
import { useRouteLoaderData } from "react-router";
import type { loader } from "../root.tsx";

export type RootData = Awaited<ReturnType<typeof loader>>;

const FALLBACK_SITE_NAME = "Athenaeum";

/** The root loader's data from any component. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    data ?? {
      siteName: FALLBACK_SITE_NAME,
      nonce: "",
      user: null,
      origin: "",
      year: new Date().getFullYear(),
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

/**
 * `<title>`, meta description and Open Graph tags of a page. The title reads
 * `{title} | {product}` (just `{product}` when `title` is empty); `description` is trimmed to
 * 300 characters at a word boundary, as search engines show about that much.
 */
export function pageMeta(
  matches: readonly (MatchLike | undefined)[],
  title: string,
  description: string,
  options: { type?: "website" | "article"; image?: string | null } = {},
): MetaDescriptor[] {
  const siteName = siteNameOf(matches);
  const fullTitle = title ? `${title} | ${siteName}` : siteName;
  const summary = shorten(description.replace(/\s+/g, " ").trim(), 300);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: summary },
    { property: "og:title", content: title || siteName },
    { property: "og:description", content: summary },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: options.type ?? "website" },
  ];
  if (options.image) tags.push({ property: "og:image", content: options.image });
  return tags;
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}
