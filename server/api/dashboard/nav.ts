/**
 * GET /dashboard/admin_nav_items (spec sections 2 and 7, Dashboard navigation bar): the
 * signed-in manager's name and the dashboard's menu links.
 * Answer: `nav_items: {u_name, nav_links: [{text, url}]}` (shared/api.ts `NavItems`); 401 when
 * signed out.
 */
import express, { type Router } from "express";
import type { NavItems } from "../../../shared/api.ts";
import { requireManager } from "../../http/guards.ts";
import { sendOk } from "../../http/respond.ts";
import type { AppContext } from "../../services/context.ts";

/** The menu of every manager (roles are not shown in the spec, so everyone sees the same). */
export const NAV_LINKS: NavItems["nav_links"] = [
  { text: "Journals", url: "/dashboard" },
  { text: "Proceedings", url: "/dashboard/proceedings" },
  { text: "Partners", url: "/dashboard/partners" },
  { text: "View Site", url: "/" },
];

export function navRouter(_ctx: AppContext): Router {
  const router = express.Router();
  router.get("/dashboard/admin_nav_items", requireManager, (_req, res) => {
    const user = res.locals.user!;
    const nav_items: NavItems = { u_name: user.name, nav_links: NAV_LINKS };
    sendOk(res, { nav_items });
  });
  return router;
}
