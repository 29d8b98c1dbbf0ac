import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { up as narrowSearchRows } from "../../server/db/migrations/026-search-narrow-rows.ts";
import { indexPaper, searchPapers } from "../../server/features/search/search.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext();

describe.skipIf(dialectUnderTest !== "postgres")(
  "migration 026-search-narrow-rows (PostgreSQL)",
  () => {
    it("keeps every search row, finds them as before, and sets the narrow layout", async () => {
      const ids = async () =>
        (
          await sql<{
            id: number;
          }>`select paper_id as id from paper_search order by paper_id`.execute(t.ctx.db)
        ).rows.map((r) => Number(r.id));
      // a paper with words of its own in its text
      await t.ctx.db
        .updateTable("papers")
        .set({ full_text: "Quokka census on the island. ".repeat(3_000) })
        .where("id", "=", t.seed.paperWithPdfId)
        .execute();
      await indexPaper(t.ctx.db, t.ctx.dialect, t.seed.paperWithPdfId);
      const before = await ids();
      const found = (await searchPapers(t.ctx, "quokka census")).hits.map((h) => h.paperID);
      expect(found).toEqual([t.seed.paperWithPdfId]);

      // run on the existing rows again, as on a database written before the migration
      const again = new Migrator({
        db: t.ctx.db,
        migrationTableName: "migration_026_again",
        migrationLockTableName: "migration_026_again_lock",
        provider: {
          getMigrations: async () => ({
            again: { up: (db: Kysely<unknown>) => narrowSearchRows(db, "postgres") },
          }),
        },
      });
      const { error } = await again.migrateToLatest();
      expect(error).toBeUndefined();
      expect(await ids()).toEqual(before);
      expect((await searchPapers(t.ctx, "quokka census")).hits.map((h) => h.paperID)).toEqual(
        found,
      );
      // PostgreSQL moves both tsvectors of every row over 128 bytes out of the row
      const { rows } = await sql<{ options: string[] | null }>`select reloptions as options
      from pg_class where relname = 'paper_search'`.execute(t.ctx.db);
      expect(rows[0]?.options).toEqual(["toast_tuple_target=128"]);
      // deleting a paper still deletes its row (the foreign key came along)
      await t.ctx.db
        .deleteFrom("paper_authors")
        .where("paper_id", "=", t.seed.paperWithPdfId)
        .execute();
      await t.ctx.db.deleteFrom("papers").where("id", "=", t.seed.paperWithPdfId).execute();
      expect(await ids()).toEqual(before.filter((id) => id !== t.seed.paperWithPdfId));
    });
  },
);
