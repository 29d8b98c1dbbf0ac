/**
 * The COUNTER_SUSHI API 5.1 at `/sushi/r51/…` (issue 17; COUNTER R5.1 section 8;
 * docs/decisions/282-sushi-server.md):
 *
 * | path | answer |
 * |---|---|
 * | GET /sushi/r51/status | `[Status]`, public |
 * | GET /sushi/r51/members | `[Member]`: The World |
 * | GET /sushi/r51/reports | `[Report]`: the six reports below, with their first and last months |
 * | GET /sushi/r51/reports/{pr,pr_p1,tr,tr_j3,ir,ir_a1} | the report (server/features/usage/sushi-reports.ts) |
 *
 * Every path but status asks for `customer_id=0000000000000000` ("The World": the site reports
 * all its usage, attributed to no institution); `requestor_id` is ignored. When the
 * administrator requires API keys (Statistics screen), `api_key` must be a key not revoked.
 *
 * Errors are COUNTER Exceptions (Appendix D): one Exception object with its HTTP status when the
 * request cannot be answered (1030 a missing customer_id, api_key or date; 2010 another
 * customer; 2020 a wrong key; 3020 bad dates; 1000 the database away), else the report with the
 * Exceptions of what it ignored or left out in its header (3030, 3031, 3032, 3050, 3060, 3062,
 * 3063, and an informational 0 for the month still running). Any other path under /sushi is 404.
 */
import express, { type Request, type Response, type Router } from "express";
import { isDatabaseUnavailable } from "../../db/unavailable.ts";
import { sendNotFoundText } from "../../http/client-errors.ts";
import { publicOrigin } from "../../http/origin.ts";
import type { AppContext } from "../../services/context.ts";
import { addMonths, utcToday } from "./figures.ts";
import { isApiKeyRequired, verifySushiKey } from "./sushi-keys.ts";
import {
  buildReport,
  type ExceptionCode,
  ITEM_METRICS,
  METRIC_PAIRS,
  type Platform,
  platformNamespace,
  REPORTS,
  type ReportId,
  type ReportRequest,
  SUSHI_EXCEPTIONS,
  type SushiException,
  sushiException,
  WORLD_CUSTOMER_ID,
} from "./sushi-reports.ts";

/** Parameters every report path takes (besides its own, REPORTS[id].parameters). */
const COMMON = ["customer_id", "requestor_id", "api_key", "platform", "begin_date", "end_date"];

/** Sends Exception `code` alone, with its HTTP status (Appendix D, Table D.1). */
function fail(res: Response, code: Exclude<ExceptionCode, 0>, data?: string): void {
  res.status(SUSHI_EXCEPTIONS[code].http).json(sushiException(code, data));
}

/** One query parameter (the first, when repeated); undefined when absent. */
function param(req: Request, name: string): string | undefined {
  const value = req.query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
}

/** The platform as reports name it. */
function platformOf(ctx: AppContext, req: Request): Platform {
  const name = ctx.config.siteName.length >= 2 ? ctx.config.siteName : "Athenaeum";
  return { name, namespace: platformNamespace(name), origin: publicOrigin(ctx.config, req) };
}

/**
 * Checks customer_id and the API key (COUNTER R5.1 section 8.2).
 * @returns false when an Exception was sent.
 */
async function authorized(ctx: AppContext, req: Request, res: Response): Promise<boolean> {
  const customer = param(req, "customer_id")?.trim();
  if (!customer) {
    fail(res, 1030, "customer_id is required: 0000000000000000 (The World).");
    return false;
  }
  const required = await isApiKeyRequired(ctx);
  const key = param(req, "api_key")?.trim();
  if (required && !key) {
    fail(res, 1030, "api_key is required: ask the site's administrator for one.");
    return false;
  }
  if (customer !== WORLD_CUSTOMER_ID) {
    fail(
      res,
      2010,
      "This platform reports its usage to The World only: customer_id 0000000000000000.",
    );
    return false;
  }
  if (required && !(await verifySushiKey(ctx, key!))) {
    fail(res, 2020, "The api_key is unknown or was revoked.");
    return false;
  }
  return true;
}

/** `YYYY-MM` of a `yyyy-mm-dd` or `yyyy-mm` date, or null when it is not a real date. */
export function monthOfDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const m = Number(month);
  if (m < 1 || m > 12 || Number(year) < 1) return null;
  if (day !== undefined) {
    const d = Number(day);
    const last = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
    if (d < 1 || d > last) return null;
  }
  return `${year}-${month}`;
}

/** The first month with usage: when counting started, or earlier rows (an import). */
async function firstMonth(ctx: AppContext, currentMonth: string): Promise<string> {
  const [setting, earliest] = await Promise.all([
    ctx.db
      .selectFrom("site_settings")
      .select("value")
      .where("key", "=", "usage.first_day")
      .executeTakeFirst(),
    ctx.db
      .selectFrom("usage_item_monthly")
      .select("month")
      .orderBy("month")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const months = [setting?.value.slice(0, 7), earliest?.month, currentMonth].filter(
    (m): m is string => typeof m === "string" && /^\d{4}-\d{2}$/.test(m),
  );
  return months.sort()[0]!;
}

/** A `|`-separated list parameter: its values, and those not among `allowed`. */
function listParam(value: string, allowed: readonly string[]) {
  const values = [
    ...new Set(
      value
        .split("|")
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  const valid = allowed.filter((a) => values.includes(a));
  const invalid = values.filter((v) => !allowed.includes(v));
  return { valid, invalid };
}

/**
 * Reads a report request (parameters of the COUNTER_SUSHI API; Appendix D for what is wrong).
 * @returns the request, or an Exception to answer alone with its status.
 */
export function readReportRequest(
  report: ReportId,
  query: (name: string) => string | undefined,
  names: string[],
  platformName: string,
  months: { current: string; first: string },
): ReportRequest | { fail: Exclude<ExceptionCode, 0>; data: string } {
  const info = REPORTS[report];
  const exceptions: SushiException[] = [];
  const unknown = names.filter((n) => !COMMON.includes(n) && !info.parameters.includes(n));
  if (unknown.length) exceptions.push(sushiException(3050, unknown.join(", ")));

  const beginText = query("begin_date");
  const endText = query("end_date");
  if (!beginText || !endText) {
    return { fail: 1030, data: "begin_date and end_date are required (yyyy-mm-dd or yyyy-mm)." };
  }
  const begin = monthOfDate(beginText);
  const end = monthOfDate(endText);
  if (!begin || !end) return { fail: 3020, data: "Dates are yyyy-mm-dd or yyyy-mm." };
  if (end < begin) return { fail: 3020, data: "end_date is before begin_date." };
  if (begin > months.current) {
    return { fail: 3020, data: `begin_date is after ${months.current}, the current month.` };
  }

  let headerEnd = end;
  let available: [string, string] | null = [begin, end];
  if (end > months.current) {
    headerEnd = months.current;
    available = [begin, months.current];
    const next = addMonths(months.current, 1);
    exceptions.push(
      sushiException(
        3031,
        next === end ? `${end} has not begun.` : `${next} to ${end} have not begun.`,
      ),
    );
  }
  if (available[0] < months.first) {
    exceptions.push(sushiException(3032, `Usage is available from ${months.first}.`));
    available = available[1] < months.first ? null : [months.first, available[1]];
  }
  if (available && available[1] === months.current) {
    exceptions.push(
      sushiException(
        0,
        `Usage of ${months.current} is counted up to the time the report was created; the month is not over.`,
        "Month in Progress",
      ),
    );
  }

  const request: ReportRequest = {
    report,
    begin,
    end: headerEnd,
    available,
    metricTypes: null,
    dataTypes: null,
    accessTypes: null,
    accessMethods: null,
    yop: null,
    attributes: [],
    includeParentDetails: false,
    itemId: null,
    platform: null,
    exceptions,
  };
  const has = (name: string) => info.parameters.includes(name) && query(name) !== undefined;
  const invalidFilter = (name: string, values: string[]) =>
    exceptions.push(sushiException(3060, `${name}: ${values.join("|")}`));

  const platform = query("platform");
  if (platform !== undefined && platform.trim() !== "") {
    if (platform.trim().toLowerCase() === platformName.toLowerCase())
      request.platform = platformName;
    else invalidFilter("platform", [platform]);
  }
  if (has("metric_type")) {
    const { valid, invalid } = listParam(query("metric_type")!, info.metricValues);
    if (invalid.length) invalidFilter("metric_type", invalid);
    const items = valid.filter((m) => ITEM_METRICS.includes(m as never));
    if ((report === "pr" || report === "tr") && items.length === 1) {
      // the PR's and TR's Performance hold at least two metrics (their schemas' minProperties)
      const pair = METRIC_PAIRS[items[0]!]!;
      exceptions.push(
        sushiException(
          3060,
          `metric_type: ${items[0]} alone (this report gives it with ${pair}, which is added)`,
        ),
      );
      valid.splice(
        0,
        valid.length,
        ...info.metricValues.filter((m) => valid.includes(m) || m === pair),
      );
    }
    if (valid.length) request.metricTypes = valid;
  }
  if (has("data_type")) {
    const { valid, invalid } = listParam(query("data_type")!, info.dataTypeValues);
    if (invalid.length) invalidFilter("data_type", invalid);
    if (valid.length) request.dataTypes = valid;
  }
  if (has("access_type")) {
    const { valid, invalid } = listParam(query("access_type")!, [
      "Controlled",
      "Free_To_Read",
      "Open",
    ]);
    if (invalid.length) invalidFilter("access_type", invalid);
    if (valid.length) request.accessTypes = valid;
  }
  if (has("access_method")) {
    const { valid, invalid } = listParam(query("access_method")!, ["Regular", "TDM"]);
    if (invalid.length) invalidFilter("access_method", invalid);
    if (valid.length) request.accessMethods = valid;
  }
  if (has("yop")) {
    const text: string[] = [];
    const ranges: [number, number][] = [];
    const invalid: string[] = [];
    for (const part of query("yop")!
      .split("|")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const match = /^(\d{4})(?:-(\d{4}))?$/.exec(part);
      const from = Number(match?.[1]);
      const to = Number(match?.[2] ?? match?.[1]);
      if (!match || from > to) invalid.push(part);
      else if (!text.includes(part)) {
        text.push(part);
        ranges.push([from, to]);
      }
    }
    if (invalid.length) invalidFilter("yop", invalid);
    if (text.length) request.yop = { text, ranges };
  }
  if (has("item_id")) {
    const value = query("item_id")!.trim();
    if (value.length >= 2) request.itemId = value;
    else invalidFilter("item_id", [value]);
  }
  for (const name of ["author", "attributed", "country_code", "subdivision_code"]) {
    // COUNTER R5.1 section 8.1: an extension not supported is handled as Exception 3060
    if (has(name)) invalidFilter(name, [`${query(name)} (filtering by ${name} is not supported)`]);
  }
  if (has("attributes_to_show")) {
    const { valid, invalid } = listParam(query("attributes_to_show")!, info.attributes);
    if (invalid.length) {
      exceptions.push(sushiException(3062, `attributes_to_show: ${invalid.join("|")}`));
    }
    request.attributes = valid;
  }
  if (has("granularity")) {
    const value = query("granularity")!;
    if (value !== "Month") {
      exceptions.push(
        sushiException(3062, `granularity: ${value} (usage is reported by month only)`),
      );
    }
  }
  if (has("include_parent_details")) {
    const value = query("include_parent_details")!;
    if (value === "True") request.includeParentDetails = true;
    else if (value !== "False") {
      exceptions.push(sushiException(3062, `include_parent_details: ${value}`));
    }
  }
  if (has("include_component_details")) {
    const value = query("include_component_details")!;
    if (value === "True") exceptions.push(sushiException(3063, "include_component_details"));
    else if (value !== "False") {
      exceptions.push(sushiException(3062, `include_component_details: ${value}`));
    }
  }
  return request;
}

/** Answers a database outage with Exception 1000 (503); rethrows anything else. */
function guarded(handler: (req: Request, res: Response) => Promise<void>) {
  return async (req: Request, res: Response) => {
    try {
      await handler(req, res);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      res.setHeader("Retry-After", "5");
      fail(res, 1000, "The database is unavailable; try again shortly.");
    }
  };
}

export function sushiRouter(ctx: AppContext): Router {
  const router = express.Router();
  router.use("/sushi", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get(
    "/sushi/r51/status",
    guarded(async (_req, res) => {
      let active = true;
      try {
        await ctx.db.selectFrom("site_settings").select("key").limit(1).execute();
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        active = false;
      }
      res.json([
        {
          Description: `COUNTER Release 5.1 usage reports of ${ctx.config.siteName} (journals and proceedings), to The World.`,
          Service_Active: active,
          ...(active
            ? {}
            : {
                Alerts: [
                  {
                    Date_Time: `${new Date().toISOString().slice(0, 19)}Z`,
                    Alert: "The usage database is unavailable; reports cannot be made right now.",
                  },
                ],
              }),
        },
      ]);
    }),
  );

  router.get(
    "/sushi/r51/members",
    guarded(async (req, res) => {
      if (!(await authorized(ctx, req, res))) return;
      res.json([
        {
          Customer_ID: WORLD_CUSTOMER_ID,
          Institution_Name: "The World",
          Notes: "All usage of the platform, attributed to no institution (global reports).",
        },
      ]);
    }),
  );

  router.get(
    "/sushi/r51/reports",
    guarded(async (req, res) => {
      if (!(await authorized(ctx, req, res))) return;
      const current = utcToday().slice(0, 7);
      const first = await firstMonth(ctx, current);
      res.json(
        (Object.keys(REPORTS) as ReportId[]).map((id) => ({
          Report_Name: REPORTS[id].name,
          Report_ID: REPORTS[id].id,
          Release: "5.1",
          Report_Description: REPORTS[id].description,
          Path: `/r51/reports/${id}`,
          First_Month_Available: first,
          Last_Month_Available: current,
        })),
      );
    }),
  );

  router.get(
    "/sushi/r51/reports/:report",
    guarded(async (req, res) => {
      const report = String(req.params.report) as ReportId;
      if (!Object.hasOwn(REPORTS, report)) {
        const offered = Object.keys(REPORTS).join(", ");
        fail(res, 3000, `This platform offers ${offered}; see /r51/reports.`);
        return;
      }
      if (!(await authorized(ctx, req, res))) return;
      const current = utcToday().slice(0, 7);
      const platform = platformOf(ctx, req);
      const parsed = readReportRequest(
        report,
        (name) => param(req, name),
        Object.keys(req.query),
        platform.name,
        { current, first: await firstMonth(ctx, current) },
      );
      if ("fail" in parsed) {
        fail(res, parsed.fail, parsed.data);
        return;
      }
      res.json(await buildReport(ctx.readDb, parsed, platform));
    }),
  );

  router.use("/sushi", (_req, res) => {
    sendNotFoundText(res);
  });
  return router;
}
