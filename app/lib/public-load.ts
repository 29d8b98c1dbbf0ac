/**
 * Server-side helpers for public page loaders: each section of a page loads on its own, and a
 * section whose load fails is left empty while the rest of the page renders (docs/product/errors.md:
 * "Public data loads (home, journals, journal, issue) that fail show nothing; the section stays
 * empty"). The failure is logged, never shown. A page built around one record (journal, issue,
 * proceeding, paper) is the 404 page without it, and empty with HTTP 503 when it fails to load
 * ({@link loadRecordPage}).
 */
import { data } from "react-router";
import { isDatabaseUnavailable } from "../../server/db/unavailable.ts";
import { markDatabaseUnavailable } from "../../server/http/outage-scope.ts";
import type { AppContext } from "../../server/services/context.ts";

/**
 * Runs `load`; on any error logs it under `section` and answers `null` (the "failed" marker
 * the page renders as an empty section, distinct from a successful empty list `[]`).
 * A database outage is logged as one warning and marks the request, so the page (its sections
 * empty) is answered 503 with `Retry-After` instead of 200 (app/entry.server.tsx, decision 130).
 * Never rejects: loaders may start a section's load before awaiting it.
 */
export async function loadSection<T>(
  ctx: AppContext,
  section: string,
  load: () => Promise<T>,
): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      markDatabaseUnavailable();
      const { message } = error as Error;
      ctx.log.warn({ reason: message, section }, "database unavailable");
      return null;
    }
    ctx.log.error({ err: error, section }, "public page section failed to load");
    return null;
  }
}

/**
 * The loader answer of a page built around the record `load` finds: `page(record)` (HTTP 200);
 * `empty` with HTTP 503 when the load fails (logged under `section`, as {@link loadSection});
 * and when there is no such record (`null`), the 404 page.
 * @throws a 404 `data()` answer when `load` answers null.
 */
export async function loadRecordPage<T, P>(
  ctx: AppContext,
  section: string,
  load: () => Promise<T | null>,
  page: (record: T) => P | Promise<P>,
  empty: P,
) {
  const found = await loadSection(ctx, section, async () => ({ record: await load() }));
  if (!found) return data(empty, { status: 503 });
  if (found.record === null) throw data(null, { status: 404 });
  return data(await page(found.record));
}
