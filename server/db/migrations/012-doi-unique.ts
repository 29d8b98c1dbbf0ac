/**
 * One paper per DOI, held by the database (issue 10; docs/decisions/220-doi-unique-index.md):
 * `papers_doi_unique`, a unique index on `lower(doi)` over every paper (journal and conference
 * papers share the table), since DOIs are case-insensitive (DOI Handbook 2.4). A paper without a
 * DOI stores null, which a unique index never compares, so any number of papers may have none.
 * It replaces `papers_doi_lower` (migration 007, the same expression, used by the search for a
 * pasted DOI) and `papers_doi` (migration 001, on the raw column, which no query reads any more).
 *
 * A database that already holds one DOI on several papers (written before this rule, or by two
 * submissions at once) is not changed: the migration stops, naming every such DOI and its
 * papers, and the server does not start until an operator has given each DOI to one paper.
 * Empty DOIs (`''`) are set to null first: they mean "no DOI", which is how the site writes it.
 */
import { type Kysely, sql } from "kysely";

/** DOIs listed at most, so the message stays readable; the count says how many there are. */
const LISTED = 20;

type Holder = { key: string; id: number | string; doi: string };

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every paper whose DOI (as the index compares it) another paper has too, oldest first.
  const { rows } = await sql<Holder>`
    select lower(doi) as key, id, doi from papers
    where lower(doi) in (
      select lower(doi) from papers
      where doi is not null and trim(doi) <> ''
      group by lower(doi) having count(*) > 1)
    order by id`.execute(db);
  // Checked before anything is written: on SQLite Kysely runs a migration without a transaction.
  if (rows.length > 0) throw new Error(duplicatesMessage(rows));
  await sql`update papers set doi = null where trim(doi) = ''`.execute(db);
  await sql`drop index if exists papers_doi_lower`.execute(db);
  await sql`drop index if exists papers_doi`.execute(db);
  await sql`create unique index papers_doi_unique on papers (lower(doi))`.execute(db);
}

/** `N DOIs are held by…: 10.1/x (papers 3, 17); …`, each DOI as its oldest paper spells it. */
function duplicatesMessage(rows: Holder[]): string {
  const groups = new Map<string, { doi: string; ids: number[] }>();
  for (const row of rows) {
    const group = groups.get(row.key) ?? { doi: row.doi, ids: [] };
    group.ids.push(Number(row.id));
    groups.set(row.key, group);
  }
  const all = [...groups.values()];
  const listed = all.slice(0, LISTED).map((g) => `${g.doi} (papers ${g.ids.join(", ")})`);
  const more = all.length > LISTED ? `; and ${all.length - LISTED} more` : "";
  return (
    `${all.length} DOI${all.length === 1 ? " is" : "s are"} held by more than one paper, ` +
    "and a DOI names one paper (DOIs compared without regard to case). Nothing was changed. " +
    "Give each DOI to one paper (edit the others' DOI, or set it to null with " +
    "`update papers set doi = null where id = …`), then start again: " +
    `${listed.join("; ")}${more}.`
  );
}
