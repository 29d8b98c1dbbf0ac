/**
 * The JSON API under `/api` (docs/product/api.md, docs/product/api.md): one router per resource family,
 * JSON bodies up to 100 kB (uploads are multipart, parsed per route), and the envelope error
 * handler. Unknown API paths answer 404 in the envelope, never the HTML 404 page.
 */
import express, { type Router } from "express";
import { msg } from "../../shared/i18n/messages.ts";
import { apiErrorHandler, sendFail } from "../http/respond.ts";
import type { AppContext } from "../services/context.ts";
import { accountRouter } from "./account.ts";
import { dashboardRouter } from "./dashboard/index.ts";
import { publicRouter } from "./public.ts";
import { workflowRouter } from "./workflow.ts";

export function createApiRouter(ctx: AppContext): Router {
  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(express.json({ limit: "100kb" }));
  api.use(publicRouter(ctx));
  api.use(accountRouter(ctx));
  api.use(workflowRouter(ctx)); // the editorial workflow (decision 400)
  api.use(dashboardRouter(ctx));
  api.use((_req, res) => sendFail(res, 404, msg("No such API call.")));
  api.use(apiErrorHandler);
  return api;
}
