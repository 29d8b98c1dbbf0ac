/**
 * Choosing the language content is written in (issue 32, decision 440): the languages of
 * shared/languages.ts by their names in the page's language (`Intl.DisplayNames`: "German" in
 * English, "alemán" in Spanish, "ألمانية" in Arabic), sorted as that language sorts; each
 * option carries `data-language`, as the tests tell such names from the catalogues' texts. Used by the paper forms (the paper's language, each
 * translation's), the journal forms (primary language and languages) and the proceeding forms.
 */
import { useMemo } from "react";
import { CONTENT_LANGUAGES } from "../../../shared/languages.ts";
import { useLocale } from "../../i18n/use-t.tsx";
import { languageNamesIn } from "../../lib/language-names.ts";
import { SelectField, type SelectFieldProps } from "../forms/index.ts";

/** A content language's code and its name in the page's language. */
export type LanguageOption = { code: string; name: string };

/** The content languages, named and sorted in the page's language. */
export function useLanguageOptions(): LanguageOption[] {
  const locale = useLocale();
  return useMemo(() => {
    const name = languageNamesIn(locale);
    const collator = new Intl.Collator(locale === "en-XA" ? "en" : locale);
    return CONTENT_LANGUAGES.map(({ code }) => ({ code, name: name(code) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [locale]);
}

/** The name of content language `tag` in the page's language. */
export function useLanguageName(): (tag: string) => string {
  const locale = useLocale();
  return useMemo(() => languageNamesIn(locale), [locale]);
}

/**
 * A select of the content languages; `none` (a text) adds a first option of value `""` (the
 * journal's language, or "choose"). Other props go to the {@link SelectField}.
 */
export function LanguageSelect({
  none,
  value,
  ...props
}: Omit<SelectFieldProps, "children"> & { none?: string }) {
  const options = useLanguageOptions();
  // a stored tag with a region or script (`pt-BR`) stays selectable as it is
  const stored = typeof value === "string" && value && !options.some((o) => o.code === value);
  const name = useLanguageName();
  return (
    <SelectField value={value} {...props}>
      {none !== undefined ? <option value="">{none}</option> : null}
      {stored ? (
        <option value={value as string} data-language="">
          {name(value as string)}
        </option>
      ) : null}
      {options.map((o) => (
        <option key={o.code} value={o.code} data-language="">
          {o.name}
        </option>
      ))}
    </SelectField>
  );
}
