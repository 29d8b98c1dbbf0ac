/**
 * Registers every locale's catalogue in this process (issue 32; decision 382): the template and
 * the PO files of `locales/` (./po.ts), compiled once, the first time anything asks. The server
 * needs them all: a page, an API answer or a mail may be in any language.
 */
import {
  DEFAULT_LOCALE,
  LOCALES,
  PSEUDO_LOCALE,
  type RenderLocale,
} from "../../shared/i18n/locales.ts";
import { registerCatalogue, type Translate, translatorFor } from "../../shared/i18n/translator.ts";
import { cataloguesDir, compileCatalogue, readTemplate, readTranslations } from "./po.ts";

let loaded = false;

/** Reads and registers the catalogues of every locale and the pseudo-locale, once. */
export function loadCatalogues(): void {
  if (loaded) return;
  const dir = cataloguesDir(import.meta.dirname);
  const template = readTemplate(dir);
  for (const locale of LOCALES) {
    registerCatalogue(locale, compileCatalogue(template, readTranslations(dir, locale)));
  }
  registerCatalogue(PSEUDO_LOCALE, compileCatalogue(template, null, { mode: "pseudo" }));
  loaded = true;
}

/** `t` in `locale`, the catalogues loaded first. */
export function serverTranslator(locale: RenderLocale): Translate {
  loadCatalogues();
  return translatorFor(locale);
}

/**
 * `text` (a catalogue message, a carried one with its values, or any other text, unchanged) in
 * the default language: for what no reader's language reaches, the importer's report and the
 * console (an AppError's message is a carried text, shared/i18n/messages.ts).
 */
export function defaultLanguageText(text: string): string {
  return serverTranslator(DEFAULT_LOCALE)(text);
}
