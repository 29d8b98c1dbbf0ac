import { beforeAll, describe, expect, it } from "vitest";
import { MARK_END, MARK_START, searchPapers } from "../../server/features/search/search.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { corpusPdf } from "../helpers/corpus.ts";
import { type Fields, getAs, postForm, proceedingIdOf } from "../helpers/form-calls.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";
import { negativeCountPdf, TEXT_BOMB_WORDS, textBombPdf } from "../helpers/text-bomb.ts";

const JOURNAL = "ethics-review";
const LIMIT = 512 * 1024;

describe(`bounded work per paper on ${dialectUnderTest}`, () => {
  const t = seededFileContext({ manager: true });
  let bomb: Buffer;
  let proceedingId: number;

  beforeAll(async () => {
    bomb = Buffer.from(await textBombPdf());
    proceedingId = await proceedingIdOf(t, "pldi-2009");
  });

  const fields = (overrides: Fields = {}): Fields => ({
    title: "Ten thousand pages of one page",
    abstract: "A crafted document that repeats its only page.",
    keywords: "",
    doi: "",
    "authors[0][name]": "Mallory Example",
    ...overrides,
  });
  const post = (url: string, form: Fields, pdf?: Buffer) => postForm(t, url, form, pdf, t.cookie);
  const get = (url: string) => getAs(t, url, t.cookie);
  const row = (id: number) =>
    t.ctx.db.selectFrom("papers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** The stored text is the opening of the document, within the limit, ended at a word. */
  function expectCut(stored: Awaited<ReturnType<typeof row>>) {
    expect(stored.page_count).toBe(10_000);
    expect(stored.text_truncated).toBe(1);
    expect(Buffer.byteLength(stored.full_text ?? "")).toBeLessThanOrEqual(LIMIT);
    expect(Buffer.byteLength(stored.full_text ?? "")).toBeGreaterThan(LIMIT - 200);
    expect(stored.full_text?.startsWith(TEXT_BOMB_WORDS)).toBe(true);
    expect(TEXT_BOMB_WORDS.split(" ")).toContain(stored.full_text?.split(" ").at(-1));
    // about 3.6 KB of text a page: the text of some 146 pages of 10,000 is kept
    expect(stored.text_pages).toBeGreaterThan(100);
    expect(stored.text_pages).toBeLessThan(200);
  }

  const NOTE =
    /^Only the first part of this PDF's text \(pages 1–1\d\d of 10,000\) is searchable: the site keeps at most 512 KB of text and 2,000 pages of one paper\.$/;

  it("keeps the opening of a 10,000-page text bomb, its real page count, and says so when a journal paper is created and edited", async () => {
    const created = await post(
      `/create_paper/${JOURNAL}`,
      fields({ sel_publication: String(t.seed.issueId) }),
      bomb,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 1, text_truncated: true });
    expect(created.body.text_note).toMatch(NOTE);
    const id = created.body.paperID as number;
    expectCut(await row(id));

    // the edit form's prefill says it too
    const prefill = await get(`/get_paper/${JOURNAL}/${id}`);
    expect(prefill.body.paper).toMatchObject({
      text_truncated: true,
      text_note: created.body.text_note,
    });
    // an edit without a new PDF keeps the text and the note; a whole PDF clears it
    const kept = await post(
      `/edit_paper/${JOURNAL}/${id}`,
      fields({ sel_publication: String(t.seed.issueId) }),
    );
    expect(kept.body).toMatchObject({ status: 1, text_truncated: true });
    const elife = await corpusPdf("elife-00353-v1.pdf");
    const replaced = await post(
      `/edit_paper/${JOURNAL}/${id}`,
      fields({ sel_publication: String(t.seed.issueId) }),
      elife,
    );
    expect(replaced.body).toMatchObject({ status: 1, text_truncated: false, text_note: "" });
    expect(await row(id)).toMatchObject({ page_count: 2, text_truncated: 0, text_pages: 2 });
  }, 60_000);

  it("does the same for a conference paper", async () => {
    const created = await post(`/create_proceeding_paper/${proceedingId}`, fields(), bomb);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 1, text_truncated: true });
    expect(created.body.text_note).toMatch(NOTE);
    const id = created.body.paperID as number;
    expectCut(await row(id));
    const prefill = await get(`/get_proceeding_paper_edit/${proceedingId}/${id}`);
    expect(prefill.body.paper).toMatchObject({ text_truncated: true });
    const edited = await post(`/edit_proceeding_paper/${proceedingId}/${id}`, fields());
    expect(edited.body).toMatchObject({ status: 1, text_truncated: true });
    expect(edited.body.text_note).toMatch(NOTE);
  }, 60_000);

  it("refuses a PDF whose page tree claims -1 pages, instead of storing -1 pages", async () => {
    const res = await post(
      `/create_paper/${JOURNAL}`,
      fields({ sel_publication: String(t.seed.issueId), title: "Minus one" }),
      Buffer.from(await negativeCountPdf()),
    );
    expect(res.status).toBe(415);
    expect(res.body.msg).toBe(
      "The paper file is not a readable PDF; it may be damaged. Upload the PDF again.",
    );
    const stored = await t.ctx.db
      .selectFrom("papers")
      .select("id")
      .where("title", "=", "Minus one")
      .execute();
    expect(stored).toEqual([]);
  });

  it("finds words of the text bombs with a marked snippet from the opening of their text", async () => {
    const result = await searchPapers(t.ctx, "kinase receptor");
    expect(result.total).toBeGreaterThanOrEqual(1);
    for (const hit of result.hits) {
      expect(hit.snippet).toContain(`${MARK_START}kinase${MARK_END}`);
      expect(hit.snippet).toContain(`${MARK_START}receptor${MARK_END}`);
      expect(hit.snippet.split(" ").length).toBeLessThanOrEqual(30);
    }
  });
});
