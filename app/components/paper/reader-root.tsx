/**
 * The PDF reader of the paper pages as its own small React root, without React Router (decision
 * 240): the `<ath-reader>` element (./reader-element.ts) fetches this module only when a reader
 * clicks 'Open Full Text (PDF)',
 * and pdf.js itself is fetched later still, by the viewer (app/components/pdf-viewer/pdfjs.ts).
 *
 * The browser has no catalogue on these pages (they are not hydrated): the page brings the
 * reader's share of it, compiled on the server in the page's language (app/lib/reader-
 * catalogue.ts, decision 425), which is registered here for the page's language (its `<html
 * lang>`) before the viewer renders in it.
 */
import type { Messages } from "@lingui/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import {
  DEFAULT_LOCALE,
  isLocale,
  PSEUDO_LOCALE,
  type RenderLocale,
} from "../../../shared/i18n/locales.ts";
import { registerCatalogue } from "../../../shared/i18n/translator.ts";
import { LocaleProvider } from "../../i18n/use-t.tsx";
import { PdfViewer } from "../pdf-viewer/pdf-viewer.tsx";

/** The page's language, as its `<html lang>` names it. */
function pageLocale(): RenderLocale {
  const lang = document.documentElement.lang;
  return isLocale(lang) || lang === PSEUDO_LOCALE ? lang : DEFAULT_LOCALE;
}

/** The compiled messages of `json` (what the page rendered), none when it is not an object. */
function readMessages(json: string): Messages {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Messages)
      : {};
  } catch {
    return {};
  }
}

/**
 * Renders the viewer for the PDF at `url` into `container`; `onClose` runs when the reader
 * closes it (after the root is unmounted). `messages` is the reader's catalogue share as the
 * page carries it (JSON). Returns nothing: closing is the viewer's own.
 */
export function mountReader(
  container: HTMLElement,
  {
    url,
    title,
    messages,
    onClose,
  }: { url: string; title: string; messages: string; onClose: () => void },
): void {
  const locale = pageLocale();
  registerCatalogue(locale, readMessages(messages));
  const root = createRoot(container);
  // Unmounting from inside the viewer's own event or effect is not allowed: wait for the task.
  const close = () =>
    setTimeout(() => {
      root.unmount();
      onClose();
    });
  root.render(
    <StrictMode>
      <LocaleProvider locale={locale}>
        <PdfViewer url={url} title={title} onClose={close} />
      </LocaleProvider>
    </StrictMode>,
  );
}
