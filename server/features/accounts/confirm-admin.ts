/**
 * `GET /confirm-admin?token=…`: the page the administrator confirmation link opens (issue 15;
 * docs/decisions/262-administrator-address-and-mailed-links.md; the rule in
 * server/features/accounts/admin-confirmation.ts). A good link makes the account administrator and says
 * so, with a link to sign in; any other link answers 404 with what to do. Plain HTML like the
 * other small server pages (server/http/guards.ts), never cached (`no-store`; the output cache
 * leaves the path alone), its token never logged (server/http/log-url.ts).
 */
import express, { type Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../services/context.ts";
import { confirmAdministrator } from "./admin-confirmation.ts";

export const ADMIN_CONFIRMED_MSG =
  "Your address is confirmed: your account is now the site administrator.";
export const ADMIN_LINK_GONE_MSG =
  "This confirmation link has expired or has already been used. A site administrator can make your account administrator on the Managers screen.";

const query = z.object({ token: z.string().max(200).catch("") });

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>${title}</h1><p>${text}</p><p><a href="/manager">Sign in</a></p></body></html>`;

export function confirmAdminRouter(ctx: AppContext): Router {
  const router = express.Router();
  router.get("/confirm-admin", async (req, res) => {
    const { token } = query.catch({ token: "" }).parse(req.query);
    const user = await confirmAdministrator(ctx, token);
    res
      .status(user ? 200 : 404)
      .set("Cache-Control", "no-store")
      .set("Referrer-Policy", "no-referrer")
      .type("html")
      .send(
        user
          ? page("Address confirmed", ADMIN_CONFIRMED_MSG)
          : page("Link not valid", ADMIN_LINK_GONE_MSG),
      );
  });
  return router;
}
