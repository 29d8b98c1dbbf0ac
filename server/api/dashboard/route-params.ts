/**
 * Route parameters of the dashboard calls (docs/product/api.md) outside the contract's own
 * parsing (server/http/contract.ts): the rules are shared/route-params.ts's (decision 210). A
 * value that cannot name anything is a 404 with a clear msg, exactly like an unknown one, so
 * probing malformed paths learns nothing more. The helpers take `unknown` because Express types
 * a parameter as `string | string[]` once the route has spread middleware.
 */
import { msg } from "../../../shared/i18n/messages.ts";
import { parseRouteParam, routeJournalUri } from "../../../shared/route-params.ts";
import { notFound } from "../../services/errors.ts";

export const NO_JOURNAL = msg("No such journal.");
export const NO_PROCEEDING = msg("No such proceeding.");

/** A journal URI (a path parameter, or a field naming one). @throws AppError `not_found`. */
export function journalParam(value: unknown): string {
  const uri = parseRouteParam(routeJournalUri, value);
  if (uri === null) throw notFound(NO_JOURNAL);
  return uri;
}
