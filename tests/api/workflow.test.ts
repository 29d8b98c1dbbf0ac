/**
 * The editorial workflow over HTTP (issue 31; docs/decisions/400-editorial-workflow.md), on
 * SQLite and PostgreSQL, with mail through a real SMTP server in this process:
 * - an author signs up (no passcode), cannot sign in until the mailed link's page POSTs, and
 *   never reaches the dashboard;
 * - the whole path: draft, submit, send to review, two reviewers invited by mail (one declines),
 *   reviews, revisions requested, revision, new round, accept, schedule into a draft issue;
 *   each decision mails the author from the template, From the site, Reply-To the editor;
 * - the authorisation matrix: every call and file for its author, the journal's editor,
 *   another journal's manager, another author, an administrator, a reviewer, nobody;
 * - double-anonymous review: no author name in anything the reviewer can fetch.
 */
import { PDFDocument } from "pdf-lib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveMailTemplate } from "../../server/features/workflow/mail-templates.ts";
import { createManager, sessionCookie } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { insertJournalWithIssue } from "../helpers/fixtures.ts";
import { type Mailbox, startMailbox } from "../helpers/mailbox.ts";
import { manuscriptPdf, signedInAuthor, submissionBody } from "../helpers/workflow.ts";

const HOST = "journals.example.edu";
let t: TestContext;
let mailbox: Mailbox;
let admin: { cookie: string };
let editor: { id: number; email: string; cookie: string };
let outsider: { cookie: string };
let journal: { journalId: number; issueId: number };
let draftIssueId: number;
let pdf: Buffer;
let n = 0;

const api = () => request(t.app);
const as = (cookie: string | null, req: request.Test) => {
  req.set("Host", HOST).set("Sec-Fetch-Site", "same-origin");
  return cookie ? req.set("Cookie", cookie) : req;
};
const get = (path: string, cookie: string | null) => as(cookie, api().get(path));
const post = (path: string, cookie: string | null, body: object = {}) =>
  as(cookie, api().post(path)).send(body);
/**
 * POST /api/review/submit as the reviewer holding `token` (no session: the token is the
 * reviewer's key): the multipart `fields` (recommendation, comments, `for_author`) and `files`,
 * each `[bytes, file name]`, under the form's `files` field.
 */
const submitReview = (
  token: string,
  fields: Record<string, string>,
  files: [Buffer, string][] = [],
) => {
  let req = as(null, api().post("/api/review/submit")).field("token", token);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  for (const [bytes, name] of files) req = req.attach("files", bytes, name);
  return req;
};
/**
 * Who the authorisation tests send a submission's calls as, each as its `Cookie` header value
 * (`null`: nobody signed in): the submission's `author`, the journal's editor, the site
 * administrator, a manager of no journal (outsider) and `otherAuthor`, another author.
 */
const partiesOf = (
  author: { cookie: string },
  otherAuthor: { cookie: string },
): Record<string, string | null> => ({
  author: author.cookie,
  editor: editor.cookie,
  admin: admin.cookie,
  outsider: outsider.cookie,
  otherAuthor: otherAuthor.cookie,
  nobody: null,
});
const upload = (path: string, cookie: string, file: Buffer, fields: Record<string, string>) => {
  const req = as(cookie, api().post(path)).attach("file", file, "grace-hopper-paper.pdf");
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req;
};
const reviewToken = (text: string) => {
  const match = /\/review#([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no review link in: ${text}`);
  return match[1]!;
};

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestContext({
    SMTP_URL: mailbox.url,
    ALLOWED_HOSTS: HOST,
    MAIL_FROM: "site@journals.example.edu",
  });
  const first = await createManager(t.ctx); // the site's first manager: administrator
  admin = { cookie: await sessionCookie(t.ctx, first.user.id) };
  journal = await insertJournalWithIssue(t.ctx.db, {
    uri: "compilers",
    name: "Journal of Compilers",
    abbreviation: "JC",
    license_url: "https://creativecommons.org/licenses/by/4.0/",
    submission_checklist: "The manuscript is anonymised.\nThe references are complete.",
  });
  const draft = await t.ctx.db
    .insertInto("publications")
    .values({
      journal_id: journal.journalId,
      volume: "2",
      number: "1",
      title: null,
      year: 2026,
      cover: null,
      status: "draft",
      published_on: "2026-12-01",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  draftIssueId = draft.id;
  const ed = await createManager(t.ctx, { email: "editor@example.org" });
  await t.ctx.db
    .insertInto("journal_managers")
    .values({
      journal_id: journal.journalId,
      user_id: ed.user.id,
      created_at: new Date().toISOString(),
    })
    .execute();
  editor = { id: ed.user.id, email: ed.email, cookie: await sessionCookie(t.ctx, ed.user.id) };
  const other = await createManager(t.ctx);
  outsider = { cookie: await sessionCookie(t.ctx, other.user.id) };
  pdf = await manuscriptPdf("Grace Hopper");
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

/** A submitted submission of a new author; returns its id and the author. */
async function submitted() {
  n += 1;
  const author = await signedInAuthor(t);
  const created = await post(
    "/api/submissions/compilers",
    author.cookie,
    submissionBody(`Paper ${n}`),
  );
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as number;
  const file = await upload(`/api/submission/${id}/files`, author.cookie, pdf, {
    kind: "manuscript",
  });
  expect(file.status, file.text).toBe(201);
  const sent = await post(`/api/submission/${id}/submit`, author.cookie, {
    checklist: true,
    licence: true,
  });
  expect(sent.status, sent.text).toBe(200);
  return { id, author };
}

/** A submission in review with an accepted reviewer; returns the reviewer's token. */
async function inReview() {
  const s = await submitted();
  expect(
    (await post(`/api/submission/${s.id}/decision`, editor.cookie, { decision: "send_to_review" }))
      .status,
  ).toBe(200);
  const email = `reviewer${n}@example.org`;
  const invited = await post(`/api/submission/${s.id}/reviewers`, editor.cookie, {
    name: `Reviewer ${n}`,
    email,
    due_on: "2027-01-31",
  });
  expect(invited.status, invited.text).toBe(201);
  const token = reviewToken((await mailbox.waitFor(email)).text);
  expect((await post("/api/review/respond", null, { token, answer: "accept" })).status).toBe(200);
  return { ...s, token, reviewId: invited.body.review_id as number };
}

describe(`author accounts (${dialectUnderTest})`, () => {
  it("signs up without a passcode, signs in only after the mailed page POSTs, never reaches the dashboard", async () => {
    const email = "ada.author@example.org";
    const up = await post("/api/author_signup", null, {
      fname: "Ada",
      lname: "Author",
      email,
      pword: "a long enough password",
    });
    expect(up.status, up.text).toBe(201);
    const login = () => post("/api/login", null, { email, pword: "a long enough password" });
    expect((await login()).status).toBe(403); // not confirmed yet
    const mail = await mailbox.waitFor(email);
    const token = /\/confirm-email#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    // opening the link (what a scanner does) is a page: nothing is confirmed
    await as(null, api().get(`/confirm-email#${token}`));
    await as(null, api().head("/confirm-email"));
    expect((await login()).status).toBe(403);
    const confirmed = await post("/api/confirm_author", null, { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    const cookie = String(confirmed.headers["set-cookie"]).split(";")[0]!;
    expect((await post("/api/confirm_author", null, { token })).status).toBe(404); // once
    expect((await get("/api/my_submissions", cookie)).body.author.email).toBe(email);
    // the dashboard never admits an author
    expect((await get("/api/dashboard/all_journals", cookie)).status).toBe(401);
    expect((await get("/api/dashboard/admin_nav_items", cookie)).status).toBe(401);
    expect((await login()).status).toBe(200);
  });

  it("a filled honeypot makes nothing, and an author is not listed among managers", async () => {
    const res = await post("/api/author_signup", null, {
      fname: "Bot",
      lname: "Bot",
      email: "bot@example.org",
      pword: "a long enough password",
      website: "http://spam.example",
    });
    expect(res.status).toBe(201);
    const row = await t.ctx.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "bot@example.org")
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const managers = await get("/api/dashboard/managers", admin.cookie);
    expect(JSON.stringify(managers.body)).not.toContain("ada.author@example.org");
  });
});

describe(`the whole path over the API (${dialectUnderTest})`, () => {
  it("draft → submit → review (one reviewer declines) → revisions → revision → new round → accept → schedule", async () => {
    const author = await signedInAuthor(t);
    const form = await get("/api/submission_journal/compilers", author.cookie);
    expect(form.body.journal.checklist).toEqual([
      "The manuscript is anonymised.",
      "The references are complete.",
    ]);
    const created = await post(
      "/api/submissions/compilers",
      author.cookie,
      submissionBody("Whole path"),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    // a draft is kept and editable; editors do not see it
    expect(
      (
        await post(`/api/submission/${id}/draft`, author.cookie, {
          ...submissionBody("Whole path, retitled"),
        })
      ).status,
    ).toBe(200);
    expect((await get(`/api/submission/${id}`, editor.cookie)).status).toBe(404);
    // no manuscript yet, then a file that is no manuscript
    expect(
      (
        await post(`/api/submission/${id}/submit`, author.cookie, {
          checklist: true,
          licence: true,
        })
      ).status,
    ).toBe(400);
    const notManuscript = await upload(
      `/api/submission/${id}/files`,
      author.cookie,
      Buffer.from("MZ\x90\x00 not a document"),
      { kind: "manuscript" },
    );
    expect(notManuscript.status).toBe(415);
    expect(
      (await upload(`/api/submission/${id}/files`, author.cookie, pdf, { kind: "manuscript" }))
        .status,
    ).toBe(201);
    expect(
      (await post(`/api/submission/${id}/submit`, author.cookie, { checklist: true })).status,
    ).toBe(400);
    expect(
      (
        await post(`/api/submission/${id}/submit`, author.cookie, {
          checklist: true,
          licence: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (await post(`/api/submission/${id}/draft`, author.cookie, submissionBody("Late edit")))
        .status,
    ).toBe(409);

    const queue = await get("/api/dashboard/submissions/compilers?status=submitted", editor.cookie);
    expect(queue.body.submissions.map((s: { id: number }) => s.id)).toContain(id);

    const sent = await post(`/api/submission/${id}/decision`, editor.cookie, {
      decision: "send_to_review",
    });
    expect(sent.status, sent.text).toBe(200);
    const authorMail = await mailbox.waitFor(author.email);
    expect(authorMail.subject).toBe("Journal of Compilers: your submission is under review");
    expect(authorMail.from).toBe("site@journals.example.edu");
    expect(authorMail.replyTo).toBe(editor.email);

    const invite = (name: string, email: string) =>
      post(`/api/submission/${id}/reviewers`, editor.cookie, { name, email, due_on: "2027-01-31" });
    expect((await invite("Rev One", "one@example.org")).status).toBe(201);
    expect((await invite("Rev Two", "two@example.org")).status).toBe(201);
    const one = reviewToken((await mailbox.waitFor("one@example.org")).text);
    const two = reviewToken((await mailbox.waitFor("two@example.org")).text);
    // reading the invitation changes nothing; declining closes the link
    expect((await post("/api/review/view", null, { token: two })).body.review.status).toBe(
      "invited",
    );
    expect(
      (await post("/api/review/respond", null, { token: two, answer: "decline" })).status,
    ).toBe(200);
    // the declined link says so (and no more); it answers nothing else
    const declined = await post("/api/review/view", null, { token: two });
    expect(declined.status).toBe(200);
    expect(declined.body.review).toMatchObject({ status: "declined", abstract: "", files: [] });
    expect(declined.body.review.responded_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await post("/api/review/respond", null, { token: two, answer: "accept" })).status).toBe(
      404,
    );
    expect((await invite("Rev Three", "three@example.org")).status).toBe(201);
    const three = reviewToken((await mailbox.waitFor("three@example.org")).text);
    for (const token of [one, three]) {
      expect((await post("/api/review/respond", null, { token, answer: "accept" })).status).toBe(
        200,
      );
      const review = await submitReview(token, {
        recommendation: "minor_revisions",
        comments_author: `Comments for the author from ${token === one ? "one" : "three"}.`,
        comments_editor: "Confidential to the editor.",
      });
      expect(review.status, review.text).toBe(200);
    }
    expect(
      (
        await post(`/api/submission/${id}/decision`, editor.cookie, {
          decision: "request_revisions",
          message: "Please address both reviews.",
        })
      ).status,
    ).toBe(200);
    const revisions = await mailbox.waitFor(author.email, { skip: 1 });
    expect(revisions.subject).toBe("Journal of Compilers: revisions requested for your submission");
    expect(revisions.text).toContain("Please address both reviews.");
    expect(revisions.text).toContain("Comments for the author from one.");
    expect(revisions.text).not.toContain("Confidential to the editor.");
    expect(revisions.text).not.toContain("Rev One");

    const mine = await get(`/api/submission/${id}`, author.cookie);
    expect(mine.body.submission.status).toBe("revisions_requested");
    expect(mine.body.submission.decisions.at(-1).body).toContain(
      "Comments for the author from three.",
    );
    expect(JSON.stringify(mine.body)).not.toContain("Confidential to the editor.");
    expect(JSON.stringify(mine.body)).not.toContain("one@example.org");

    const revised = await upload(`/api/submission/${id}/revise`, author.cookie, pdf, {
      response: "Both addressed.",
    });
    expect(revised.status, revised.text).toBe(200);
    expect(
      (await post(`/api/submission/${id}/decision`, editor.cookie, { decision: "new_round" }))
        .status,
    ).toBe(200);
    const round2 = await post(`/api/submission/${id}/reviewers`, editor.cookie, {
      name: "Rev One",
      email: "one@example.org",
      due_on: "2027-02-28",
    });
    expect(round2.status).toBe(201);
    const again = reviewToken((await mailbox.waitFor("one@example.org", { skip: 1 })).text);
    expect(
      (await post("/api/review/respond", null, { token: again, answer: "accept" })).status,
    ).toBe(200);
    expect(
      (await submitReview(again, { recommendation: "accept", comments_author: "Good now." }))
        .status,
    ).toBe(200);
    expect(
      (await post(`/api/submission/${id}/decision`, editor.cookie, { decision: "accept" })).status,
    ).toBe(200);
    expect((await mailbox.waitFor(author.email, { skip: 3 })).subject).toBe(
      "Journal of Compilers: your submission is accepted",
    );

    // a published issue is no place to schedule into; the draft issue is
    expect(
      (
        await post(`/api/submission/${id}/schedule`, editor.cookie, {
          sel_publication: journal.issueId,
        })
      ).status,
    ).toBe(400);
    const scheduled = await post(`/api/submission/${id}/schedule`, editor.cookie, {
      sel_publication: draftIssueId,
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    const paperId = scheduled.body.paperID as number;
    expect(
      (
        await post(`/api/submission/${id}/schedule`, editor.cookie, {
          sel_publication: draftIssueId,
        })
      ).status,
    ).toBe(409);
    // not public while the issue is a draft; public once it is published
    expect((await get(`/api/get_journal_paper/compilers/${paperId}`, null)).status).toBe(404);
    await t.ctx.db
      .updateTable("publications")
      .set({ status: "published" })
      .where("id", "=", draftIssueId)
      .execute();
    const paper = await get(`/api/get_journal_paper/compilers/${paperId}`, null);
    expect(paper.status).toBe(200);
    expect(paper.body.paper.title).toBe("Whole path, retitled");
    expect(paper.body.paper.authors.map((a: { name: string }) => a.name)).toEqual(["Grace Hopper"]);
    await t.ctx.db
      .updateTable("publications")
      .set({ status: "draft" })
      .where("id", "=", draftIssueId)
      .execute();

    const history = (await get(`/api/submission/${id}`, editor.cookie)).body.submission.history.map(
      (h: { action: string }) => h.action,
    );
    expect(history).toEqual(
      expect.arrayContaining([
        "created",
        "submit",
        "send_to_review",
        "reviewer_invited",
        "review_declined",
        "review_completed",
        "request_revisions",
        "revise",
        "new_round",
        "accept",
        "scheduled",
      ]),
    );
  });

  it("refuses a decision the status does not allow (409) and a mail template override is used", async () => {
    const s = await submitted();
    expect(
      (
        await post(`/api/submission/${s.id}/decision`, editor.cookie, {
          decision: "request_revisions",
        })
      ).status,
    ).toBe(409);
    // a text naming another template's placeholder is refused on save
    await expect(
      saveMailTemplate(t.ctx, journal.journalId, "decline", "en", {
        subject: "Regarding {reviewer_name}",
        body: "No.",
      }),
    ).rejects.toThrow();
    await saveMailTemplate(t.ctx, journal.journalId, "decline", "en", {
      subject: "Regarding {submission_title}",
      body: "Dear {author_name}, no.",
    });
    expect(
      (await post(`/api/submission/${s.id}/decision`, editor.cookie, { decision: "decline" }))
        .status,
    ).toBe(200);
    const mail = await mailbox.waitFor(s.author.email);
    expect(mail.subject).toBe(`Regarding Paper ${n}`);
    expect(mail.text.trim()).toBe("Dear Grace Hopper, no.");
    await t.ctx.db.deleteFrom("mail_templates").execute();
  });
});

describe(`the authorisation matrix (${dialectUnderTest})`, () => {
  it("answers each party only what its rule allows, on every call and file", async () => {
    const s = await inReview();
    const otherAuthor = await signedInAuthor(t, { fname: "Other", lname: "Author" });
    const fileId = (await get(`/api/submission/${s.id}`, s.author.cookie)).body.submission.files[0]
      .id as number;
    const parties = partiesOf(s.author, otherAuthor);
    const expected: Record<string, Record<string, number>> = {
      // call → party → status
      detail: {
        author: 200,
        editor: 200,
        admin: 200,
        outsider: 404,
        otherAuthor: 404,
        nobody: 401,
      },
      file: { author: 200, editor: 200, admin: 200, outsider: 404, otherAuthor: 404, nobody: 401 },
      queue: { author: 404, editor: 200, admin: 200, outsider: 403, otherAuthor: 404, nobody: 401 },
      note: { author: 404, editor: 200, admin: 200, outsider: 404, otherAuthor: 404, nobody: 401 },
      draft: { author: 409, editor: 404, admin: 404, outsider: 404, otherAuthor: 404, nobody: 401 },
      revise: {
        author: 409,
        editor: 404,
        admin: 404,
        outsider: 404,
        otherAuthor: 404,
        nobody: 401,
      },
      invite: {
        author: 404,
        editor: 201,
        admin: 201,
        outsider: 404,
        otherAuthor: 404,
        nobody: 401,
      },
    };
    const calls: Record<string, (cookie: string | null) => request.Test> = {
      detail: (c) => get(`/api/submission/${s.id}`, c),
      file: (c) => get(`/submission-file/${s.id}/${fileId}`, c),
      queue: (c) => get("/api/dashboard/submissions/compilers", c),
      note: (c) => post(`/api/submission/${s.id}/notes`, c, { body: "A note." }),
      draft: (c) => post(`/api/submission/${s.id}/draft`, c, submissionBody()),
      revise: (c) => {
        const req = as(c, api().post(`/api/submission/${s.id}/revise`));
        return req.attach("file", pdf, "r.pdf").field("response", "r");
      },
      invite: (c) =>
        post(`/api/submission/${s.id}/reviewers`, c, {
          name: "X",
          email: `x${Math.random()}@example.org`,
          due_on: "2027-01-01",
        }),
    };
    const seen: Record<string, Record<string, number>> = {};
    for (const [call, send] of Object.entries(calls)) {
      seen[call] = {};
      for (const [party, cookie] of Object.entries(parties)) {
        seen[call]![party] = (await send(cookie)).status;
      }
    }
    expect(seen).toEqual(expected);

    // a reviewer reads their submission's files through their token only, and no other submission's
    const other = await inReview();
    const reviewFile = (token: string, file: number) =>
      as(null, api().post("/review-file"))
        .type("form")
        .send({ token, file: String(file) });
    expect((await reviewFile(s.token, fileId)).status).toBe(200);
    expect((await reviewFile(other.token, fileId)).status).toBe(404);
    expect((await reviewFile("x".repeat(43), fileId)).status).toBe(404);
    // an invited (not yet accepted) reviewer reads no file
    const pending = await post(`/api/submission/${s.id}/reviewers`, editor.cookie, {
      name: "Pending",
      email: "pending@example.org",
      due_on: "2027-01-01",
    });
    expect(pending.status).toBe(201);
    const pendingToken = reviewToken((await mailbox.waitFor("pending@example.org")).text);
    expect((await reviewFile(pendingToken, fileId)).status).toBe(404);
    expect(
      (await post("/api/review/view", null, { token: pendingToken })).body.review.files,
    ).toEqual([]);
    // a reviewer's token opens nothing of the editors' or authors' calls
    expect((await get(`/api/submission/${s.id}`, null)).status).toBe(401);
    // a cross-site POST is refused before anything
    const crossSite = await as(editor.cookie, api().post(`/api/submission/${s.id}/notes`))
      .set("Sec-Fetch-Site", "cross-site")
      .send({ body: "x" });
    expect(crossSite.status).toBe(403);
  });
});

describe(`editorial figures (${dialectUnderTest})`, () => {
  it("count the editor's journals per year, and no author reads them", async () => {
    const figures = await get("/api/dashboard/workflow_figures", editor.cookie);
    expect(figures.status).toBe(200);
    const year = new Date().getUTCFullYear();
    const row = figures.body.figures.find(
      (f: { journal_uri: string; year: number }) =>
        f.journal_uri === "compilers" && f.year === year,
    );
    const submitted = await t.ctx.db
      .selectFrom("submissions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "!=", "draft")
      .executeTakeFirstOrThrow();
    expect(row.received).toBe(Number(submitted.n));
    expect(row.accepted).toBeGreaterThanOrEqual(1);
    expect(row.acceptance_rate).toBe(row.accepted / (row.accepted + row.declined));
    expect(row.reviews_completed).toBeGreaterThanOrEqual(3);
    expect(row.reviews_requested).toBeGreaterThan(row.reviews_completed);
    expect((await get("/api/dashboard/workflow_figures", outsider.cookie)).body.figures).toEqual(
      [],
    );
    const author = await signedInAuthor(t);
    expect((await get("/api/dashboard/workflow_figures", author.cookie)).status).toBe(404);
  });
});

describe(`editorial figures on the journal's public page (${dialectUnderTest})`, () => {
  it("appear only where the journal chooses, as the Statistics screen counts them", async () => {
    const settingsPath = "/api/dashboard/workflow_settings/compilers";
    const settings = (await get("/api/dashboard/submissions/compilers", editor.cookie)).body
      .settings;
    expect(settings.show_workflow_figures).toBe(false);
    const before = await get("/api/get_journal/compilers", null);
    expect(before.body.journal).not.toHaveProperty("workflow_figures");

    const shown = await post(settingsPath, editor.cookie, {
      ...settings,
      show_workflow_figures: true,
    });
    expect(shown.status, shown.text).toBe(200);
    const year = new Date().getUTCFullYear();
    const internal = (
      await get("/api/dashboard/workflow_figures", editor.cookie)
    ).body.figures.find(
      (f: { journal_uri: string; year: number }) =>
        f.journal_uri === "compilers" && f.year === year,
    );
    const journalAnswer = (await get("/api/get_journal/compilers", null)).body.journal;
    const row = journalAnswer.workflow_figures.find((f: { year: number }) => f.year === year);
    expect(row).toEqual({
      year,
      received: internal.received,
      accepted: internal.accepted,
      declined: internal.declined,
      acceptance_rate: internal.acceptance_rate,
      median_days_to_first_decision: internal.median_days_to_first_decision,
      median_days_to_publication: internal.median_days_to_publication,
    });
    expect(row.received).toBeGreaterThan(0);
    await post(settingsPath, editor.cookie, { ...settings, show_workflow_figures: false });
    expect((await get("/api/get_journal/compilers", null)).body.journal).not.toHaveProperty(
      "workflow_figures",
    );
  });
});

describe(`a journal's workflow settings (${dialectUnderTest})`, () => {
  it("are its editors' to read and set; a journal that stops accepting refuses new drafts", async () => {
    const path = "/api/dashboard/workflow_settings/compilers";
    const body = {
      accepts_submissions: false,
      review_mode: "open",
      submission_checklist: "One item.\r\nTwo items.",
    };
    const author = await signedInAuthor(t);
    expect((await post(path, outsider.cookie, body)).status).toBe(403);
    expect((await post(path, author.cookie, body)).status).toBe(404);
    expect((await post(path, null, body)).status).toBe(401);
    expect((await post(path, editor.cookie, { ...body, review_mode: "secret" })).status).toBe(400);
    expect((await post(path, editor.cookie, body)).status).toBe(200);
    const queue = await get("/api/dashboard/submissions/compilers", editor.cookie);
    expect(queue.body.settings).toEqual({
      accepts_submissions: false,
      review_mode: "open",
      submission_checklist: "One item.\nTwo items.",
      show_workflow_figures: false,
    });
    expect((await get("/api/submission_journal/compilers", author.cookie)).status).toBe(403);
    expect((await post("/api/submissions/compilers", author.cookie, submissionBody())).status).toBe(
      403,
    );
    expect((await get("/api/get_journal/compilers", null)).body.journal.accepts_submissions).toBe(
      false,
    );
    await post(path, editor.cookie, {
      accepts_submissions: true,
      review_mode: "double_anonymous",
      submission_checklist: "The manuscript is anonymised.\nThe references are complete.",
    });
  });
});

describe(`reviewers' files for authors (${dialectUnderTest})`, () => {
  /** Bytes of a file download (supertest buffers binary answers only when told). */
  const bytes = (req: request.Test) =>
    req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    });

  it("the author gets only the files marked for them, once the decision is mailed, under neutral names", async () => {
    const s = await inReview();
    const otherAuthor = await signedInAuthor(t, { fname: "Other", lname: "Author" });
    const reviewerPdf = await manuscriptPdf("Rita Reviewer");
    const sent = await submitReview(
      s.token,
      {
        recommendation: "major_revisions",
        comments_author: "Please see the annotated PDF.",
        for_author: "0",
      },
      [
        [reviewerPdf, "rita-reviewer-annotations.pdf"],
        [Buffer.from("Only for the editor."), "rita-notes-for-editor.txt"],
      ],
    );
    expect(sent.status, sent.text).toBe(200);

    // the editor sees both, each with its flag
    const before = (await get(`/api/submission/${s.id}`, editor.cookie)).body.submission;
    const reviewFiles = before.files.filter((f: { kind: string }) => f.kind === "review");
    expect(
      reviewFiles.map((f: { name: string; for_author: boolean; needs_check: boolean }) => [
        f.name,
        f.for_author,
        f.needs_check,
      ]),
    ).toEqual([
      ["rita-reviewer-annotations.pdf", true, false],
      ["rita-notes-for-editor.txt", false, false],
    ]);
    const [forAuthor, editorOnly] = reviewFiles.map((f: { id: number }) => f.id) as [
      number,
      number,
    ];
    const download = (file: number, cookie: string | null) =>
      bytes(get(`/submission-file/${s.id}/${file}`, cookie));

    // before a decision mails the review, the author gets nothing of it
    expect((await download(forAuthor, s.author.cookie)).status).toBe(404);
    const undecided = (await get(`/api/submission/${s.id}`, s.author.cookie)).body.submission;
    expect(undecided.decisions.flatMap((d: { review_files: unknown[] }) => d.review_files)).toEqual(
      [],
    );

    const decided = await post(`/api/submission/${s.id}/decision`, editor.cookie, {
      decision: "request_revisions",
    });
    expect(decided.status, decided.text).toBe(200);

    // the author's screen lists the file beside the decision's comments, under a neutral name
    const after = (await get(`/api/submission/${s.id}`, s.author.cookie)).body.submission;
    const last = after.decisions.at(-1);
    expect(last.decision).toBe("request_revisions");
    expect(last.body).toContain("Please see the annotated PDF.");
    expect(last.review_files).toEqual([
      { id: forAuthor, name: "Reviewer 1 - file 1 (round 1).pdf", size: reviewerPdf.length },
    ]);
    expect(after.files.some((f: { kind: string }) => f.kind === "review")).toBe(false);
    const answer = JSON.stringify(after);
    for (const secret of ["Rita", "rita", `reviewer${n}@`]) {
      expect(answer).not.toContain(secret);
    }
    // the reviewer's name (inReview's "Reviewer {n}"), not the neutral "Reviewer 1 - file 1"
    expect(answer).not.toMatch(new RegExp(`Reviewer ${n}(?! - file)`));

    // the matrix of the two reviewer's files: author, editor, another author, nobody
    const matrix: Record<string, [number, number]> = {};
    for (const [party, cookie] of Object.entries(partiesOf(s.author, otherAuthor))) {
      matrix[party] = [
        (await download(forAuthor, cookie)).status,
        (await download(editorOnly, cookie)).status,
      ];
    }
    expect(matrix).toEqual({
      author: [200, 404],
      editor: [200, 200],
      admin: [200, 200],
      outsider: [404, 404],
      otherAuthor: [404, 404],
      nobody: [401, 401],
    });

    // the author's copy: neutral name, no document properties, nothing of the reviewer
    const file = await download(forAuthor, s.author.cookie);
    expect(String(file.headers["content-disposition"])).toContain(
      "Reviewer 1 - file 1 (round 1).pdf",
    );
    expect((file.body as Buffer).toString("latin1")).not.toContain("Rita");
    const doc = await PDFDocument.load(file.body as Buffer, { updateMetadata: false });
    expect([doc.getAuthor(), doc.getTitle(), doc.getCreator()]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // the editor's copy is as uploaded
    const original = await download(forAuthor, editor.cookie);
    expect(String(original.headers["content-disposition"])).toContain(
      "rita-reviewer-annotations.pdf",
    );
    expect(
      (await PDFDocument.load(original.body as Buffer, { updateMetadata: false })).getAuthor(),
    ).toBe("Rita Reviewer");
  });

  it("a non-PDF file for the author is flagged for the editor's check", async () => {
    const s = await inReview();
    const sent = await submitReview(
      s.token,
      { recommendation: "accept", comments_author: "Fine.", for_author: "0" },
      [[Buffer.from("PK fake word"), "comments.docx"]],
    );
    expect(sent.status, sent.text).toBe(200);
    const detail = (await get(`/api/submission/${s.id}`, editor.cookie)).body.submission;
    const review = detail.files.find((f: { kind: string }) => f.kind === "review");
    expect(review).toMatchObject({ for_author: true, needs_check: true });
    expect(
      (await post(`/api/submission/${s.id}/decision`, editor.cookie, { decision: "accept" }))
        .status,
    ).toBe(200);
    const mine = (await get(`/api/submission/${s.id}`, s.author.cookie)).body.submission;
    expect(mine.decisions.at(-1).review_files[0].name).toBe("Reviewer 1 - file 1 (round 1).docx");
  });

  it("a reviewer who comes back after reviewing sees the review as sent, not the form", async () => {
    const s = await inReview();
    const sent = await submitReview(
      s.token,
      {
        recommendation: "minor_revisions",
        comments_author: "Two small points.",
        comments_editor: "Nothing more.",
      },
      [[Buffer.from("notes"), "notes.txt"]],
    );
    expect(sent.status, sent.text).toBe(200);
    const back = await post("/api/review/view", null, { token: s.token });
    expect(back.status).toBe(200);
    expect(back.body.review.status).toBe("completed");
    expect(back.body.review.review).toMatchObject({
      recommendation: "minor_revisions",
      comments_author: "Two small points.",
      comments_editor: "Nothing more.",
    });
    expect(back.body.review.review.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(
      back.body.review.files.filter((f: { for_author?: boolean }) => f.for_author !== undefined),
    ).toMatchObject([{ name: "notes.txt", for_author: false }]);
    // sending again is refused, and changes nothing
    const again = await submitReview(s.token, {
      recommendation: "accept",
      comments_author: "Changed my mind.",
    });
    expect(again.status).toBe(409);
  });

  it("refuses a malformed list of files for the author", async () => {
    const s = await inReview();
    const sent = await submitReview(s.token, {
      recommendation: "accept",
      comments_author: "Fine.",
      for_author: "all",
    });
    expect(sent.status).toBe(400);
  });
});

describe(`double-anonymous review (${dialectUnderTest})`, () => {
  it("shows the reviewer no author name, email or affiliation in any answer, file name or PDF property", async () => {
    const s = await inReview();
    const view = await post("/api/review/view", null, { token: s.token });
    expect(view.status).toBe(200);
    const text = JSON.stringify(view.body);
    for (const secret of ["Grace", "Hopper", "grace.hopper", s.author.email, "Harvard"]) {
      expect(text).not.toContain(secret);
    }
    expect(view.body.review.files.map((f: { name: string }) => f.name)).toEqual([
      "manuscript-v1.pdf",
    ]);
    const file = await as(null, api().post("/review-file"))
      .type("form")
      .send({ token: s.token, file: String(view.body.review.files[0].id) })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(String(file.headers["content-disposition"])).toContain("manuscript-v1.pdf");
    const bytes = file.body as Buffer;
    expect(bytes.toString("latin1")).not.toContain("Hopper");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect([
      doc.getAuthor(),
      doc.getTitle(),
      doc.getSubject(),
      doc.getKeywords(),
      doc.getCreator(),
    ]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    // the editor still sees the file as uploaded, and the author's name
    const detail = await get(`/api/submission/${s.id}`, editor.cookie);
    expect(detail.body.submission.author_name).toBe("Grace Hopper");
    expect(detail.body.submission.files[0].name).toBe("grace-hopper-paper.pdf");
  });

  it("in open review the reviewer sees the authors' names", async () => {
    await t.ctx.db
      .updateTable("journals")
      .set({ review_mode: "open" })
      .where("id", "=", journal.journalId)
      .execute();
    try {
      const s = await inReview();
      const view = await post("/api/review/view", null, { token: s.token });
      expect(view.body.review.authors).toEqual(["Grace Hopper"]);
      expect(view.body.review.files[0].name).toBe("grace-hopper-paper.pdf");
    } finally {
      await t.ctx.db
        .updateTable("journals")
        .set({ review_mode: "double_anonymous" })
        .where("id", "=", journal.journalId)
        .execute();
    }
  });
});
