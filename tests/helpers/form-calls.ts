/**
 * The dashboard's calls as API tests send them (decision 290, one start for the files that
 * upload papers): a multipart POST of form fields with an optional PDF as `paper_file`
 * ({@link postForm}), a GET ({@link getAs}), each with a session cookie or signed out (`null`);
 * and the stored papers read back ({@link storedPaper},
 * {@link paperCount}, {@link proceedingIdOf}).
 */
import request from "supertest";
import type { TestContext } from "./context.ts";

/** A form's fields, `name → value` (`authors[0][name]` and the like spelled out). */
export type Fields = Record<string, string>;

/** A file sent beside the fields: a PDF as `paper_file`, or any field, bytes and file name. */
export type Attachment = Buffer | { field: string; bytes: Buffer; name: string };

/**
 * POST `/api{url}` as `multipart/form-data`: `fields`, then `file` when given (a bare buffer
 * goes as `paper_file` named `paper.pdf`); with the `Cookie` header `as` unless that is null.
 */
export function postForm(
  t: Pick<TestContext, "app">,
  url: string,
  fields: Fields,
  file?: Attachment | null,
  as: string | null = null,
): request.Test {
  let req = request(t.app).post(`/api${url}`);
  if (as) req = req.set("Cookie", as);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (Buffer.isBuffer(file)) req = req.attach("paper_file", file, "paper.pdf");
  else if (file) req = req.attach(file.field, file.bytes, file.name);
  return req;
}

/** GET `/api{url}`, with the `Cookie` header `as` unless that is null (signed out). */
export function getAs(t: Pick<TestContext, "app">, url: string, as: string | null): request.Test {
  const req = request(t.app).get(`/api${url}`);
  return as ? req.set("Cookie", as) : req;
}

/** The stored `papers` row of `id`, or undefined. */
export const storedPaper = (t: Pick<TestContext, "ctx">, id: number) =>
  t.ctx.db.selectFrom("papers").selectAll().where("id", "=", id).executeTakeFirst();

/** How many papers are stored, journal and conference papers together. */
export async function paperCount(t: Pick<TestContext, "ctx">): Promise<number> {
  const { n } = await t.ctx.db
    .selectFrom("papers")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The id of the proceeding `slug` (`pldi-2009` in the seeded catalogue). */
export async function proceedingIdOf(t: Pick<TestContext, "ctx">, slug: string): Promise<number> {
  const { id } = await t.ctx.db
    .selectFrom("proceedings")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return id;
}
