/**
 * The journal a benchmark needs only as a home for its issues: active, subject "more", every
 * optional column empty (null or ""). Used by the search bench and the catalogue builder's probe.
 */
import type { Kysely } from "kysely";
import type { Database, NewJournal } from "../../server/db/schema.ts";

/**
 * Inserts the journal, created and updated at `now` (ISO 8601).
 * @returns its id.
 */
export async function insertBareJournal(
  db: Kysely<Database>,
  journal: Pick<NewJournal, "uri" | "name" | "abbreviation">,
  now: string,
): Promise<number> {
  const { id } = await db
    .insertInto("journals")
    .values({
      ...journal,
      image: null,
      issn: null,
      eissn: null,
      publisher: null,
      frequency: null,
      intro: "",
      sub_guide: "",
      other_guide: "",
      email: null,
      cost: null,
      contact_name: null,
      contact_email: null,
      subject: "more",
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(id);
}
