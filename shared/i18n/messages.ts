/**
 * How a text of the interface is written in code (issue 32; decision 382). A catalogue message's
 * id is its English text, in ICU MessageFormat (`{count, plural, one {# paper} other {# papers}}`),
 * as gettext's msgid is: code stays readable, the English catalogue is the code itself, and the
 * spec's texts keep their exact spelling. `npm run i18n` collects every message from the code
 * into `locales/messages.pot` (scripts/i18n.ts) and merges it into each language's PO file.
 *
 * - Where the reader's language is known, a text is translated at once: `t("Paper Updated
 *   Successfully.")` (app/i18n/use-t.ts in components; `translatorFor(locale)` elsewhere).
 * - Where it is not (a service's error, a zod message, a label in a table of constants), the
 *   text is marked with {@link msg} and carried as it is; whoever shows it translates it
 *   (`t(error.message)`), and a text that is not in the catalogues shows unchanged.
 * - A carried text with values is one string, {@link msgWith}: the message, U+0000, the values
 *   as JSON. Only strings, numbers and booleans travel this way.
 */

/** Values of a message's placeholders (a `Date` only for `t`, not in a carried text). */
export type MessageValues = Record<string, string | number | boolean | Date>;

/**
 * Marks `text` as a catalogue message for `npm run i18n`; returns it unchanged. A text whose
 * placeholders are filled later (an editable mail template, decision 400) names them as a
 * literal array, which `npm run i18n` checks against the text: `msg("Dear {name}", ["name"])`.
 */
export function msg<const T extends string>(text: T, _placeholders?: readonly string[]): T {
  return text;
}

const SEPARATOR = "\u0000";

/** `text` (a catalogue message, marked for `npm run i18n`) carried with its values as one string. */
export function msgWith(text: string, values: Record<string, string | number | boolean>): string {
  return `${text}${SEPARATOR}${JSON.stringify(values)}`;
}

/** A carried text split into its message and values (none when it carries none). */
export function parseCarried(carried: string): { id: string; values: MessageValues | undefined } {
  const at = carried.indexOf(SEPARATOR);
  if (at === -1) return { id: carried, values: undefined };
  let values: MessageValues | undefined;
  try {
    const parsed: unknown = JSON.parse(carried.slice(at + 1));
    if (parsed && typeof parsed === "object") values = parsed as MessageValues;
  } catch {
    values = undefined;
  }
  return { id: carried.slice(0, at), values };
}
