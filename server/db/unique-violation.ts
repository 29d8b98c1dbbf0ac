/**
 * The one test for "the database refused a row because a unique index already holds its key",
 * answered alike by both databases (decision 221). Services turn it into their 409 answers (a
 * taken e-mail, journal URI, issue, DOI) instead of checking first and inserting after, which two
 * concurrent requests can both pass.
 *
 * Recognised:
 * - PostgreSQL SQLSTATE 23505 unique_violation (PostgreSQL manual, appendix A "PostgreSQL Error
 *   Codes"); `pg` puts the index or constraint name in `constraint`;
 * - SQLite SQLITE_CONSTRAINT_UNIQUE (2067) and SQLITE_CONSTRAINT_PRIMARYKEY (1555), the extended
 *   result codes `node:sqlite` gives in `errcode` (SQLite "Result and Error Codes"); the message
 *   names the index for an index on an expression (`UNIQUE constraint failed: index
 *   'papers_doi_unique'`) and the columns otherwise (`UNIQUE constraint failed: users.email`).
 * Pure over the error's fields, so it needs neither driver.
 */

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;

/** What was violated: an index name, or SQLite's `table.column, …` list; null when unknown. */
export type UniqueViolation = { target: string | null };

type ErrorLike = { code?: unknown; errcode?: unknown; message?: unknown; constraint?: unknown };

/** The unique violation `error` reports, or null when it is another error. */
export function uniqueViolation(error: unknown): UniqueViolation | null {
  if (typeof error !== "object" || error === null) return null;
  const e = error as ErrorLike;
  if (e.code === "23505") {
    return { target: typeof e.constraint === "string" ? e.constraint : null };
  }
  if (e.errcode === SQLITE_CONSTRAINT_UNIQUE || e.errcode === SQLITE_CONSTRAINT_PRIMARYKEY) {
    const message = typeof e.message === "string" ? e.message : "";
    const named = /UNIQUE constraint failed: index '([^']+)'/.exec(message);
    if (named) return { target: named[1]! };
    const columns = /(?:UNIQUE|PRIMARY KEY) constraint failed: (.+)$/.exec(message);
    return { target: columns ? columns[1]!.trim() : null };
  }
  return null;
}

/**
 * True when `error` is a unique violation; with `index`, only when the database names that
 * index. Both databases name an index on an expression (such as `papers_doi_unique` on
 * `lower(doi)`) by its name; for an index on plain columns SQLite gives the columns, so callers
 * name only indexes on expressions.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const violation = uniqueViolation(error);
  if (!violation) return false;
  return index === undefined || violation.target === index;
}
