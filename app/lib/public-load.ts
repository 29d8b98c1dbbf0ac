/**
 * Server-side helper for public page loaders: each section of a page loads on its own, and a
 * section whose load fails is left empty while the rest of the page renders (spec section 8:
 * "Public data loads (home, journals, journal, issue) that fail show nothing; the section stays
 * empty"). The failure is logged, never shown.
 */
import type { AppContext } from "../../server/services/context.ts";

/**
 * Runs `load`; on any error logs it under `section` and answers `null` (the "failed" marker
 * the page renders as an empty section, distinct from a successful empty list `[]`).
 */
export async function loadSection<T>(
  ctx: AppContext,
  section: string,
  load: () => Promise<T>,
): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    ctx.log.error({ err: error, section }, "public page section failed to load");
    return null;
  }
}
