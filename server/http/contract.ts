/**
 * The server side of the typed API contract (shared/contract.ts, decision 211): a handler takes
 * its path, its route parameters, its request fields and its answer type from its contract
 * entry, so the server cannot drift from what the browser's client (app/lib/api.ts) expects.
 *
 * ```ts
 * const getJournal = apiCall("GET /get_journal/:journalUrl");
 * router.get(getJournal.path, async (req, res) => {
 *   const { journalUrl } = getJournal.params(req, { journalUrl: NO_JOURNAL });
 *   getJournal.send(res, { journal });           // answer type checked
 * });
 * ```
 */
import type { Response } from "express";
import type { z } from "zod";
import {
  type AnswerOf,
  API,
  type CallKey,
  type ParamsOf,
  type ParsedFieldsOf,
  type TemplateOf,
  templateOf,
} from "../../shared/contract.ts";
import { notFound } from "../services/errors.ts";
import { parseInput, sendOk } from "./respond.ts";

/** The schema a body is parsed with: the contract's own, or one whose output is its fields. */
type BodySchema<K extends CallKey> = z.ZodType<ParsedFieldsOf<K>>;

/** What a handler of call `K` uses of the contract; see the module docstring. */
export type ApiCall<K extends CallKey> = {
  key: K;
  /** The Express path (the contract's template). */
  path: TemplateOf<K>;
  /**
   * The route parameters parsed by the contract's schemas (shared/route-params.ts), in the
   * template's order.
   * @param missing per parameter, the msg of the 404 answered when it breaks its rule.
   * @throws AppError `not_found` with that parameter's msg.
   */
  params(
    req: { params: Record<string, unknown> },
    missing: Record<keyof ParamsOf<K>, string>,
  ): ParamsOf<K>;
  /**
   * The body schema: the contract's, or `serverSchema` (whose output must be the contract's
   * fields) when the contract carries only the fields' type.
   */
  schema(serverSchema?: BodySchema<K>): BodySchema<K>;
  /**
   * The request fields parsed with {@link ApiCall.schema}.
   * @throws AppError `invalid` (400) naming every field at fault (server/http/respond.ts).
   */
  body(data: unknown, serverSchema?: BodySchema<K>): ParsedFieldsOf<K>;
  /** Sends `{status: 1, msg, ...payload}` with the contract's answer type. */
  send(res: Response, payload: AnswerOf<K>, msg?: string, httpStatus?: number): void;
};

/** The contract entry `key` bound for a handler. */
export function apiCall<K extends CallKey>(key: K): ApiCall<K> {
  const spec = API[key] as { params: Record<string, z.ZodType>; body?: unknown };
  const schema = (serverSchema?: BodySchema<K>): BodySchema<K> => {
    const own = spec.body as { safeParse?: unknown } | undefined;
    if (typeof own?.safeParse === "function") return own as BodySchema<K>;
    if (!serverSchema) throw new Error(`${key}: the contract has no body schema; pass one`);
    return serverSchema;
  };
  return {
    key,
    path: templateOf(key),
    params(req, missing) {
      const out: Record<string, unknown> = {};
      for (const [name, rule] of Object.entries(spec.params)) {
        const result = rule.safeParse(req.params[name]);
        if (!result.success) throw notFound((missing as Record<string, string>)[name]!);
        out[name] = result.data;
      }
      return out as ParamsOf<K>;
    },
    schema,
    body: (data, serverSchema) => parseInput(schema(serverSchema), data),
    send: (res, payload, msg, httpStatus) => sendOk(res, payload, msg, httpStatus),
  };
}
