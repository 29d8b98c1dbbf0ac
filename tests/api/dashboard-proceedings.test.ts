import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { executableBytes, jpegImage, pngImage, storedFiles } from "../helpers/uploads.ts";

let t: TestContext;
let cookie: string;
let cover: Buffer;
const year = String(new Date().getFullYear() - 1);

beforeAll(async () => {
  t = await createTestContext();
  ({ cookie } = await signedInManager(t));
  cover = await pngImage(90, 120);
});
afterAll(() => t.close());

type Fields = Record<string, string>;

const fields = (overrides: Fields = {}): Fields => ({
  event: "new",
  event_name: "Colloquium on Open Science",
  event_start_date: "2025-06-15",
  event_end_date: "2025-06-18",
  title: "Proceedings of the Colloquium on Open Science",
  sub_title: "Selected papers",
  issn: "2049-3630",
  publisher: "Athenaeum University Press",
  year,
  intro: "Papers given at the colloquium.",
  "editors[0][name]": "Grace Hopper",
  "editors[0][email]": "grace@navy.example",
  "editors[0][institution]": "Yale University",
  "editors[0][role]": "Chair",
  "editors[1][name]": "Alan Turing",
  "editors[1][email]": "",
  "editors[1][institution]": "",
  "editors[1][role]": "Programme Committee",
  ...overrides,
});

function post(path: string, body: Fields, file?: Buffer | null, as: string | null = cookie) {
  let req = request(t.app).post(`/api${path}`);
  if (as) req = req.set("Cookie", as);
  for (const [k, v] of Object.entries(body)) req = req.field(k, v);
  if (file) req = req.attach("cover_img", file, "cover.png");
  return req;
}

const get = (path: string, as: string | null = cookie) => {
  const req = request(t.app).get(`/api${path}`);
  return as ? req.set("Cookie", as) : req;
};

const count = async (table: "proceedings" | "proceeding_events") =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

let proceedingId: number;
let eventId: number;

describe(`dashboard proceeding calls on ${dialectUnderTest}`, () => {
  it("answers 401 to every call when signed out", async () => {
    const answers = await Promise.all([
      get("/all_proceedings/Y", null),
      get("/get_proceeding_events", null),
      get("/get_proceeding/1", null),
      post("/create_proceedings", fields(), cover, null),
      post("/edit_proceeding/1", fields(), null, null),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body.status).toBe(0);
    }
    expect(await count("proceedings")).toBe(0);
    expect(await storedFiles(t)).toEqual([]);
  });

  it("answers 403 to every change sent cross-site", async () => {
    for (const path of ["/create_proceedings", "/edit_proceeding/1"]) {
      const res = await post(path, fields(), cover).set("Sec-Fetch-Site", "cross-site");
      expect(res.status, path).toBe(403);
    }
    expect(await count("proceedings")).toBe(0);
    expect(await storedFiles(t)).toEqual([]);
  });

  describe("POST /api/create_proceedings", () => {
    it("refuses '' as the event (nothing chosen)", async () => {
      const res = await post("/create_proceedings", fields({ event: "" }), cover);
      expect(res.status).toBe(400);
      expect(res.body.errors.event).toBe("Choose the event of this proceeding, or New Event.");
      expect(await storedFiles(t)).toEqual([]);
    });

    it("refuses a New Event without its dates", async () => {
      const res = await post(
        "/create_proceedings",
        fields({ event_start_date: "", event_end_date: "" }),
        cover,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        event_start_date: "Enter the event start date.",
        event_end_date: "Enter the event end date.",
      });
      expect(await count("proceeding_events")).toBe(0);
    });

    it("refuses an event that ends before it starts", async () => {
      const res = await post(
        "/create_proceedings",
        fields({ event_start_date: "2025-06-15", event_end_date: "2025-06-14" }),
        cover,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ event_end_date: "The event cannot end before it starts." });
    });

    it("refuses a missing cover and a missing introduction together", async () => {
      const res = await post("/create_proceedings", fields({ intro: "" }));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(["cover_img", "intro"]);
    });

    it("refuses an editor without a role", async () => {
      const res = await post("/create_proceedings", fields({ "editors[1][role]": "" }), cover);
      expect(res.status).toBe(400);
      expect(res.body.errors["editors.1.role"]).toMatch(/role/);
    });

    it("refuses an executable as cover with 415 and leaves no file or event", async () => {
      const res = await post("/create_proceedings", fields(), await executableBytes());
      expect(res.status).toBe(415);
      expect(await storedFiles(t)).toEqual([]);
      expect(await count("proceeding_events")).toBe(0);
    });

    it("answers 404 for an event id that does not exist, storing nothing", async () => {
      const res = await post("/create_proceedings", fields({ event: "999" }), cover);
      expect(res.status).toBe(404);
      expect(await storedFiles(t)).toEqual([]);
    });

    it("creates the proceeding in a new event with its editors in order", async () => {
      const res = await post("/create_proceedings", fields(), cover);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 1, msg: "Proceeding Created Successfully." });
      proceedingId = res.body.proceeding_id;
      expect(await storedFiles(t)).toHaveLength(3);

      const list = await get("/all_proceedings/Y");
      expect(list.status).toBe(200);
      expect(list.body.proceedings).toEqual([
        expect.objectContaining({
          id: proceedingId,
          event_name: "Colloquium on Open Science",
          event_start_date: "2025-06-15",
          event_end_date: "2025-06-18",
          title: "Proceedings of the Colloquium on Open Science",
          sub_title: "Selected papers",
          intro: "Papers given at the colloquium.",
          cover_img: expect.stringMatching(/^\/files\/covers\/[0-9a-f]{32}\.png$/),
          buttons: [
            { label: "Papers", link: `/dashboard/proceeding_papers/${proceedingId}` },
            { label: "Add Paper", link: `/dashboard/add_proceeding_paper/${proceedingId}` },
            { label: "Edit", link: `/dashboard/edit_proceeding/${proceedingId}` },
            { label: "View", link: expect.stringMatching(/^\/proceedings\/[a-z0-9-]+$/) },
          ],
        }),
      ]);

      const events = await get("/get_proceeding_events");
      expect(events.body.proceeding_events).toEqual([
        expect.objectContaining({
          event_name: "Colloquium on Open Science",
          start_date: "2025-06-15",
          end_date: "2025-06-18",
        }),
      ]);
      eventId = events.body.proceeding_events[0].event_id;

      const one = await get(`/get_proceeding/${proceedingId}`);
      expect(one.body.proceeding).toMatchObject({
        event_id: eventId,
        issn: "2049-3630",
        year: Number(year),
        editors: [
          {
            name: "Grace Hopper",
            email: "grace@navy.example",
            institution: "Yale University",
            role: "Chair",
          },
          { name: "Alan Turing", email: "", institution: "", role: "Programme Committee" },
        ],
      });
    });

    it("creates a second proceeding in the existing event, ignoring the event fields", async () => {
      const res = await post(
        "/create_proceedings",
        fields({
          event: String(eventId),
          event_name: "",
          event_start_date: "",
          event_end_date: "",
          title: "Workshop Papers",
        }),
        await jpegImage(),
      );
      expect(res.status).toBe(201);
      expect(await count("proceeding_events")).toBe(1);
      const one = await get(`/get_proceeding/${res.body.proceeding_id}`);
      expect(one.body.proceeding.event_name).toBe("Colloquium on Open Science");
    });
  });

  describe("GET /api/get_proceeding/{id} and POST /api/edit_proceeding/{id}", () => {
    it("answers 404 for an unknown or malformed id", async () => {
      for (const path of ["/get_proceeding/999", "/get_proceeding/abc"]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.msg).toBe("There is no such proceeding.");
      }
      const edit = await post("/edit_proceeding/999", fields({ event: "" }));
      expect(edit.status).toBe(404);
    });

    it("updates the fields and editors, keeping the cover when none is sent", async () => {
      const before = await get(`/get_proceeding/${proceedingId}`);
      const files = await storedFiles(t);
      const res = await post(
        `/edit_proceeding/${proceedingId}`,
        fields({
          event: String(eventId),
          primary_event_id: String(eventId),
          title: "Proceedings of the Open Science Colloquium",
          "editors[1][role]": "Programme Chair",
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe("Proceeding Updated Successfully.");
      const after = await get(`/get_proceeding/${proceedingId}`);
      expect(after.body.proceeding).toMatchObject({
        title: "Proceedings of the Open Science Colloquium",
        cover_img: before.body.proceeding.cover_img,
      });
      expect(after.body.proceeding.editors.map((e: { role: string }) => e.role)).toEqual([
        "Chair",
        "Programme Chair",
      ]);
      expect(await storedFiles(t)).toEqual(files);
    });

    it("re-dates the existing event for every proceeding of that event", async () => {
      const res = await post(
        `/edit_proceeding/${proceedingId}`,
        fields({
          event: String(eventId),
          primary_event_id: String(eventId),
          event_name: "Open Science Colloquium 2025",
          event_start_date: "2025-06-16",
          event_end_date: "2025-06-19",
        }),
      );
      expect(res.status).toBe(200);
      const list = await get("/all_proceedings/Y");
      expect(
        list.body.proceedings.map(
          (p: { event_name: string; event_start_date: string; event_end_date: string }) =>
            `${p.event_name} from ${p.event_start_date} to ${p.event_end_date}`,
        ),
      ).toEqual([
        "Open Science Colloquium 2025 from 2025-06-16 to 2025-06-19",
        "Open Science Colloquium 2025 from 2025-06-16 to 2025-06-19",
      ]);
    });

    it("checks the event fields whenever an event is chosen", async () => {
      const res = await post(
        `/edit_proceeding/${proceedingId}`,
        fields({ event: String(eventId), event_end_date: "2025-01-01" }),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors.event_end_date).toBe("The event cannot end before it starts.");
    });

    it("moves the proceeding to a New Event, leaving the old event to the other one", async () => {
      const res = await post(
        `/edit_proceeding/${proceedingId}`,
        fields({
          event: "new",
          primary_event_id: String(eventId),
          event_name: "Open Science Summit",
          event_start_date: "2025-09-01",
          event_end_date: "2025-09-01",
        }),
      );
      expect(res.status).toBe(200);
      expect(await count("proceeding_events")).toBe(2);
      const one = await get(`/get_proceeding/${proceedingId}`);
      expect(one.body.proceeding).toMatchObject({
        event_name: "Open Science Summit",
        event_start_date: "2025-09-01",
      });
      expect(one.body.proceeding.event_id).not.toBe(eventId);
    });

    it("replaces the cover with a new image and removes the old files", async () => {
      const before = (await get(`/get_proceeding/${proceedingId}`)).body.proceeding.cover_img;
      const res = await post(
        `/edit_proceeding/${proceedingId}`,
        fields({ event: "" }),
        await jpegImage(120, 160),
      );
      expect(res.status).toBe(200);
      const after = (await get(`/get_proceeding/${proceedingId}`)).body.proceeding.cover_img;
      expect(after).not.toBe(before);
      expect((await request(t.app).get(before)).status).toBe(404);
      expect((await request(t.app).get(after)).status).toBe(200);
      expect(await storedFiles(t)).toHaveLength(6); // two proceedings, three files each
    });

    it("refuses an executable cover on edit with 415 and changes nothing", async () => {
      const before = await get(`/get_proceeding/${proceedingId}`);
      const files = await storedFiles(t);
      const res = await post(
        `/edit_proceeding/${proceedingId}`,
        fields({ event: "", title: "Changed" }),
        await executableBytes(),
      );
      expect(res.status).toBe(415);
      expect((await get(`/get_proceeding/${proceedingId}`)).body.proceeding).toEqual(
        before.body.proceeding,
      );
      expect(await storedFiles(t)).toEqual(files);
    });
  });
});
