/**
 * Vite plugin: the browser's share of the catalogues (issue 32; decision 382). The pages React
 * hydrates (dashboard, account pages) translate in the browser too, so each locale's messages
 * used by browser code (those whose references are under `app/` or `shared/`) are compiled from
 * `locales/` (server/i18n/po.ts) into a chunk of their own:
 *
 * ```ts
 * import catalogues from "virtual:athenaeum/catalogues";
 * registerCatalogue(locale, (await catalogues[locale]()).default);
 * ```
 *
 * so a page loads the one locale it shows. The server reads `locales/` itself
 * (server/i18n/catalogues.ts) and never imports these.
 */
import path from "node:path";
import type { Plugin } from "vite";
import {
  compileCatalogue,
  readTemplate,
  readTranslations,
  TEMPLATE_FILE,
} from "../server/i18n/po.ts";
import { LOCALES, PSEUDO_LOCALE, type RenderLocale } from "../shared/i18n/locales.ts";

const DIR = path.resolve(import.meta.dirname, "../locales");
const INDEX = "virtual:athenaeum/catalogues";
const ONE = "virtual:athenaeum/catalogue/";

/** Whether a message is used by code the browser may run. */
const inBrowser = (references: string[]) =>
  references.some((r) => r.startsWith("app/") || r.startsWith("shared/"));

export function catalogues(): Plugin {
  return {
    name: "athenaeum-catalogues",
    resolveId(id) {
      return id === INDEX || id.startsWith(ONE) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const all: RenderLocale[] = [...LOCALES, PSEUDO_LOCALE];
        const entries = all.map((l) => `${JSON.stringify(l)}: () => import("${ONE}${l}")`);
        return `export default {${entries.join(",")}};`;
      }
      if (!id.startsWith(`\0${ONE}`)) return undefined;
      const locale = id.slice(ONE.length + 1) as RenderLocale;
      this.addWatchFile(path.join(DIR, TEMPLATE_FILE));
      const template = readTemplate(DIR);
      const messages =
        locale === PSEUDO_LOCALE
          ? compileCatalogue(template, null, { mode: "pseudo", include: inBrowser })
          : (this.addWatchFile(path.join(DIR, `${locale}.po`)),
            compileCatalogue(template, readTranslations(DIR, locale), { include: inBrowser }));
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
