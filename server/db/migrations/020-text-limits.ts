/**
 * What one paper may cost (issue 15, docs/decisions/271-bounded-work-per-paper.md and
 * 272-bounded-snippets.md):
 *
 * - `papers.text_truncated` (0/1, default 0): text of the PDF was left out at the limits
 *   (`MAX_PDF_PAGES`, `MAX_PDF_TEXT_KB`); `papers.text_pages` (null): how many pages, from the
 *   first, the stored text comes from. The paper forms say so.
 * - Texts stored before the limits that are longer than the default limit (512 KiB) are cut to
 *   it at a word, and marked truncated; page counts below 1 (a page tree claiming `/Count -1`,
 *   taken on trust before) become unknown (null).
 * - SQLite: `paper_search` is rebuilt with the PDF's text in two columns, `body` (its opening,
 *   about {@link SNIPPET_TEXT_CHARS} characters, ended at a space) and `body_rest` (the rest), so
 *   a snippet reads only the abstract and the opening: FTS5 costs grow with the matches in the
 *   columns a snippet reads. The same split as `indexPaper` (server/features/search/search.ts).
 *   PostgreSQL's search rows are unchanged (its snippets read a bounded slice of the text).
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

/** `MAX_PDF_TEXT_KB`'s default, in bytes: the most text a stored paper keeps after this. */
const DEFAULT_TEXT_BYTES = 512 * 1024;

/**
 * The longest start of `text` that is at most `maxBytes` in UTF-8, never splitting a character.
 *
 * Frozen copy of `utf8Prefix` as server/services/pdf-text.ts had it when this migration was
 * written (commit e4363ff, issue 35): a migration is history, so it imports nothing from the
 * application that may change later (the import-layers test holds this). Do not edit.
 */
function utf8Prefix(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // bytes[end] is the first byte left out: a continuation byte means its character began before
  // `end`, so the cut moves back to that character's first byte.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString("utf8");
}

/** Characters of a PDF's text in SQLite's `body` column; the same as search.ts. */
const SNIPPET_TEXT_CHARS = 10_000;

/** How far past {@link SNIPPET_TEXT_CHARS} the opening may run to end at a space. */
const SPACE_WITHIN = 200;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("papers")
    .addColumn("text_truncated", "integer", (col) => col.notNull().defaultTo(sql.lit(0)))
    .execute();
  await db.schema.alterTable("papers").addColumn("text_pages", "integer").execute();
  await sql`update papers set page_count = null where page_count < 1`.execute(db);
  await cutLongTexts(db, dialect);
  await sql`update papers set text_pages = page_count
    where full_text is not null and text_truncated = 0`.execute(db);
  if (dialect === "sqlite") await rebuildSqliteSearch(db);
}

/** Texts over {@link DEFAULT_TEXT_BYTES} cut to it, at a word, one paper at a time. */
async function cutLongTexts(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const bytes =
    dialect === "sqlite" ? sql`length(cast(full_text as blob))` : sql`octet_length(full_text)`;
  const { rows } = await sql<{ id: number }>`select id from papers
    where ${bytes} > ${DEFAULT_TEXT_BYTES} order by id`.execute(db);
  for (const { id } of rows) {
    const { rows: found } = await sql<{ full_text: string }>`select full_text from papers
      where id = ${id}`.execute(db);
    const text = found[0]?.full_text ?? "";
    let kept = utf8Prefix(text, DEFAULT_TEXT_BYTES);
    const space = kept.lastIndexOf(" ");
    if (space > 0 && text.charAt(kept.length) !== " ") kept = kept.slice(0, space);
    await sql`update papers set full_text = ${kept.trimEnd()}, text_truncated = 1
      where id = ${id}`.execute(db);
  }
}

/**
 * SQLite's search table again, from `papers` and `paper_authors`, the PDF's text split into
 * `body` and `body_rest`. Exported for the test of the migrations that rebuild it.
 */
export async function rebuildSqliteSearch(db: Kysely<unknown>): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction; one keeps the index whole if this fails.
  await db.transaction().execute(async (trx) => {
    await sql`drop trigger if exists papers_search_delete`.execute(trx);
    await sql`drop table if exists paper_search`.execute(trx);
    await sql`
      create virtual table paper_search using fts5(
        title, authors, keywords, abstract, body, body_rest,
        tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(trx);
    // `cut`: the end of the opening, at the first space within SPACE_WITHIN characters after
    // SNIPPET_TEXT_CHARS (else at SNIPPET_TEXT_CHARS).
    await sql`
      insert into paper_search (rowid, title, authors, keywords, abstract, body, body_rest)
      select id, title, authors, keywords, abstract, substr(t, 1, cut), substr(t, cut + 1)
      from (select p.id, p.title,
          coalesce((select group_concat(name, ', ') from
            (select a.name from paper_authors a where a.paper_id = p.id order by a.position)),
            '') as authors,
          coalesce(p.keywords, '') as keywords, p.abstract, coalesce(p.full_text, '') as t,
          ${sql.lit(SNIPPET_TEXT_CHARS)} + coalesce(nullif(instr(substr(coalesce(p.full_text, ''),
            ${sql.lit(SNIPPET_TEXT_CHARS + 1)}, ${sql.lit(SPACE_WITHIN)}), ' '), 0), 1) - 1 as cut
        from papers p)`.execute(trx);
    await sql`
      create trigger papers_search_delete after delete on papers begin
        delete from paper_search where rowid = old.id;
      end`.execute(trx);
  });
}
