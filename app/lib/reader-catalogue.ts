/**
 * The PDF reader's share of the catalogue (issue 32; decision 425). The paper pages are not
 * hydrated and load no catalogue (decision 240); the reader is a React root the page mounts on
 * 'Open Full Text (PDF)' (app/components/paper/reader-root.tsx), whose texts must still be in
 * the page's language. So the page carries the compiled messages the reader uses, in its
 * language, and the reader registers them before it renders.
 *
 * "The messages the reader uses" are those of `locales/messages.pot` whose references are the
 * reader's code ({@link READER_SOURCES}), and the spec's viewer texts (`VIEWER_MESSAGES` of
 * shared/constants.ts). A message compiled to its own text is left out (`t` shows a text it does
 * not find unchanged), so an English page carries only the messages with values (plurals,
 * numbers): about 1 KB. Compiled once per locale and process.
 *
 * Server-only: imported by the paper page's loader (./paper-load.ts).
 */
import type { Messages } from "@lingui/core";
import { loadCatalogues } from "../../server/i18n/catalogues.ts";
import { cataloguesDir, readTemplate } from "../../server/i18n/po.ts";
import { VIEWER_MESSAGES } from "../../shared/constants.ts";
import type { RenderLocale } from "../../shared/i18n/locales.ts";
import { i18nFor } from "../../shared/i18n/translator.ts";

/** The reader's code: the viewer's folder and the root that mounts it, as the template names files. */
const READER_SOURCES = ["app/components/pdf-viewer/", "app/components/paper/reader-root.tsx"];

let readerIds: readonly string[] | null = null;
const shares = new Map<RenderLocale, string>();

/** The ids of the reader's messages (read from the template once). */
function idsOfReader(): readonly string[] {
  if (!readerIds) {
    const used = readTemplate(cataloguesDir(import.meta.dirname))
      .filter((entry) => entry.references.some((r) => READER_SOURCES.some((s) => r.startsWith(s))))
      .map((entry) => entry.id);
    readerIds = [...new Set([...used, ...Object.values(VIEWER_MESSAGES)])];
  }
  return readerIds;
}

/** Whether `compiled` is just the text `id` (nothing to format, nothing translated). */
function isOwnText(id: string, compiled: Messages[string]): boolean {
  return (
    compiled === id || (Array.isArray(compiled) && compiled.length === 1 && compiled[0] === id)
  );
}

/**
 * The reader's compiled messages in `locale` (message id → Lingui's compiled message) as JSON,
 * as the page carries them (app/components/paper/reader-element.ts, `READER.messages`).
 */
export function readerCatalogue(locale: RenderLocale): string {
  let share = shares.get(locale);
  if (share === undefined) {
    loadCatalogues();
    const all = i18nFor(locale).messages;
    const messages: Messages = {};
    for (const id of idsOfReader()) {
      const compiled = all[id];
      if (compiled !== undefined && !isOwnText(id, compiled)) messages[id] = compiled;
    }
    share = JSON.stringify(messages);
    shares.set(locale, share);
  }
  return share;
}
