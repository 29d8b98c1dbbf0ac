/**
 * Translation in components (issue 32; decision 382): `const t = useT(); t("Paper Updated
 * Successfully.")`, in the page's language, which the root layout provides ({@link
 * LocaleProvider}, from the root loader's `locale`). Texts are written as
 * shared/i18n/messages.ts says; a text with markup inside is Lingui's `<Trans id="Read the
 * <0>guidelines</0>." components={{ 0: <a href="…" /> }} />` (exported here).
 *
 * A component rendered outside the site's layout (a unit test) is in the default language.
 */
import { I18nProvider } from "@lingui/react";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { DEFAULT_LOCALE, type RenderLocale } from "../../shared/i18n/locales.ts";
import { i18nFor, type Translate, translatorFor } from "../../shared/i18n/translator.ts";

/** @public Lingui's `Trans`, for a text with markup inside. */
export { Trans } from "@lingui/react";

const LocaleContext = createContext<RenderLocale>(DEFAULT_LOCALE);

/** Gives `children` the page's language, for {@link useT} and Lingui's `Trans`. */
export function LocaleProvider({
  locale,
  children,
}: {
  locale: RenderLocale;
  children: ReactNode;
}) {
  return (
    <LocaleContext.Provider value={locale}>
      <I18nProvider i18n={i18nFor(locale)}>{children}</I18nProvider>
    </LocaleContext.Provider>
  );
}

/** The page's language. */
export function useLocale(): RenderLocale {
  return useContext(LocaleContext);
}

/** `t` in the page's language. */
export function useT(): Translate {
  const locale = useLocale();
  return useMemo(() => translatorFor(locale), [locale]);
}
