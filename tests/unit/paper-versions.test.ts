/**
 * A paper in the reader's language (issue 32, decision 440): the version shown first is the
 * page's language when the paper has it, else the paper's own; the others are offered, and a
 * translation without a part shows the paper's own for it, in the paper's language.
 */
import { describe, expect, it } from "vitest";
import { paperVersions } from "../../app/lib/paper-versions.ts";

const paper = {
  title: "Poblaciones dispersas",
  abstract: "Resumen en español.",
  keywords: "ecología; poblaciones",
  language: "es",
  translations: [
    { language: "en", title: "Scattered populations", abstract: "", keywords: "ecology" },
    { language: "pt-BR", title: "Populações dispersas", abstract: "Resumo.", keywords: "" },
  ],
};

describe("paperVersions", () => {
  it("shows the reader's language first when the paper has it, by its primary language", () => {
    const { shown, others } = paperVersions(paper, "en");
    expect(shown.title).toEqual({ text: "Scattered populations", lang: "en" });
    // no English abstract: the paper's own, marked as Spanish
    expect(shown.abstract).toEqual({ text: "Resumen en español.", lang: "es" });
    expect(others.map((v) => v.language)).toEqual(["es", "pt-BR"]);
    expect(paperVersions(paper, "pt-BR").shown.title.text).toBe("Populações dispersas");
  });

  it("shows the paper's own language otherwise", () => {
    for (const locale of ["es", "fr", "ar", "en-XA"]) {
      const { shown } = paperVersions(paper, locale === "en-XA" ? "fr" : locale);
      expect(shown.own, locale).toBe(true);
      expect(shown.title).toEqual({ text: "Poblaciones dispersas", lang: "es" });
    }
    const plain = { ...paper, translations: [] };
    expect(paperVersions(plain, "en").others).toEqual([]);
  });
});
