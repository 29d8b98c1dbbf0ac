/**
 * Fixtures of the editorial workflow's tests (issue 31; decision 400): confirmed author
 * accounts with a session, a manuscript PDF whose document properties name its author, and a
 * submission body in the paper forms' shape.
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { sessionCookie } from "./account.ts";
import type { TestContext } from "./context.ts";

let counter = 0;

/** A confirmed author account (as if its mailed link was opened) and a session cookie of it. */
export async function signedInAuthor(
  t: TestContext,
  name: { fname: string; lname: string } = { fname: "Grace", lname: "Hopper" },
): Promise<{ id: number; email: string; cookie: string }> {
  counter += 1;
  const email = `author${counter}.${process.pid}@example.org`;
  const row = await t.ctx.db
    .insertInto("users")
    .values({
      first_name: name.fname,
      last_name: name.lname,
      phone: "",
      email,
      password_hash: "scrypt$1$1$1$x$y",
      created_at: new Date().toISOString(),
      kind: "author",
      email_confirmed_at: new Date().toISOString(),
      locale: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, email, cookie: await sessionCookie(t.ctx, row.id) };
}

/**
 * A one-page PDF whose text and document properties (Author, Title, Subject, Keywords, Creator)
 * carry `authorName`, as a word processor leaves them.
 */
export async function manuscriptPdf(authorName = "Grace Hopper"): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc
    .addPage([300, 200])
    .drawText("On compilers and their users.", { x: 20, y: 100, font, size: 12 });
  doc.setAuthor(authorName);
  doc.setTitle(`Draft by ${authorName}`);
  doc.setSubject(`${authorName}'s paper`);
  doc.setKeywords([authorName]);
  doc.setCreator(`${authorName}'s word processor`);
  return Buffer.from(await doc.save());
}

/** A submission body: the paper forms' fields with a structured author and an affiliation. */
export function submissionBody(title = "On compilers and their users") {
  return {
    title,
    abstract: "We study how compilers are used by the people who write programs.",
    keywords: "compilers; usability",
    authors: [
      {
        given_names: "Grace",
        family_name: "Hopper",
        email: "grace.hopper@navy.example",
        orcid: "",
        corresponding: true,
        affiliations: [{ name: "Harvard Computation Laboratory", ror: "" }],
      },
    ],
    references: [],
    funding: [],
    note_to_editor: "First submission.",
  };
}
