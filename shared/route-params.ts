/**
 * Route parameters: the one set of rules for the values a URL path carries, used alike by the
 * page loaders (app/routes/*) and the JSON API (server/api/*, through shared/contract.ts).
 * docs/decisions/210-one-route-number-rule.md.
 *
 * - A number (volume, issue, paper or any other id) is 1 to 9 ASCII digits in canonical decimal:
 *   no sign, no leading zero, not zero ({@link ROUTE_NUMBER_PATTERN}). Nine digits stay below
 *   2^31, so a parsed id always fits the databases' `integer` columns.
 * - A journal URI is the slug rule of docs/product/data.md#tables, at most 100 characters.
 * - A proceeding slug is {@link PROCEEDING_SLUG_PATTERN}.
 *
 * A value that breaks its rule cannot name anything, so it is answered exactly like an unknown
 * one: the 404 page on pages, the 404 envelope (with the call's own msg) on the API.
 */
// first: zod's configuration must precede every schema built here (shared/zod-setup.ts)
import "./zod-setup.ts";
import { z } from "zod";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "./constants.ts";

/** The one number rule of route parameters (decision 210). */
export const ROUTE_NUMBER_PATTERN = /^[1-9][0-9]{0,8}$/;

/**
 * `digits` without leading zeros (`"007"` → `"7"`, `"0"` stays): how volume and issue numbers
 * are stored, so that the URL built from them passes {@link ROUTE_NUMBER_PATTERN}.
 */
export function canonicalNumber(digits: string): string {
  return digits.replace(/^0+(?=\d)/, "");
}

/** Longest journal URI accepted in a path, in characters. */
export const MAX_ROUTE_URI = 100;

/** A number that stays text (volume, issue: stored and printed as typed). */
export const routeNumberText = z.string().regex(ROUTE_NUMBER_PATTERN);

/** An id: the number rule, parsed to a `number`. */
export const routeId = routeNumberText.transform(Number);

/** A journal URI (`plos-one`). */
export const routeJournalUri = z.string().max(MAX_ROUTE_URI).regex(JOURNAL_URI_PATTERN);

/** A proceeding slug (`icml-2024`). */
export const routeProceedingSlug = z.string().regex(PROCEEDING_SLUG_PATTERN);

/** Any non-empty segment (an opaque token, checked by its service). */
export const routeToken = z.string().min(1).max(200);

/**
 * `value` parsed by `schema`, or null when it breaks the rule. Takes `unknown` because Express
 * types a parameter as `string | string[]` once a route has spread middleware.
 */
export function parseRouteParam<S extends z.ZodType>(
  schema: S,
  value: unknown,
): z.output<S> | null {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** The route's parameters parsed by `schemas`, or null when any one breaks its rule. */
export function parseRouteParams<S extends Record<string, z.ZodType>>(
  schemas: S,
  params: Record<string, unknown>,
): { [K in keyof S]: z.output<S[K]> } | null {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const result = schema.safeParse(params[name]);
    if (!result.success) return null;
    out[name] = result.data;
  }
  return out as { [K in keyof S]: z.output<S[K]> };
}
