/**
 * The dashboard API (docs/product/api.md, Dashboard; docs/product/api.md): one router that mounts every
 * sub-router of {@link dashboardRouters}, in that order, at the root of `/api` (the spec's
 * dashboard paths are not all under `/dashboard`: `/create_journal/1`, `/delete_paper/...`).
 *
 * Convention for adding dashboard calls:
 * 1. Write `server/api/dashboard/<resource>.ts` exporting `function <resource>Router(ctx:
 *    AppContext): Router` with the calls of one resource family (journals, publications, ...).
 * 2. Add ONE line to {@link dashboardRouters} below.
 * 3. Put the guards of server/http/guards.ts on EACH route, never with `router.use(...)`: every
 *    API request passes through every sub-router, so a router-wide guard would also refuse the
 *    public calls mounted after it. Reads take `requireManager`; anything that changes data
 *    (including the GET calls `delete_paper` and api-type row actions) takes
 *    `...managerChange(ctx)` (same-origin check, then sign-in check).
 * 4. The signed-in manager is `res.locals.user`; never take identity from the request.
 * 5. Add the call to the contract (shared/contract.ts) and bind it with `apiCall(key)`
 *    (server/http/contract.ts): path, route parameters, body and answer all come from there.
 * Throw `AppError`s for failures (server/http/respond.ts).
 */
import express, { type Router } from "express";
import type { AppContext } from "../../services/context.ts";
import { accountSettingsRouter } from "./account.ts";
import { depositsRouter } from "./deposits.ts";
import { galleysRouter } from "./galleys.ts";
import { journalsRouter } from "./journals.ts";
import { managersRouter } from "./managers.ts";
import { navRouter } from "./nav.ts";
import { papersRouter } from "./papers.ts";
import { partnersRouter } from "./partners.ts";
import { proceedingPapersRouter } from "./proceeding-papers.ts";
import { proceedingsRouter } from "./proceedings.ts";
import { publicationsRouter } from "./publications.ts";
import { statisticsRouter } from "./statistics.ts";
import { updatesRouter } from "./updates.ts";

/** Every dashboard sub-router, in the order they are mounted. */
export const dashboardRouters: ReadonlyArray<(ctx: AppContext) => Router> = [
  navRouter,
  journalsRouter,
  proceedingsRouter,
  proceedingPapersRouter,
  partnersRouter,
  publicationsRouter,
  papersRouter,
  galleysRouter,
  updatesRouter,
  managersRouter,
  accountSettingsRouter,
  statisticsRouter,
  depositsRouter,
];

/** The dashboard API: every router of {@link dashboardRouters}, in order, at the root of `/api`. */
export function dashboardRouter(ctx: AppContext): Router {
  const router = express.Router();
  for (const create of dashboardRouters) router.use(create(ctx));
  return router;
}
