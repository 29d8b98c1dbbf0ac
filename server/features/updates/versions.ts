/**
 * Versions of published papers (issue 33; docs/decisions/490-versions-and-update-notices.md):
 * an edit of a paper of a published issue keeps the state before it as a row of
 * `paper_versions` (version n) and makes the paper version n+1 with the manager's change note,
 * unless the manager marked a metadata-only edit as a minor fix. Earlier versions are read at
 * `{paper page}/version/{n}`, their PDF at `{paper page}/version/{n}/download.pdf`.
 */
import type { PaperVersionItem } from "../../../shared/api.ts";
import type { Db } from "../../db/database.ts";
import type { Trx } from "../../services/write.ts";
import { timestamp } from "../../services/write.ts";

/** `{paper page}/version/{n}`: an earlier version's own stable URL. */
export function versionLink(paperPage: string, version: number): string {
  return `${paperPage}/version/${version}`;
}

/** The current version's columns of `papers`. */
type CurrentVersion = {
  version: number;
  version_on: string | null;
  version_note: string;
  created_at: string;
};

/**
 * Every version of paper `paperId`, oldest first, the current one last (its `link` `""`);
 * each with the date it took effect and its change note.
 */
export async function versionsOf(
  db: Db,
  paperId: number,
  current: CurrentVersion,
  paperPage: string,
): Promise<PaperVersionItem[]> {
  const rows = await db
    .selectFrom("paper_versions")
    .select(["version", "effective_on", "note"])
    .where("paper_id", "=", paperId)
    .orderBy("version")
    .execute();
  const earlier = rows.map((r) => ({
    version: Number(r.version),
    date: r.effective_on,
    note: r.note,
    link: versionLink(paperPage, Number(r.version)),
  }));
  return [
    ...earlier,
    {
      version: Number(current.version),
      date: current.version_on ?? current.created_at.slice(0, 10),
      note: current.version_note,
      link: "",
    },
  ];
}

/** An earlier version as its page shows it; null when the paper has no such version. */
export type StoredVersion = {
  version: number;
  date: string;
  note: string;
  title: string;
  abstract: string;
  keywords: string;
  doi: string;
  authors: string[];
  /** Storage key of its PDF, or null. */
  file: string | null;
};

/** Version `version` of paper `paperId` (an earlier one), or null. */
export async function storedVersion(
  db: Db,
  paperId: number,
  version: number,
): Promise<StoredVersion | null> {
  const row = await db
    .selectFrom("paper_versions")
    .selectAll()
    .where("paper_id", "=", paperId)
    .where("version", "=", version)
    .executeTakeFirst();
  if (!row) return null;
  let authors: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.authors);
    if (Array.isArray(parsed)) authors = parsed.filter((a): a is string => typeof a === "string");
  } catch {
    authors = [];
  }
  return {
    version: Number(row.version),
    date: row.effective_on,
    note: row.note,
    title: row.title,
    abstract: row.abstract,
    keywords: row.keywords ?? "",
    doi: row.doi ?? "",
    authors,
    file: row.file,
  };
}

/**
 * Keeps paper `paperId` as it is now as an earlier version (inside the edit's transaction,
 * before the edit is written) and returns the columns that make the edited paper the next
 * version: its number, today, and `note`.
 */
export async function keepVersion(
  trx: Trx,
  paperId: number,
  note: string,
): Promise<{ version: number; version_on: string; version_note: string }> {
  const paper = await trx
    .selectFrom("papers")
    .select([
      "version",
      "version_on",
      "version_note",
      "created_at",
      "title",
      "abstract",
      "keywords",
      "doi",
      "file",
    ])
    .where("id", "=", paperId)
    .executeTakeFirstOrThrow();
  const authors = await trx
    .selectFrom("paper_authors")
    .select("name")
    .where("paper_id", "=", paperId)
    .orderBy("position")
    .execute();
  const now = timestamp();
  await trx
    .insertInto("paper_versions")
    .values({
      paper_id: paperId,
      version: Number(paper.version),
      effective_on: paper.version_on ?? paper.created_at.slice(0, 10),
      note: paper.version_note,
      title: paper.title,
      abstract: paper.abstract,
      keywords: paper.keywords,
      doi: paper.doi,
      authors: JSON.stringify(authors.map((a) => a.name)),
      file: paper.file,
      created_at: now,
    })
    .execute();
  return { version: Number(paper.version) + 1, version_on: now.slice(0, 10), version_note: note };
}
