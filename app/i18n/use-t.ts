/**
 * Translation in components (issue 32; decision 382): `const t = useT(); t("Paper Updated
 * Successfully.")`, in the page's language (the root loader's `locale`). Texts are written as
 * shared/i18n/messages.ts says; a text with markup inside is Lingui's `<Trans id="Read the
 * <0>guidelines</0>." components={{ 0: <a href="…" /> }} />` (exported here).
 */
import { useMemo } from "react";
import { DEFAULT_LOCALE, type RenderLocale } from "../../shared/i18n/locales.ts";
import { type Translate, translatorFor } from "../../shared/i18n/translator.ts";
import { useRootData } from "../lib/root-data.ts";

export { Trans } from "@lingui/react";

/** The page's language. */
export function useLocale(): RenderLocale {
  return useRootData().locale ?? DEFAULT_LOCALE;
}

/** `t` in the page's language. */
export function useT(): Translate {
  const locale = useLocale();
  return useMemo(() => translatorFor(locale), [locale]);
}
