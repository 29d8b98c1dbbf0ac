/**
 * The server's own messages in the reader's language (issue 32; decisions 382 and 435): a zod
 * field message and a service's AppError, each carrying a value, come back in the language of
 * the `lang` cookie, the value kept, while English stays word for word what it was. The
 * pseudo-locale (PSEUDO_LOCALE=1) stands in for a translation.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdministrator } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ PSEUDO_LOCALE: "1" });
});
afterAll(() => t?.close());

/** A pseudo-localized text: bracketed, accented, without the English words. */
function expectPseudo(text: unknown, english: RegExp, value: string): void {
  expect(typeof text).toBe("string");
  expect(text).toMatch(/^\[!!/);
  expect(text).not.toMatch(english);
  expect(text).toContain(value);
}

describe(`server messages in the reader's language (${dialectUnderTest})`, () => {
  it("translates a zod field message with its value, under its field and as the msg", async () => {
    const admin = await signedInAdministrator(t);
    const body = { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) };
    const send = (cookie: string) =>
      request(t.app).post("/api/reorder_partners").set("Cookie", cookie).send(body);

    const english = await send(admin.cookie);
    expect(english.status).toBe(400);
    expect(english.body).toEqual({
      status: 0,
      msg: "List at most 10000 partners.",
      errors: { ids: "List at most 10000 partners." },
    });

    const pseudo = await send(`${admin.cookie}; lang=en-XA`);
    expect(pseudo.status).toBe(400);
    expectPseudo(pseudo.body.errors.ids, /List at most/, "10000");
    expect(pseudo.body.msg).toBe(pseudo.body.errors.ids);
  });

  it("translates a service's AppError with its values", async () => {
    const path = "/api/get_publication/no-such-journal/99/98";
    const english = await request(t.app).get(path);
    expect(english.status).toBe(404);
    expect(english.body).toEqual({ status: 0, msg: "No issue Vol. 99 No. 98 in this journal." });

    const pseudo = await request(t.app).get(path).set("Cookie", "lang=en-XA");
    expect(pseudo.status).toBe(404);
    expectPseudo(pseudo.body.msg, /No issue|in this journal/, "99");
    expect(pseudo.body.msg).toContain("98");
  });
});
