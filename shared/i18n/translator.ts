/**
 * The interface's translations at run time (issue 32; decision 382): one Lingui `I18n` per
 * locale, holding the compiled catalogue of that locale (the English message for any text a
 * translation lacks), and `t`, the one function that turns a message into the reader's words.
 *
 * The catalogues are registered once per process: on the server every locale, read from
 * `locales/` (server/i18n/catalogues.ts); in the browser the page's locale only, loaded before
 * React hydrates (app/entry.client.tsx). Lingui formats placeholders, plurals and selects with
 * `Intl` in the locale's own rules (CLDR plural categories: Arabic has six).
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { DEFAULT_LOCALE, type RenderLocale } from "./locales.ts";
import { type MessageValues, parseCarried } from "./messages.ts";

/** Translates a message (or a carried text, shared/i18n/messages.ts) with its values. */
export type Translate = (text: string, values?: MessageValues) => string;

const instances = new Map<RenderLocale, I18n>();

/**
 * Registers `locale`'s compiled catalogue (message id → Lingui compiled message), replacing an
 * earlier one.
 */
export function registerCatalogue(locale: RenderLocale, messages: Messages): void {
  // Intl knows no pseudo-locale: it formats numbers and plurals as English
  const intlLocale = locale === "en-XA" ? DEFAULT_LOCALE : locale;
  instances.set(locale, setupI18n({ locale: intlLocale, messages: { [intlLocale]: messages } }));
}

/** Whether `locale`'s catalogue is registered in this process. */
export function hasCatalogue(locale: RenderLocale): boolean {
  return instances.has(locale);
}

/** The Lingui instance of `locale` (the default locale's when it has none registered). */
export function i18nFor(locale: RenderLocale): I18n {
  const found = instances.get(locale) ?? instances.get(DEFAULT_LOCALE);
  if (found) return found;
  // nothing registered (a unit test of a component): messages show as written
  const bare = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });
  instances.set(DEFAULT_LOCALE, bare);
  return bare;
}

/**
 * `t` of an `I18n`: a message of the catalogue in its translation, its placeholders filled from
 * `values` (or from the values a carried text holds); any other text unchanged, since texts from
 * outside the catalogues (a name, a library's message) may reach it.
 */
export function translatorOf(i18n: I18n): Translate {
  return (text, values) => {
    const carried = parseCarried(text);
    const id = carried.id;
    const all = values ?? carried.values;
    if (!(id in i18n.messages)) return id;
    return i18n._(id, all);
  };
}

/** `t` in `locale`. */
export function translatorFor(locale: RenderLocale): Translate {
  return translatorOf(i18nFor(locale));
}
