/**
 * The paper's title, abstract and keywords in its other languages (issue 32, decision 440),
 * under its abstract: one disclosure per language, named in the page's language, its texts
 * marked with the language they are written in (`lang`) and read in their own direction. A
 * `<details>` element: it opens without a script on the pages React does not hydrate.
 */
import { splitKeywords } from "../../../shared/format.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { abstractParagraphs } from "../../lib/citation-meta.ts";
import { languageNamesIn } from "../../lib/language-names.ts";
import type { PaperVersion } from "../../lib/paper-versions.ts";
import { TitledSection } from "../ui/heading.tsx";

export function PaperLanguages({ versions }: { versions: PaperVersion[] }) {
  const t = useT();
  const pageLang = useLocale();
  const name = languageNamesIn(pageLang);
  if (versions.length === 0) return null;
  return (
    <TitledSection
      headingId="other-languages-heading"
      className="mt-8"
      title={t("In other languages")}
    >
      <div className="mt-3 space-y-3">
        {versions.map((v) => (
          <details key={v.language} className="rounded-sm border border-slate-200 bg-white">
            <summary className="cursor-pointer px-4 py-3 font-semibold text-brand-900">
              {v.own
                ? t("{language} (the paper's language)", { language: name(v.language) })
                : name(v.language)}
            </summary>
            <div className="space-y-3 border-t border-slate-200 px-4 py-3">
              <p lang={v.title.lang} dir="auto" className="text-lg font-semibold text-slate-900">
                {v.title.text}
              </p>
              <div lang={v.abstract.lang} className="space-y-3 leading-relaxed text-slate-800">
                {abstractParagraphs(v.abstract.text).map((text, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have only their order
                  <p key={i} dir="auto">
                    {text}
                  </p>
                ))}
              </div>
              {splitKeywords(v.keywords.text).length ? (
                <p lang={v.keywords.lang} dir="auto" className="text-sm text-slate-700">
                  <span lang={pageLang} className="font-semibold">
                    {t("Keywords:")}{" "}
                  </span>
                  {splitKeywords(v.keywords.text).join(", ")}
                </p>
              ) : null}
            </div>
          </details>
        ))}
      </div>
    </TitledSection>
  );
}
