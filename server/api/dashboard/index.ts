/**
 * Every dashboard sub-router, mounted in this order by server/api/dashboard.ts (read its
 * docstring for the convention: one file per resource family, one line here each).
 */
import type { Router } from "express";
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

export const dashboardRouters: ReadonlyArray<(ctx: AppContext) => Router> = [
  navRouter,
  journalsRouter,
  proceedingsRouter,
  proceedingPapersRouter,
  partnersRouter,
  publicationsRouter,
  papersRouter,
  galleysRouter,
  managersRouter,
  accountSettingsRouter,
  statisticsRouter,
  depositsRouter,
];
