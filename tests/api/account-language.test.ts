/**
 * The language of an account, set on the dashboard's Account screen (issue 32; decisions 382 and
 * 431): `GET /api/dashboard/account` gives it, `POST /api/update_account` takes it beside the
 * spec's two fields, keeps it for the account's mail and sets the `lang` cookie, so the
 * dashboard's answers (the menu included) are in it at once.
 *
 * No language has translations yet, so a French catalogue with a few messages is registered
 * for this file (and the real one put back after it: the catalogues are process-wide).
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogues } from "../../server/i18n/catalogues.ts";
import {
  cataloguesDir,
  compileCatalogue,
  readTemplate,
  readTranslations,
} from "../../server/i18n/po.ts";
import { i18nFor, registerCatalogue } from "../../shared/i18n/translator.ts";
import { signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type Mailbox, startMailbox } from "../helpers/mailbox.ts";

const FRENCH: Record<string, string> = {
  Journals: "Revues",
  "Your language has been saved.": "Votre langue est enregistrée.",
  "Your name and language have been saved.": "Votre nom et votre langue sont enregistrés.",
  "Reset your {site} password": "Réinitialiser votre mot de passe {site}",
};

describe(`the language of an account (${dialectUnderTest})`, () => {
  let t: TestContext;
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestContext({ SMTP_URL: mailbox.url, RATE_LIMITS: "reset_ip=1000/3600" });
    loadCatalogues();
    const messages = { ...i18nFor("fr").messages };
    for (const [id, text] of Object.entries(FRENCH)) messages[id] = compileMessage(text);
    registerCatalogue("fr", messages);
  });
  afterAll(async () => {
    const dir = cataloguesDir(import.meta.dirname);
    registerCatalogue("fr", compileCatalogue(readTemplate(dir), readTranslations(dir, "fr")));
    await t.close();
    await mailbox.close();
  });

  const account = (cookie: string) =>
    request(t.app).get("/api/dashboard/account").set("Cookie", cookie);
  const update = (cookie: string, body: object) =>
    request(t.app).post("/api/update_account").set("Cookie", cookie).send(body);

  it("is the default language until chosen, then the chosen one", async () => {
    const { cookie } = await signedInManager(t, { fname: "Ada", lname: "Lovelace" });
    expect((await account(cookie)).body.account.locale).toBe("en");

    const saved = await update(cookie, { fname: "Ada", lname: "Lovelace", locale: "fr" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ u_name: "Ada Lovelace", locale: "fr" });
    // the answer is in the new language already
    expect(saved.body.msg).toBe("Votre langue est enregistrée.");
    expect((await account(cookie)).body.account.locale).toBe("fr");
  });

  it("sets the lang cookie, so the dashboard's menu follows at once", async () => {
    const { cookie } = await signedInManager(t);
    const saved = await update(cookie, { fname: "Ada", lname: "Byron", locale: "fr" });
    expect(saved.body.msg).toBe("Votre nom et votre langue sont enregistrés.");
    const lang = [saved.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("lang="));
    expect(lang).toMatch(/^lang=fr;/);
    expect(lang).toMatch(/HttpOnly/);
    expect(lang).toMatch(/SameSite=Lax/);
    expect(lang).toMatch(/Max-Age=31536000/);

    const nav = await request(t.app)
      .get("/api/dashboard/admin_nav_items")
      .set("Cookie", `${cookie}; lang=fr`);
    expect(nav.body.nav_items.nav_links[0]).toEqual({ text: "Revues", url: "/dashboard" });
    const english = await request(t.app)
      .get("/api/dashboard/admin_nav_items")
      .set("Cookie", cookie);
    expect(english.body.nav_items.nav_links[0]).toEqual({ text: "Journals", url: "/dashboard" });
  });

  it("is the language of the account's mail", async () => {
    const { cookie, email } = await signedInManager(t);
    await update(cookie, { fname: "Mary", lname: "Somerville", locale: "fr" });
    const asked = await request(t.app).post("/api/forgot_password").send({ email });
    expect(asked.status).toBe(200);
    const mail = await mailbox.waitFor(email);
    expect(mail.subject).toMatch(/^Réinitialiser votre mot de passe /);
  });

  it("changes neither the language nor the cookie when the call names none", async () => {
    const { cookie } = await signedInManager(t);
    await update(cookie, { fname: "Ada", lname: "Lovelace", locale: "fr" });
    const renamed = await update(cookie, { fname: "Augusta", lname: "King" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ msg: "Your name has been saved.", locale: "fr" });
    expect(renamed.headers["set-cookie"] ?? []).not.toContainEqual(expect.stringMatching(/^lang=/));
    expect((await account(cookie)).body.account.locale).toBe("fr");
  });

  it("refuses a language the site does not have, and the pseudo-locale", async () => {
    const { cookie } = await signedInManager(t);
    for (const locale of ["xx", "pt-br", "en-XA", 3]) {
      const refused = await update(cookie, { fname: "Ada", lname: "Lovelace", locale });
      expect(refused.status, String(locale)).toBe(400);
      expect(refused.body.errors.locale).toBe(
        "Choose one of the site's languages: en, es, pt-BR, fr, id, ar.",
      );
      expect(refused.headers["set-cookie"] ?? []).not.toContainEqual(
        expect.stringMatching(/^lang=/),
      );
    }
    expect((await account(cookie)).body.account.locale).toBe("en");
  });

  it("is changed by nobody else: signed out or from another site", async () => {
    const { cookie } = await signedInManager(t);
    const body = { fname: "Ada", lname: "Lovelace", locale: "ar" };
    expect((await request(t.app).post("/api/update_account").send(body)).status).toBe(401);
    const forged = await update(cookie, body).set("Sec-Fetch-Site", "cross-site");
    expect(forged.status).toBe(403);
    expect((await account(cookie)).body.account.locale).toBe("en");
  });
});
