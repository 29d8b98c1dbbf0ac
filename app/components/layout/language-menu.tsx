/**
 * The language menu of every page (issue 32; decision 382): the page's language by its own
 * name, and a form with one button per interface language. Choosing one POSTs it
 * (`POST /language`, server/features/languages/language-choice.ts), which remembers it in the
 * `lang` cookie and sends the reader to this page in that language: a plain form, so it works
 * without a script on the pages React does not hydrate, and nothing changes on a GET. Search
 * engines find the other languages through the page's `hreflang` links (app/root.tsx).
 *
 * A `<details>` disclosure: keyboard and screen readers know it, and it needs no script.
 */
import { useLocation } from "react-router";
import { LOCALE_NAMES, LOCALES } from "../../../shared/i18n/locales.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { GlobeIcon } from "./icons.tsx";

export function LanguageMenu() {
  const t = useT();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <details className="group relative">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-sm px-3 py-2 text-[0.95rem] font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-900 [&::-webkit-details-marker]:hidden">
        <GlobeIcon className="size-5 shrink-0" />
        <span className="sr-only">{t("Language:")} </span>
        <span lang={locale}>{LOCALE_NAMES[locale]}</span>
      </summary>
      <form
        method="post"
        action="/language"
        className="z-40 mt-1 flex flex-col rounded-sm border border-slate-200 bg-white py-1 shadow-lg md:absolute md:end-0 md:min-w-52"
      >
        <input type="hidden" name="to" value={`${pathname}${search}`} />
        {LOCALES.map((l) => (
          <button
            key={l}
            type="submit"
            name="lang"
            value={l}
            lang={l}
            aria-current={l === locale ? "true" : undefined}
            className="min-h-11 px-4 py-2 text-start text-[0.95rem] text-slate-800 hover:bg-brand-50 aria-[current=true]:font-semibold aria-[current=true]:text-brand-900"
          >
            {LOCALE_NAMES[l]}
          </button>
        ))}
      </form>
    </details>
  );
}
