/**
 * A paper in the reader's language (issue 32, decision 440): its title, abstract and keywords as
 * the paper gives them in its own language and in its translations, the one to show first (the
 * version in the page's language, when the paper has one; else its own), and the others, which
 * the page offers. Each version names its language, so the page marks it with `lang`. A
 * translation that lacks a part shows the paper's own for it, in the paper's language.
 */
import type { PaperReading } from "../../shared/api.ts";
import { primaryLanguage } from "../../shared/languages.ts";

/** One language's title, abstract and keywords, each with the language it is written in. */
export type PaperVersion = {
  language: string;
  /** Whether this is the paper's own language. */
  own: boolean;
  title: { text: string; lang: string };
  abstract: { text: string; lang: string };
  keywords: { text: string; lang: string };
};

/** The versions of `paper`: the one for a reader of `locale` first, then the others in order. */
export function paperVersions(
  paper: Pick<PaperReading, "title" | "abstract" | "keywords" | "language" | "translations">,
  locale: string,
): { shown: PaperVersion; others: PaperVersion[] } {
  const own = paper.language || "en";
  const part = (text: string, fallback: string, language: string) =>
    text ? { text, lang: language } : { text: fallback, lang: own };
  const versions: PaperVersion[] = [
    {
      language: own,
      own: true,
      title: { text: paper.title, lang: own },
      abstract: { text: paper.abstract, lang: own },
      keywords: { text: paper.keywords, lang: own },
    },
    ...(paper.translations ?? []).map((t) => ({
      language: t.language,
      own: false,
      title: part(t.title, paper.title, t.language),
      abstract: part(t.abstract, paper.abstract, t.language),
      keywords: part(t.keywords, paper.keywords, t.language),
    })),
  ];
  const reader = primaryLanguage(locale === "en-XA" ? "en" : locale);
  const index =
    primaryLanguage(own) === reader
      ? 0
      : Math.max(
          0,
          versions.findIndex((v) => !v.own && primaryLanguage(v.language) === reader),
        );
  const shown = versions[index]!;
  return { shown, others: versions.filter((v) => v !== shown) };
}
