/**
 * The language a request is answered in (issue 32; decision 382).
 *
 * - A public page in another language than the default lives under its prefix
 *   (`/es/journal/{uri}`, shared/i18n/locales.ts): the prefix decides, and the request goes on
 *   without it (`req.url` and `req.originalUrl`, which React Router reads), so every router sees
 *   the spec's paths; `res.locals.locale` remembers the language (the output cache keys on it).
 * - An unprefixed public page is the default language's. A reader who chose another language
 *   (the `lang` cookie the language menu sets) or, on a first visit, whose browser asks for one
 *   (`Accept-Language`, never for a crawler) is sent to that language's URL with a 302 that
 *   varies on both headers; crawlers and everyone else get the page itself, so each URL always
 *   has one language.
 * - Everything else (the JSON API, the dashboard and account pages, which are not indexed) is
 *   answered in the `lang` cookie's language, else `Accept-Language`'s, else the default.
 *
 * The node:http fast path of the output cache resolves a request the same way
 * ({@link resolveLocale} is pure), so a cached English page is never served to a reader who
 * chose Spanish.
 */
import type { RequestHandler, Response } from "express";
import { isbot } from "isbot";
import {
  DEFAULT_LOCALE,
  isLocale,
  isLocalizedPage,
  localizedPath,
  negotiateLocale,
  PSEUDO_LOCALE,
  type RenderLocale,
  splitLocalePath,
} from "../../shared/i18n/locales.ts";
import type { Translate } from "../../shared/i18n/translator.ts";
import { serverTranslator } from "../i18n/catalogues.ts";
import type { AppContext } from "../services/context.ts";
import { readCookie } from "./session.ts";

/** The cookie holding the reader's chosen language (a BCP 47 tag of `LOCALES`). */
export const LANGUAGE_COOKIE = "lang";

/** The headers a request's language depends on. */
export type LocaleHeaders = {
  cookie?: string | undefined;
  "accept-language"?: string | undefined;
  "user-agent"?: string | undefined;
};

/** What {@link resolveLocale} decides. */
export type LocaleResolution =
  | {
      kind: "serve";
      locale: RenderLocale;
      /** The request target without the language prefix. */
      url: string;
      /** Whether the target had a language prefix. */
      prefixed: boolean;
    }
  | { kind: "redirect"; location: string };

/**
 * The language the reader prefers: the `lang` cookie, else (not for crawlers) Accept-Language;
 * null when neither names one. The pseudo-locale counts only from the cookie, and only when
 * `pseudo` allows it (the tests' way into the hydrated pages in it). A crawler whose
 * Accept-Language names the default language may get it rather than null: both mean the
 * default, and telling a crawler (isbot's long regular expression, about 4 µs of CPU for a
 * browser's User-Agent) is then skipped, on every English reader's cached page too.
 */
export function preferredLocale(headers: LocaleHeaders, pseudo = false): RenderLocale | null {
  const chosen = readCookie({ headers: { cookie: headers.cookie } }, LANGUAGE_COOKIE);
  if (isLocale(chosen)) return chosen;
  if (pseudo && chosen === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  const asked = negotiateLocale(headers["accept-language"]);
  if (asked === null || asked === DEFAULT_LOCALE) return asked;
  return isbot(headers["user-agent"] ?? "") ? null : asked;
}

/**
 * How to answer request target `url` (path and query) with `headers`: in which locale, or by
 * a redirect to the reader's language. `pseudo` allows the pseudo-locale's prefix.
 */
export function resolveLocale(
  url: string,
  headers: LocaleHeaders,
  pseudo: boolean,
): LocaleResolution {
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : url.slice(queryAt);
  const split = splitLocalePath(pathname, pseudo);
  if (split.prefixed) {
    // a prefix counts on public pages only; elsewhere the path is simply unknown (404)
    if (!isLocalizedPage(split.path)) {
      return { kind: "serve", locale: DEFAULT_LOCALE, url, prefixed: false };
    }
    return { kind: "serve", locale: split.locale, url: `${split.path}${query}`, prefixed: true };
  }
  const preferred = preferredLocale(headers, pseudo);
  if (isLocalizedPage(pathname)) {
    if (preferred && preferred !== DEFAULT_LOCALE) {
      return { kind: "redirect", location: localizedPath(preferred, url) };
    }
    return { kind: "serve", locale: DEFAULT_LOCALE, url, prefixed: false };
  }
  return { kind: "serve", locale: preferred ?? DEFAULT_LOCALE, url, prefixed: false };
}

/** The language of `res`'s answer: {@link localeMiddleware}'s, the default before it has run. */
export function answerLocale(res: Response): RenderLocale {
  return res.locals.locale ?? DEFAULT_LOCALE;
}

/**
 * `t` in the language of `res`'s answer ({@link answerLocale}): what the server writes itself
 * (API messages, plain-text and HTML answers) goes through it.
 */
export function answerTranslator(res: Response): Translate {
  return serverTranslator(answerLocale(res));
}

/**
 * Express middleware: answers the redirect {@link resolveLocale} asks for, or sets
 * `res.locals.locale` (and strips the prefix from `req.url`) and goes on.
 */
export function localeMiddleware(ctx: AppContext): RequestHandler {
  return (req, res, next) => {
    const resolution = resolveLocale(req.url, req.headers, ctx.config.pseudoLocale);
    if (resolution.kind === "redirect") {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.locals.locale = DEFAULT_LOCALE;
        return next();
      }
      res.vary("Cookie").vary("Accept-Language").set("Cache-Control", "private, no-store");
      res.redirect(302, resolution.location);
      return;
    }
    res.locals.locale = resolution.locale;
    // a prefixed page's language is its URL's; any other answer's may follow Accept-Language
    if (resolution.prefixed) {
      // React Router reads `originalUrl`; the output cache keys on the language and this
      req.url = resolution.url;
      req.originalUrl = resolution.url;
    } else res.vary("Accept-Language");
    next();
  };
}
