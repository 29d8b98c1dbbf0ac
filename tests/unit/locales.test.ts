/**
 * The languages of the interface (issue 32; decision 382): which one a browser asks for, how a
 * page's path carries it, and what the server answers a request in.
 */
import { describe, expect, it } from "vitest";
import { resolveLocale } from "../../server/http/locale.ts";
import {
  isLocalizedPage,
  localizedPath,
  negotiateLocale,
  splitLocalePath,
} from "../../shared/i18n/locales.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("Accept-Language", () => {
  it("picks the first supported language by weight, by its primary language too", () => {
    expect(negotiateLocale("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(negotiateLocale("pt-PT,pt;q=0.9")).toBe("pt-BR");
    expect(negotiateLocale("de-DE, fr;q=0.7, ar;q=0.8")).toBe("ar");
    expect(negotiateLocale("en-US,en;q=0.9")).toBe("en");
    expect(negotiateLocale("id")).toBe("id");
  });
  it("ignores what it cannot use", () => {
    expect(negotiateLocale("de, ja;q=0.5")).toBeNull();
    expect(negotiateLocale("*")).toBeNull();
    expect(negotiateLocale("es;q=0, fr;q=garbage")).toBe("fr");
    expect(negotiateLocale("")).toBeNull();
    expect(negotiateLocale(undefined)).toBeNull();
  });
});

describe("language prefixes", () => {
  it("keeps the spec's paths for English and prefixes the other languages", () => {
    expect(localizedPath("en", "/journals")).toBe("/journals");
    expect(localizedPath("es", "/journals")).toBe("/es/journals");
    expect(localizedPath("pt-BR", "/")).toBe("/pt-br");
    expect(localizedPath("ar", "/search?q=wheat")).toBe("/ar/search?q=wheat");
  });
  it("leaves files, the API, the manager's pages and other sites alone", () => {
    for (const path of [
      "/api/all_journals",
      "/dashboard",
      "/manager",
      "/journal/elife/download/12/paper.pdf",
      "/journal/elife/12/jats.xml",
      "/feed.xml",
      "https://doi.org/10.7554/elife.01",
      "#top",
    ]) {
      expect(localizedPath("fr", path)).toBe(path);
    }
    expect(isLocalizedPage("/journal/elife/12/fulltext")).toBe(true);
  });
  it("reads the prefix back, in any case", () => {
    expect(splitLocalePath("/PT-BR/journal/elife")).toEqual({
      locale: "pt-BR",
      path: "/journal/elife",
      prefixed: true,
    });
    expect(splitLocalePath("/es")).toMatchObject({ locale: "es", path: "/", prefixed: true });
    expect(splitLocalePath("/en/journals")).toMatchObject({ locale: "en", prefixed: false });
    expect(splitLocalePath("/en-xa/journals").prefixed).toBe(false);
    expect(splitLocalePath("/en-xa/journals", true)).toMatchObject({ locale: "en-XA" });
  });
});

describe("the language of an answer", () => {
  it("serves a prefixed page in its language, without the prefix", () => {
    expect(resolveLocale("/es/journals?x=1", { "accept-language": "fr" }, false)).toEqual({
      kind: "serve",
      locale: "es",
      url: "/journals?x=1",
      prefixed: true,
    });
  });
  it("sends a reader to the language they chose or, on a first visit, their browser's", () => {
    expect(resolveLocale("/journals", { cookie: "lang=ar" }, false)).toEqual({
      kind: "redirect",
      location: "/ar/journals",
    });
    expect(
      resolveLocale("/journals", { "accept-language": "es", "user-agent": CHROME }, false),
    ).toEqual({ kind: "redirect", location: "/es/journals" });
    // the choice beats the browser's wish
    expect(
      resolveLocale(
        "/",
        { cookie: "lang=en", "accept-language": "es", "user-agent": CHROME },
        false,
      ),
    ).toMatchObject({ kind: "serve", locale: "en" });
  });
  it("never sends a crawler elsewhere, and answers the API in the reader's language", () => {
    expect(
      resolveLocale("/journals", { "accept-language": "es", "user-agent": GOOGLEBOT }, false),
    ).toMatchObject({ kind: "serve", locale: "en" });
    expect(resolveLocale("/api/all_journals", { cookie: "lang=fr" }, false)).toMatchObject({
      kind: "serve",
      locale: "fr",
      url: "/api/all_journals",
    });
    expect(resolveLocale("/dashboard", { "accept-language": "id" }, false)).toMatchObject({
      kind: "serve",
      locale: "id",
    });
  });
  it("serves English to whoever asks for it or for no language of the site, crawler or not", () => {
    // the crawler check (isbot) is skipped for these: the answer is the default language anyway
    for (const headers of [
      { "accept-language": "en-US,en;q=0.9", "user-agent": CHROME },
      { "accept-language": "de-DE,de;q=0.9", "user-agent": CHROME },
      { "accept-language": "en", "user-agent": GOOGLEBOT },
      { "user-agent": GOOGLEBOT },
    ]) {
      expect(resolveLocale("/journal/elife/18", headers, false)).toEqual({
        kind: "serve",
        locale: "en",
        url: "/journal/elife/18",
        prefixed: false,
      });
    }
    // the same header asked again (remembered) answers the same
    expect(
      resolveLocale("/journals", { "accept-language": "fr", "user-agent": CHROME }, false),
    ).toEqual({ kind: "redirect", location: "/fr/journals" });
    expect(
      resolveLocale("/journals", { "accept-language": "fr", "user-agent": CHROME }, false),
    ).toEqual({ kind: "redirect", location: "/fr/journals" });
    expect(
      resolveLocale("/journals", { "accept-language": "fr", "user-agent": GOOGLEBOT }, false),
    ).toMatchObject({ kind: "serve", locale: "en" });
  });
  it("knows the pseudo-locale only when it is on", () => {
    expect(resolveLocale("/api/x", { cookie: "lang=en-XA" }, false)).toMatchObject({
      locale: "en",
    });
    expect(resolveLocale("/api/x", { cookie: "lang=en-XA" }, true)).toMatchObject({
      locale: "en-XA",
    });
  });
});
