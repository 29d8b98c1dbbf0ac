/**
 * The catalogues on disk (issue 32; decision 382): `locales/messages.pot`, the template that
 * `npm run i18n` writes from the code (each message's English text as its `msgid`, the files
 * using it as references), and one gettext PO file per language, `locales/{locale}.po`, whose
 * `msgstr` is the translation, as translators' tools (Poedit, Weblate, Crowdin) edit them.
 * Read with pofile-ts (the PO library Lingui's own PO format uses); messages compiled for the
 * Lingui runtime by `@lingui/message-utils` (ICU MessageFormat).
 *
 * Used by the server at start (./catalogues.ts), by the build for the browser's catalogues
 * (scripts/vite-plugin-catalogues.ts) and by `npm run i18n` (scripts/i18n.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { parsePo } from "pofile-ts";
import pseudoLocalize from "pseudolocale";

/** One message of the template: its id (the English text) and the files that use it. */
export type TemplateEntry = { id: string; references: string[] };

/** The template's file name in the catalogues folder. */
export const TEMPLATE_FILE = "messages.pot";

/**
 * The catalogues folder: the first `locales/` holding the template, looking up from `from` (the
 * source tree and the built server bundle alike sit two levels below the project).
 * @throws Error when there is none.
 */
export function cataloguesDir(from: string): string {
  let dir = from;
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "locales");
    if (existsSync(path.join(candidate, TEMPLATE_FILE))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`no locales/${TEMPLATE_FILE} above ${from}`);
}

/** The template's messages, in file order. */
export function readTemplate(dir: string): TemplateEntry[] {
  const po = parsePo(readFileSync(path.join(dir, TEMPLATE_FILE), "utf8"));
  return po.items
    .filter((item) => !item.obsolete && item.msgid)
    .map((item) => ({ id: item.msgid, references: item.references }));
}

/**
 * `locale`'s translations: message id → translation, for entries translated and not marked
 * fuzzy. An absent file is no translations.
 */
export function readTranslations(dir: string, locale: string): Map<string, string> {
  const file = path.join(dir, `${locale}.po`);
  const found = new Map<string, string>();
  if (!existsSync(file)) return found;
  for (const item of parsePo(readFileSync(file, "utf8")).items) {
    const text = item.msgstr[0] ?? "";
    if (!item.obsolete && item.msgid && text && !item.flags.fuzzy) found.set(item.msgid, text);
  }
  return found;
}

/** A text made recognisably foreign, readable still, and bracketed: `[!!Ƥȧȧƥḗḗř!!]`. */
function pseudo(text: string): string {
  return pseudoLocalize(text, { extend: 0.3 });
}

/**
 * A compiled catalogue for the Lingui runtime: each template message in its translation from
 * `translations` (the English text where there is none, or when `translations` is null), or
 * pseudo-localized (its text only; placeholders, plurals and tags kept) when `mode` is
 * `"pseudo"`. `include` keeps the messages whose references it accepts (the browser's share).
 * A message whose translation does not parse is compiled from its English text (`npm run i18n
 * -- --check` refuses such a file).
 */
export function compileCatalogue(
  template: readonly TemplateEntry[],
  translations: Map<string, string> | null,
  options: { mode?: "pseudo"; include?: (references: string[]) => boolean } = {},
): Messages {
  const messages: Messages = {};
  for (const { id, references } of template) {
    if (options.include && !options.include(references)) continue;
    if (options.mode === "pseudo") {
      messages[id] = compileMessage(id, pseudo);
      continue;
    }
    const text = translations?.get(id);
    try {
      messages[id] = compileMessage(text ?? id);
    } catch {
      messages[id] = compileMessage(id);
    }
  }
  return messages;
}
