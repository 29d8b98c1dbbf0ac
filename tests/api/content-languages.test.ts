/**
 * Content in several languages on the wire (issue 32; decision 440), on SQLite and PostgreSQL:
 * a paper's `language` and its `translations[i][language|title|abstract|keywords]` sent beside
 * the spec's fields and read back from the edit prefill and the public paper answer; absent
 * keeps them on edit, `translations=` clears; the default language is the journal's primary one
 * (or the proceeding's); bad tags, a language given twice and a translation in the paper's own
 * language are refused with their own messages and store nothing; a journal's
 * `primary_language` and `languages`, a proceeding's `language`.
 */
import { describe, expect, it } from "vitest";
import { dialectUnderTest } from "../helpers/context.ts";
import { journalAsItIs } from "../helpers/dashboard-forms.ts";
import { type Fields, getAs, paperCount, postForm } from "../helpers/form-calls.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const JOURNAL = "ethics-review";
const t = seededFileContext({ manager: true });

const post = (url: string, fields: Fields) => postForm(t, url, fields, null, t.cookie);
const get = (url: string) => getAs(t, url, t.cookie);
const reader = (url: string) => getAs(t, url, null);

const SPANISH: Fields = {
  "translations[0][language]": "ES",
  "translations[0][title]": "Ética de la revisión por pares",
  "translations[0][abstract]": "Las revisiones abiertas cambian la conducta de los revisores.",
  "translations[0][keywords]": "revisión por pares, ética",
  "translations[1][language]": "pt-br",
  "translations[1][title]": "Ética da revisão por pares",
};

/** A journal paper with the seeded PDF, the spec's fields and `extra`; its id. */
async function createPaper(extra: Fields): Promise<number> {
  const res = await postForm(
    t,
    `/create_paper/${JOURNAL}`,
    {
      sel_publication: String(t.seed.issueId),
      title: "The ethics of peer review",
      abstract: "Open reviews change how reviewers behave.",
      keywords: "peer review, ethics",
      ...extra,
    },
    t.seed.pdfBytes,
    t.cookie,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.paperID as number;
}

describe(`content languages on the wire, ${dialectUnderTest}`, () => {
  it("round-trips a paper's language and translations, and keeps them on an edit that leaves them out", async () => {
    const id = await createPaper(SPANISH);
    const translations = [
      {
        language: "es",
        title: "Ética de la revisión por pares",
        abstract: "Las revisiones abiertas cambian la conducta de los revisores.",
        keywords: "revisión por pares, ética",
      },
      { language: "pt-BR", title: "Ética da revisão por pares", abstract: "", keywords: "" },
    ];
    const edit = await get(`/get_paper/${JOURNAL}/${id}`);
    expect(edit.body.paper.language).toBe("en");
    expect(edit.body.paper.translations).toEqual(translations);
    const page = await reader(`/get_journal_paper/${JOURNAL}/${id}`);
    expect(page.body.paper.language).toBe("en");
    expect(page.body.paper.translations).toEqual(translations);

    // an edit with the spec's fields only keeps both
    const kept = await post(`/edit_paper/${JOURNAL}/${id}`, {
      sel_publication: String(t.seed.issueId),
      title: "The ethics of peer review",
      abstract: "Open reviews change how reviewers behave.",
      keywords: "peer review",
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await get(`/get_paper/${JOURNAL}/${id}`)).body.paper.translations).toEqual(
      translations,
    );

    // a new language and one empty field clear the translations
    const cleared = await post(`/edit_paper/${JOURNAL}/${id}`, {
      sel_publication: String(t.seed.issueId),
      title: "La ética de la revisión",
      abstract: "Las revisiones abiertas.",
      language: "es",
      translations: "",
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const after = (await reader(`/get_journal_paper/${JOURNAL}/${id}`)).body.paper;
    expect(after.language).toBe("es");
    expect(after.translations).toEqual([]);
  });

  it("refuses bad languages with their own messages and stores nothing", async () => {
    const before = await paperCount(t);
    const base = {
      sel_publication: String(t.seed.issueId),
      title: "Refused",
      abstract: "Refused.",
    };
    const cases: [Fields, string][] = [
      [{ language: "klingon" }, "language"],
      [
        { "translations[0][language]": "xx", "translations[0][title]": "X" },
        "translations.0.language",
      ],
      [{ "translations[0][language]": "es" }, "translations.0.title"],
      [
        {
          "translations[0][language]": "es",
          "translations[0][title]": "Uno",
          "translations[1][language]": "es",
          "translations[1][title]": "Dos",
        },
        "translations.1.language",
      ],
      // the paper itself is in English (its journal's language): no English translation
      [
        { "translations[0][language]": "en", "translations[0][title]": "Same" },
        "translations.0.language",
      ],
    ];
    for (const [fields, field] of cases) {
      const res = await postForm(
        t,
        `/create_paper/${JOURNAL}`,
        { ...base, ...fields },
        t.seed.pdfBytes,
        t.cookie,
      );
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    expect(await paperCount(t)).toBe(before);
  });

  it("gives a journal's primary language and languages, and its primary language to its new papers", async () => {
    const journal = (await get(`/dashboard/get_journal/${JOURNAL}`)).body.journal;
    expect(journal.primary_language).toBe("en");
    expect(journal.languages).toEqual(["en"]);
    const edit = await post(
      "/edit_journal/1",
      journalAsItIs(journal, JOURNAL, { primary_language: "de", languages: "en, fr de" }),
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const changed = (await reader(`/get_journal/${JOURNAL}`)).body.journal;
    expect(changed.primary_language).toBe("de");
    expect(changed.languages).toEqual(["de", "en", "fr"]);

    const id = await createPaper({});
    expect((await reader(`/get_journal_paper/${JOURNAL}/${id}`)).body.paper.language).toBe("de");

    const bad = await post(
      "/edit_journal/1",
      journalAsItIs(journal, JOURNAL, { languages: "en, elvish" }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).join()).toMatch(/^languages/);
  });

  it("gives a conference paper its proceeding's language", async () => {
    const id = t.seed.proceedingId;
    const proceeding = (await get(`/get_proceeding/${id}`)).body.proceeding;
    expect(proceeding.language).toBe("en");
    const edit = await post(`/edit_proceeding/${id}`, {
      event: "",
      title: proceeding.title,
      sub_title: proceeding.sub_title,
      issn: proceeding.issn,
      publisher: proceeding.publisher,
      year: String(proceeding.year),
      intro: proceeding.intro,
      language: "fr",
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await get(`/get_proceeding/${id}`)).body.proceeding.language).toBe("fr");
    const created = await postForm(
      t,
      `/create_proceeding_paper/${id}`,
      { title: "Compilation à la volée", abstract: "Traces." },
      t.seed.pdfBytes,
      t.cookie,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const paper = await reader(`/get_proceeding_paper/pldi-2009/${created.body.paperID}`);
    expect(paper.body.paper.language).toBe("fr");
  });
});
