/**
 * The last two asks of issue 34's "What a manager meets", on SQLite and PostgreSQL:
 * - removing a paper's PDF galley (decision 510): POST /api/remove_paper_pdf/{journal}/{paper}
 *   and /api/remove_proceeding_paper_pdf/{proceeding}/{paper}, by the paper's managers only;
 *   the file columns, the search text and (for a draft) the stored file go; a paper on the
 *   record keeps the PDF as its earlier version;
 * - pending manager invitations listed on the Managers screen and revoked (decision 511):
 *   POST /api/revoke_invitation/{id}, by an administrator only; the link is then refused.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { searchPapers } from "../../server/features/search/search.ts";
import { INVITATION_GONE } from "../../shared/constants.ts";
import { createManager, sessionCookie } from "../helpers/account.ts";
import { CORPUS_DIR, dialectUnderTest } from "../helpers/context.ts";
import { journalPaperFields } from "../helpers/dashboard-forms.ts";
import { insertJournalWithIssue } from "../helpers/fixtures.ts";
import { outboxMessages } from "../helpers/mailbox.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext({ manager: true, proceedings: true });
const JOURNAL = "ethics-review";

/** A manager account with a session, assigned to `journalId` when given. */
async function manager(fname: string, journalId?: number): Promise<string> {
  const { user } = await createManager(t.ctx, { fname, lname: "Tester" });
  if (journalId !== undefined) {
    await t.ctx.db
      .insertInto("journal_managers")
      .values({ journal_id: journalId, user_id: user.id, created_at: new Date().toISOString() })
      .execute();
  }
  return sessionCookie(t.ctx, user.id);
}

/** A new paper with the corpus PDF in `issueId`, through the dashboard form; its id. */
async function paperWithPdf(issueId: number, title: string): Promise<number> {
  const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "metabolites-04-00932.pdf"));
  let req = request(t.app).post(`/api/create_paper/${JOURNAL}`).set("Cookie", t.cookie);
  const fields = journalPaperFields(issueId, {
    title,
    keywords: "removal",
    "authors[0][name]": "Jane Doe",
    "authors[0][institution]": "Somewhere",
  });
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  const res = await req.attach("paper_file", pdf, "paper.pdf");
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.paperID as number;
}

const paperRow = (id: number) =>
  t.ctx.db
    .selectFrom("papers")
    .select(["file", "full_text", "page_count", "version"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

/** A word of the PDF's text that finds paper `id` (and is in none of its metadata). */
async function pdfWord(id: number): Promise<string> {
  const { full_text } = await paperRow(id);
  const words = [...new Set((full_text ?? "").toLowerCase().match(/\b[a-z]{9,14}\b/g) ?? [])];
  for (const word of words.slice(0, 40)) {
    const { hits } = await searchPapers(t.ctx, word);
    if (hits.some((h) => h.paperID === id)) return word;
  }
  throw new Error("no word of the PDF finds the paper");
}

const removePdf = (id: number, cookie?: string, body: object = {}) => {
  const req = request(t.app).post(`/api/remove_paper_pdf/${JOURNAL}/${id}`);
  return (cookie ? req.set("Cookie", cookie) : req).send(body);
};

describe(`removing a PDF galley (${dialectUnderTest})`, () => {
  it("answers only the paper's managers, and removes a draft's PDF, its text and its file", async () => {
    const id = await paperWithPdf(t.seed.draftIssueId, "A draft with a wrong PDF");
    const before = await paperRow(id);
    expect(before.file).toMatch(/^papers\//);
    expect(before.full_text?.length).toBeGreaterThan(1000);
    const key = before.file as string;
    const edit = () =>
      request(t.app).get(`/api/get_paper/${JOURNAL}/${id}`).set("Cookie", t.cookie);
    const fileUrl = (await edit()).body.paper.file_url as string;
    expect(fileUrl).not.toBe("");

    // anonymous: 401; a manager of another journal: 403; a GET changes nothing
    const { journalId: otherJournal } = await insertJournalWithIssue(t.ctx.db, {
      uri: "other-removals",
      name: "Other Removals",
      abbreviation: "OR",
    });
    const outsider = await manager("Outsider", otherJournal);
    const own = await manager("Owner", t.seed.journalId);
    expect((await removePdf(id)).status).toBe(401);
    const refused = await removePdf(id, outsider);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe(0);
    expect(
      (await request(t.app).get(`/api/remove_paper_pdf/${JOURNAL}/${id}`).set("Cookie", own))
        .status,
    ).toBe(404);
    expect((await paperRow(id)).file).toBe(key);
    expect(await t.ctx.storage.stat(key)).not.toBeNull();
    // a body field the call does not know is refused
    expect((await removePdf(id, own, { file: "x" })).status).toBe(400);

    const removed = await removePdf(id, own);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ status: 1, msg: "The PDF was removed." });
    const after = await paperRow(id);
    expect(after).toMatchObject({ file: null, full_text: null, page_count: null });
    // a draft is edited in place: no version, and the file is gone from storage
    expect(Number(after.version)).toBe(Number(before.version));
    expect(await t.ctx.storage.stat(key)).toBeNull();
    expect((await edit()).body.paper.file_url).toBe("");
    expect((await request(t.app).get(fileUrl)).status).toBe(404);

    const again = await removePdf(id, own);
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe("This paper has no PDF.");
  });

  it("keeps the PDF of a published paper as its earlier version, with the change note", async () => {
    const id = await paperWithPdf(t.seed.issueId, "A published paper losing its PDF");
    const { file: key, version } = await paperRow(id);
    // a published paper is searched by its PDF's words until the PDF goes
    const word = await pdfWord(id);
    const removed = await removePdf(id, t.cookie, { version_note: "The PDF was the wrong one." });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = await paperRow(id);
    expect(after.file).toBeNull();
    expect(Number(after.version)).toBe(Number(version) + 1);
    expect((await searchPapers(t.ctx, word)).hits.map((h) => h.paperID)).not.toContain(id);
    const kept = await t.ctx.db
      .selectFrom("paper_versions")
      .select(["version", "file"])
      .where("paper_id", "=", id)
      .execute();
    expect(kept.map((k) => [Number(k.version), k.file])).toEqual([[Number(version), key]]);
    expect(await t.ctx.storage.stat(key as string)).not.toBeNull();
    const note = await t.ctx.db
      .selectFrom("papers")
      .select("version_note")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(note.version_note).toBe("The PDF was the wrong one.");
  });

  it("removes a conference paper's PDF through the same service, not through a journal's address", async () => {
    const { proceedingId } = t.proceedings;
    const row = await t.ctx.db
      .selectFrom("papers")
      .select(["id", "file"])
      .where("proceeding_id", "=", proceedingId)
      .where("file", "is not", null)
      .executeTakeFirstOrThrow();
    const wrong = await removePdf(row.id, t.cookie);
    expect(wrong.status).toBe(404);
    const outsider = await manager("Stranger");
    expect(
      (
        await request(t.app)
          .post(`/api/remove_proceeding_paper_pdf/${proceedingId}/${row.id}`)
          .set("Cookie", outsider)
          .send({})
      ).status,
    ).toBe(403);
    const removed = await request(t.app)
      .post(`/api/remove_proceeding_paper_pdf/${proceedingId}/${row.id}`)
      .set("Cookie", t.cookie)
      .send({});
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await paperRow(row.id)).file).toBeNull();
  });
});

/** The invitation link mailed to `email`, read from the outbox (decision 191). */
async function inviteTokenFor(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = (await outboxMessages(path.join(t.dataDir, "outbox"))).find((m) => m.to === email);
    const match = mail && /registration\?invite=([A-Za-z0-9_-]{43})/.exec(mail.text);
    if (match) return match[1] as string;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

describe(`pending invitations (${dialectUnderTest})`, () => {
  it("lists a pending invitation to administrators, and a revoked one's link is refused", async () => {
    const invited = await request(t.app)
      .post("/api/invite_manager")
      .set("Cookie", t.cookie)
      .send({ email: "pending.person@example.org" });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = await inviteTokenFor("pending.person@example.org");
    expect((await request(t.app).get(`/api/invitation/${token}`)).status).toBe(200);

    const screen = await request(t.app).get("/api/dashboard/managers").set("Cookie", t.cookie);
    expect(screen.status).toBe(200);
    const pending = screen.body.invitations as {
      id: number;
      email: string;
      invited_by: string;
      created_at: string;
      expires_at: string;
    }[];
    const row = pending.find((p) => p.email === "pending.person@example.org");
    expect(row).toBeDefined();
    expect(row?.invited_by).not.toBe("");
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(7 * 86_400_000);

    // a journal manager neither sees the list nor revokes; nor does a visitor; GET changes nothing
    const plain = await manager("Plain");
    expect((await request(t.app).get("/api/dashboard/managers").set("Cookie", plain)).status).toBe(
      403,
    );
    const revokeUrl = `/api/revoke_invitation/${row!.id}`;
    expect((await request(t.app).post(revokeUrl).set("Cookie", plain)).status).toBe(403);
    expect((await request(t.app).post(revokeUrl)).status).toBe(401);
    expect((await request(t.app).get(revokeUrl).set("Cookie", t.cookie)).status).toBe(404);
    expect((await request(t.app).get(`/api/invitation/${token}`)).status).toBe(200);

    const revoked = await request(t.app).post(revokeUrl).set("Cookie", t.cookie);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.msg).toBe(
      "The invitation to pending.person@example.org was revoked. Its link no longer works.",
    );
    const link = await request(t.app).get(`/api/invitation/${token}`);
    expect(link.status).toBe(404);
    expect(link.body.msg).toBe(INVITATION_GONE);
    const register = await request(t.app).post("/api/register_invited").send({
      fname: "Pending",
      lname: "Person",
      phone: "+1 555 0100",
      pword: "correct horse battery",
      cpword: "correct horse battery",
      invite: token,
    });
    expect(register.status, JSON.stringify(register.body)).toBe(404);
    expect(register.body.msg).toBe(INVITATION_GONE);
    const listed = await request(t.app).get("/api/dashboard/managers").set("Cookie", t.cookie);
    expect(listed.body.invitations.map((p: { id: number }) => p.id)).not.toContain(row!.id);
    const twice = await request(t.app).post(revokeUrl).set("Cookie", t.cookie);
    expect(twice.status).toBe(404);
    expect(twice.body.msg).toBe("There is no such pending invitation.");
  });

  it("lists neither used nor expired invitations", async () => {
    await t.ctx.db
      .insertInto("invitations")
      .values([
        {
          email: "used@example.org",
          token_hash: "used-hash",
          invited_by: null,
          created_at: "2026-01-01T00:00:00.000Z",
          expires_at: "2099-01-01T00:00:00.000Z",
          used_at: "2026-01-02T00:00:00.000Z",
        },
        {
          email: "expired@example.org",
          token_hash: "expired-hash",
          invited_by: null,
          created_at: "2020-01-01T00:00:00.000Z",
          expires_at: "2020-01-08T00:00:00.000Z",
          used_at: null,
        },
      ])
      .execute();
    const screen = await request(t.app).get("/api/dashboard/managers").set("Cookie", t.cookie);
    const emails = screen.body.invitations.map((p: { email: string }) => p.email);
    expect(emails).not.toContain("used@example.org");
    expect(emails).not.toContain("expired@example.org");
  });
});
