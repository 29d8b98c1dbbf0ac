/**
 * A journal's mail templates edited by its editors (issue 31; decision 405), on SQLite and
 * PostgreSQL: the list per language (defaults, own texts, placeholders), the preview with
 * example values, the ICU check on save with errors by field, the reset to the default, the
 * decision mail that uses the saved text, and who may do any of it.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderMail } from "../../server/features/workflow/mail-templates.ts";
import { createManager, sessionCookie, signedInJournalManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { insertJournalWithIssue } from "../helpers/fixtures.ts";
import { signedInAuthor } from "../helpers/workflow.ts";

const HOST = "journals.example.edu";
const LIST = "/api/dashboard/mail_templates/compilers";
const PREVIEW = "/api/dashboard/mail_template_preview/compilers";
/** The body of a save or preview of the English decision mail "decline" with this text. */
const englishDecline = (subject: string, body: string) => ({
  template: "decline",
  locale: "en",
  subject,
  body,
});
let t: TestContext;
let editor: string;
let outsider: string;
let journalId: number;

const as = (cookie: string | null, req: request.Test) => {
  req.set("Host", HOST).set("Sec-Fetch-Site", "same-origin");
  return cookie ? req.set("Cookie", cookie) : req;
};
const get = (path: string, cookie: string | null) => as(cookie, request(t.app).get(path));
const post = (path: string, cookie: string | null, body: object) =>
  as(cookie, request(t.app).post(path)).send(body);

beforeAll(async () => {
  t = await createTestContext({ ALLOWED_HOSTS: HOST });
  await createManager(t.ctx); // the first account: administrator
  ({ journalId } = await insertJournalWithIssue(t.ctx.db, {
    uri: "compilers",
    name: "Journal of Compilers",
    abbreviation: "JC",
  }));
  editor = (await signedInJournalManager(t, journalId)).cookie;
  outsider = await sessionCookie(t.ctx, (await createManager(t.ctx)).user.id);
});
afterAll(async () => {
  await t?.close();
});

describe(`a journal's mail templates (${dialectUnderTest})`, () => {
  it("lists every template with its default, placeholders and the journal's own text", async () => {
    const res = await get(`${LIST}?locale=en`, editor);
    expect(res.status, res.text).toBe(200);
    expect(res.body.locale).toBe("en");
    const decline = res.body.templates.find((x: { key: string }) => x.key === "decline");
    expect(decline.default_subject).toBe("{journal_name}: decision on your submission");
    expect(decline.placeholders).toContain("review_comments");
    expect(decline.subject).toBe("");
    expect(res.body.templates).toHaveLength(6);
    const fr = await get(`${LIST}?locale=fr`, editor);
    expect(fr.body.locale).toBe("fr");
    expect(fr.body.templates[0].default_body).not.toBe(res.body.templates[0].default_body);
    expect((await get(`${LIST}?locale=xx`, editor)).status).toBe(400);
  });

  it("previews with example values and refuses a broken text or an unknown placeholder by field", async () => {
    const body = englishDecline(
      "About {submission_title}",
      "Dear {author_name}, {journal_name} says no.",
    );
    const ok = await post(PREVIEW, editor, body);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.subject).toBe("About An example submission");
    expect(ok.body.body).toBe("Dear A. N. Author, Journal of Compilers says no.");
    const broken = await post(PREVIEW, editor, { ...body, subject: "About {submission_title" });
    expect(broken.status).toBe(400);
    expect(Object.keys(broken.body.errors)).toContain("subject");
    const unknown = await post(LIST, editor, { ...body, body: "Dear {reviewer_name}" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("{reviewer_name} is not a placeholder");
    expect((await t.ctx.db.selectFrom("mail_templates").selectAll().execute()).length).toBe(0);
  });

  it("saves the journal's text, which the mail then uses, and an empty one resets to the default", async () => {
    const body = englishDecline("No, {author_name}", "{submission_title} is declined.");
    const saved = await post(LIST, editor, body);
    expect(saved.status, saved.text).toBe(200);
    const listed = await get(`${LIST}?locale=en`, editor);
    const decline = listed.body.templates.find((x: { key: string }) => x.key === "decline");
    expect([decline.subject, decline.body]).toEqual([body.subject, body.body]);
    const values = { author_name: "Ada", submission_title: "P", journal_name: "J" };
    expect((await renderMail(t.ctx, journalId, "decline", "en", values)).subject).toBe("No, Ada");
    const reset = await post(LIST, editor, { ...body, subject: "", body: "" });
    expect(reset.status).toBe(200);
    expect((await renderMail(t.ctx, journalId, "decline", "en", values)).subject).toBe(
      "J: decision on your submission",
    );
  });

  it("is its editors' alone", async () => {
    const body = { template: "accept", locale: "en", subject: "Yes", body: "Yes" };
    const author = await signedInAuthor(t);
    expect((await get(LIST, null)).status).toBe(401);
    expect((await get(LIST, outsider)).status).toBe(403);
    expect((await get(LIST, author.cookie)).status).toBe(404);
    expect((await post(LIST, outsider, body)).status).toBe(403);
    expect((await post(LIST, author.cookie, body)).status).toBe(404);
    expect((await post(PREVIEW, outsider, body)).status).toBe(403);
    expect((await get("/api/dashboard/mail_templates/nosuch", editor)).status).toBe(404);
    expect((await t.ctx.db.selectFrom("mail_templates").selectAll().execute()).length).toBe(0);
  });
});
