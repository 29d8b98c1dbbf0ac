/**
 * A journal manager changes an event's name and dates only when they manage every proceeding of
 * the event (issue 15: `edit_proceeding` renamed another manager's event; decisions 072, 260).
 * Events are shared: choosing one, or sending its fields unchanged (the edit form always sends
 * them), stays allowed. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../server/features/accounts/access.ts";
import { signedInAdministrator, signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { proceedingFields } from "../helpers/dashboard-forms.ts";
import { type Fields, postForm } from "../helpers/form-calls.ts";
import { storedValue } from "../helpers/rows.ts";
import { pngImage } from "../helpers/uploads.ts";

let t: TestContext;
let cover: Buffer;
const cookies: Record<"admin" | "a" | "b", string> = { admin: "", a: "", b: "" };

/** A multipart POST as `as`, with `file` as the cover when given. */
const post = (path: string, body: Fields, as: string, file?: Buffer) =>
  postForm(t, path, body, file && { field: "cover_img", bytes: file, name: "cover.png" }, as);

async function create(as: string, overrides: Fields = {}) {
  const res = await post("/create_proceedings", proceedingFields(overrides), as, cover);
  expect(res.status).toBe(201);
  const id: number = res.body.proceeding_id;
  const row = await t.ctx.db
    .selectFrom("proceedings")
    .select("event_id")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, eventId: row.event_id };
}

const eventName = (id: number) => storedValue(t, "proceeding_events", "name", "id", id);

beforeAll(async () => {
  t = await createTestContext();
  cover = await pngImage(64, 64);
  cookies.admin = (await signedInAdministrator(t)).cookie;
  cookies.a = (await signedInManager(t)).cookie;
  cookies.b = (await signedInManager(t)).cookie;
});
afterAll(() => t?.close());

describe(`proceeding events and their managers (${dialectUnderTest})`, () => {
  it("refuses to rename an event shared with another manager's proceeding, keeps it as it was", async () => {
    const mine = await create(cookies.a, { event_name: "Shared Symposium" });
    // manager B's proceeding joins A's event
    await create(cookies.b, {
      event: String(mine.eventId),
      event_name: "",
      event_start_date: "",
      event_end_date: "",
    });

    const rename = await post(
      `/edit_proceeding/${mine.id}`,
      proceedingFields({ event: String(mine.eventId), event_name: "Renamed by A" }),
      cookies.a,
    );
    expect(rename.status).toBe(403);
    expect(rename.body.msg).toBe(ACCESS_MESSAGES.event);
    expect(await eventName(mine.eventId)).toBe("Shared Symposium");

    // the same fields unchanged, as the edit form sends them: the rest of the edit goes through
    const same = await post(
      `/edit_proceeding/${mine.id}`,
      proceedingFields({
        event: String(mine.eventId),
        event_name: "Shared Symposium",
        title: "New title",
      }),
      cookies.a,
    );
    expect(same.status).toBe(200);

    // an administrator may rename it
    const admin = await post(
      `/edit_proceeding/${mine.id}`,
      proceedingFields({ event: String(mine.eventId), event_name: "Renamed by the administrator" }),
      cookies.admin,
    );
    expect(admin.status).toBe(200);
    expect(await eventName(mine.eventId)).toBe("Renamed by the administrator");
  });

  it("refuses to re-date another manager's event by moving a proceeding into it", async () => {
    const mine = await create(cookies.a, { event_name: "A's own" });
    const theirs = await create(cookies.b, { event_name: "B's own" });
    const moved = await post(
      `/edit_proceeding/${mine.id}`,
      proceedingFields({
        event: String(theirs.eventId),
        event_name: "B's own",
        event_end_date: "2025-07-01",
      }),
      cookies.a,
    );
    expect(moved.status).toBe(403);
    // joining it as it is stays allowed
    const joined = await post(
      `/edit_proceeding/${mine.id}`,
      proceedingFields({ event: String(theirs.eventId), event_name: "B's own" }),
      cookies.a,
    );
    expect(joined.status).toBe(200);
  });

  it("lets a manager rename an event all of whose proceedings they manage", async () => {
    const mine = await create(cookies.a, { event_name: "Only mine" });
    const res = await post(
      `/edit_proceeding/${mine.id}`,
      proceedingFields({ event: String(mine.eventId), event_name: "Still only mine" }),
      cookies.a,
    );
    expect(res.status).toBe(200);
    expect(await eventName(mine.eventId)).toBe("Still only mine");
  });
});
