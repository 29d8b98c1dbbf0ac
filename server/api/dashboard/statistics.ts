/**
 * The Statistics screen's calls (issue 17; docs/decisions/283-statistics-screen.md): COUNTER
 * usage of the site, a journal, an issue, a proceeding or a paper, and the SUSHI API keys.
 *
 * | call | body | answer |
 * |---|---|---|
 * | GET /dashboard/statistics?journal=&issue=&proceeding=&paper=&from=&to= | — | `statistics` (shared/usage.ts `StatisticsScreen`) |
 * | GET /dashboard/statistics_csv?…&table=periods\|papers | — | `text/csv` download of the screen's table (not the envelope) |
 * | GET /dashboard/sushi_keys | — | `sushi` (`SushiSettings`), administrators |
 * | POST /create_sushi_key | JSON `{label}` | 201 `{key, secret}`: the key, shown this once |
 * | POST /revoke_sushi_key/{id} | — | msg |
 * | POST /sushi_settings | JSON `{require_api_key}` | msg |
 *
 * The scope is the first given of `paper`, `issue`, `journal`, `proceeding`; none means the
 * site (administrators) or the manager's first journal or proceeding. `from` and `to` are
 * `YYYY-MM-DD` (default: the last 30 days). Access follows server/features/accounts/access.ts: 403 for
 * the site unless an administrator, and for a journal or proceeding the manager does not
 * manage; 404 an unknown scope; 400 a malformed parameter or range.
 */
import express, { type Request, type Router } from "express";
import { z } from "zod";
import { fileTemplateOf } from "../../../shared/file-calls.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { routeId } from "../../../shared/route-params.ts";
import type { SushiSettings } from "../../../shared/usage.ts";
import {
  type StatisticsQuery,
  statisticsCsv,
  usageStatistics,
} from "../../features/usage/statistics.ts";
import {
  createSushiKey,
  isApiKeyRequired,
  listSushiKeys,
  NO_KEY,
  revokeSushiKey,
  setApiKeyRequired,
} from "../../features/usage/sushi-keys.ts";
import { apiCall } from "../../http/contract.ts";
import { actorOf, managerChange, requireAdmin, requireManager } from "../../http/guards.ts";
import { publicOrigin } from "../../http/origin.ts";
import { parseInput } from "../../http/respond.ts";
import type { AppContext } from "../../services/context.ts";

const day = (message: string) => z.iso.date({ error: message }).optional();

/** The query of the screen and its CSV. */
const statisticsQuerySchema = z.object({
  journal: z.string().max(200).optional(),
  issue: routeId.optional(),
  proceeding: routeId.optional(),
  paper: routeId.optional(),
  from: day(msg("The start date must be a date (YYYY-MM-DD).")),
  to: day(msg("The end date must be a date (YYYY-MM-DD).")),
  table: z.enum(["periods", "papers"]).optional(),
});

/** The first value of each query parameter (a repeated one counts once). */
function queryOf(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first !== "") out[name] = first;
  }
  return out;
}

function readQuery(req: Request): StatisticsQuery & { table?: "periods" | "papers" | undefined } {
  return parseInput(statisticsQuerySchema, queryOf(req));
}

const LABEL_MISSING = msg("Say who the key is for.");

const labelSchema = z.object({
  label: z
    .string({ error: LABEL_MISSING })
    .trim()
    .min(1, LABEL_MISSING)
    .max(100, msg("Keep the label under 100 characters.")),
});

const settingsSchema = z.object({
  require_api_key: z.boolean({ error: msg("Say whether SUSHI requires an API key.") }),
});

/** The CSV call's path within the API router (its contract template without `/api`). */
const CSV_PATH = fileTemplateOf("GET /api/dashboard/statistics_csv").replace(/^\/api/, "");

export function statisticsRouter(ctx: AppContext): Router {
  const router = express.Router();
  const adminChange = [...managerChange(ctx), requireAdmin];

  const statisticsCall = apiCall("GET /dashboard/statistics");
  router.get(statisticsCall.path, requireManager, async (req, res) => {
    const statistics = await usageStatistics(ctx, actorOf(res), readQuery(req));
    statisticsCall.send(res, { statistics });
  });

  // a download link, not an envelope call: the answer is the CSV file (shared/file-calls.ts)
  router.get(CSV_PATH, requireManager, async (req, res) => {
    const { table = "periods", ...query } = readQuery(req);
    const screen = await usageStatistics(ctx, actorOf(res), query);
    const what = screen.scope.param.replace(/[^a-z0-9-]+/gi, "-") || "site";
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .attachment(`statistics-${what}-${table}-${screen.from}-${screen.to}.csv`)
      .send(statisticsCsv(screen, table));
  });

  const sushiKeysCall = apiCall("GET /dashboard/sushi_keys");
  router.get(sushiKeysCall.path, requireAdmin, async (req, res) => {
    const [keys, required] = await Promise.all([listSushiKeys(ctx), isApiKeyRequired(ctx)]);
    const sushi: SushiSettings = {
      keys,
      require_api_key: required,
      base_url: `${publicOrigin(ctx.config, req)}/sushi`,
    };
    sushiKeysCall.send(res, { sushi });
  });

  const createKeyCall = apiCall("POST /create_sushi_key");
  router.post(createKeyCall.path, ...adminChange, async (req, res) => {
    const { label } = createKeyCall.body(req.body ?? {}, labelSchema);
    const created = await createSushiKey(ctx, actorOf(res), label);
    createKeyCall.send(res, created, msg("Key created. Copy it now: it is not shown again."), 201);
  });

  const revokeKeyCall = apiCall("POST /revoke_sushi_key/:key");
  router.post(revokeKeyCall.path, ...adminChange, async (req, res) => {
    const { key } = revokeKeyCall.params(req, { key: NO_KEY });
    revokeKeyCall.send(res, {}, await revokeSushiKey(ctx, key));
  });

  const settingsCall = apiCall("POST /sushi_settings");
  router.post(settingsCall.path, ...adminChange, async (req, res) => {
    const body = settingsCall.body(req.body ?? {}, settingsSchema);
    settingsCall.send(res, {}, await setApiKeyRequired(ctx, body.require_api_key));
  });

  return router;
}
