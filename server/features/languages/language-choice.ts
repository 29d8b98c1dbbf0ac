/**
 * `POST /language`: the language menu's form (app/components/layout/language-menu.tsx; issue 32,
 * decision 382). Remembers the reader's language in the `lang` cookie for a year and answers 303
 * to the page they were on (`to`, a path of this site) in that language: a public page under
 * its language's prefix, any other page as it is (the dashboard and account pages take their
 * language from the cookie). Same-origin checked like every change; a bad form is a 400.
 */
import express, { type Router } from "express";
import { z } from "zod";
import { isLocale, LOCALES, localizedPath, splitLocalePath } from "../../../shared/i18n/locales.ts";
import { msgWith } from "../../../shared/i18n/messages.ts";
import { sendClientError } from "../../http/client-errors.ts";
import { requireSameOrigin } from "../../http/guards.ts";
import { LANGUAGE_COOKIE } from "../../http/locale.ts";
import { isSecureRequest } from "../../http/session.ts";
import type { AppContext } from "../../services/context.ts";

/** The cookie's life: a year, as the device proofs' (decision 381). */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const choice = z.object({
  lang: z.string().refine(isLocale),
  // a path of this site: one leading slash, no scheme, no control characters
  to: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])[^\s\\]*$/)
    .catch("/"),
});

export function languageChoiceRouter(ctx: AppContext): Router {
  const router = express.Router();
  router.post(
    "/language",
    requireSameOrigin(ctx),
    express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 5 }),
    (req, res) => {
      const parsed = choice.safeParse(req.body ?? {});
      if (!parsed.success || !isLocale(parsed.data.lang)) {
        sendClientError(
          req,
          res,
          400,
          msgWith("Choose one of the site's languages: {languages}.", {
            languages: LOCALES.join(", "),
          }),
        );
        return;
      }
      const { lang, to } = parsed.data;
      const [pathname = "/", query = ""] = to.split(/(?=\?)/);
      const page = `${splitLocalePath(pathname, true).path}${query}`;
      res.cookie(LANGUAGE_COOKIE, lang, {
        maxAge: ONE_YEAR_MS,
        sameSite: "lax",
        httpOnly: true,
        secure: isSecureRequest(ctx, req),
        path: "/",
      });
      res.set("Cache-Control", "no-store").redirect(303, localizedPath(lang, page));
    },
  );
  return router;
}
