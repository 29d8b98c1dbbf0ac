/**
 * GET /dashboard/admin_nav_items (docs/product/screens.md and docs/product/api.md, Dashboard navigation bar): the
 * signed-in manager's name and the dashboard's menu links, which follow the role (issue 8;
 * docs/decisions/190-roles-and-ownership.md).
 * Answer: `nav_items: {u_name, nav_links: [{text, url}]}` (shared/api.ts `NavItems`), the links'
 * texts in the answer's language (`res.locals.locale`, issue 32, decision 382); 401 when signed
 * out.
 */
import express, { type Router } from "express";
import type { NavItems } from "../../../shared/api.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { isAdmin } from "../../features/accounts/access.ts";
import { apiCall } from "../../http/contract.ts";
import { actorOf, requireManager } from "../../http/guards.ts";
import { serverTranslator } from "../../i18n/catalogues.ts";
import type { AppContext } from "../../services/context.ts";

/**
 * The menu of a journal manager: their journals and proceedings, their usage, and the site. The
 * texts are catalogue messages, translated when sent.
 */
export const MANAGER_NAV_LINKS: NavItems["nav_links"] = [
  { text: msg("Journals"), url: "/dashboard" },
  { text: msg("Proceedings"), url: "/dashboard/proceedings" },
  { text: msg("Statistics"), url: "/dashboard/statistics" },
  { text: msg("View Site"), url: "/" },
];

/**
 * The menu of a site administrator: the manager's, with the partners and the Managers screen
 * after Proceedings.
 */
export const ADMIN_NAV_LINKS: NavItems["nav_links"] = [
  ...MANAGER_NAV_LINKS.slice(0, 2),
  { text: msg("Partners"), url: "/dashboard/partners" },
  { text: msg("Managers"), url: "/dashboard/managers" },
  ...MANAGER_NAV_LINKS.slice(2),
];

export function navRouter(_ctx: AppContext): Router {
  const router = express.Router();
  const adminNavItemsCall = apiCall("GET /dashboard/admin_nav_items");
  router.get(adminNavItemsCall.path, requireManager, (_req, res) => {
    const user = res.locals.user!;
    const t = serverTranslator(res.locals.locale);
    const links = isAdmin(actorOf(res)) ? ADMIN_NAV_LINKS : MANAGER_NAV_LINKS;
    const nav_links = links.map(({ text, url }) => ({ text: t(text), url }));
    const nav_items: NavItems = { u_name: user.name, nav_links };
    adminNavItemsCall.send(res, { nav_items });
  });
  return router;
}
