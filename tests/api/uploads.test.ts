import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiErrorHandler } from "../../server/http/respond.ts";
import { multipart, uploadedFile } from "../../server/http/uploads.ts";
import { createTestContext, type TestContext } from "../helpers/context.ts";
import { storedFiles } from "../helpers/uploads.ts";

let t: TestContext;
let app: express.Express;

beforeAll(async () => {
  t = await createTestContext({ MAX_PDF_MB: "0.01" });
  app = express();
  app.post("/form", multipart(t.ctx, ["cover_img"]), async (req, res) => {
    const file = await uploadedFile(req, "cover_img");
    res.json({ body: req.body, size: file?.length ?? null });
  });
  app.post("/ignores-its-file", multipart(t.ctx, ["cover_img"]), (req, res) => {
    res.json({ body: req.body });
  });
  app.post("/while-uploading", multipart(t.ctx, ["cover_img"]), async (_req, res) => {
    res.json({ uploading: await storedFiles(t) });
  });
  app.use(apiErrorHandler);
});
afterAll(() => t.close());

describe("multipart form bodies", () => {
  it("turns bracket field names into arrays of objects, as the schemas expect", async () => {
    const res = await request(app)
      .post("/form")
      .field("volume", "3")
      .field("editors[0][name]", "Ada")
      .field("editors[0][role]", "Editor")
      .field("editors[1][name]", "Alan")
      .field("editors[1][role]", "Reviewer")
      .attach("cover_img", Buffer.from("abc"), "c.png");
    expect(res.body).toEqual({
      body: {
        volume: "3",
        editors: [
          { name: "Ada", role: "Editor" },
          { name: "Alan", role: "Reviewer" },
        ],
      },
      size: 3,
    });
  });

  it("answers 413 in the envelope for a file over the limit", async () => {
    const res = await request(app)
      .post("/form")
      .attach("cover_img", Buffer.alloc(20 * 1024), "big.png");
    expect(res.status).toBe(413);
    expect(res.body.status).toBe(0);
    await vi.waitFor(async () => expect(await storedFiles(t)).toEqual([]));
  });

  it("refuses a file under a field name the form does not have", async () => {
    const res = await request(app).post("/form").attach("other", Buffer.from("x"), "x.txt");
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(0);
  });

  it("keeps an arriving file on disk, not in memory, under the storage's .uploads folder", async () => {
    const res = await request(app)
      .post("/while-uploading")
      .attach("cover_img", Buffer.from("abc"), "c.png");
    expect(res.body.uploading).toEqual([
      expect.stringMatching(/^\.uploads\/[0-9a-f]{24}\.upload$/),
    ]);
  });

  it("removes the temp file once read, and when the handler never reads it", async () => {
    await request(app).post("/form").attach("cover_img", Buffer.from("abc"), "c.png");
    expect(await storedFiles(t)).toEqual([]);
    const res = await request(app)
      .post("/ignores-its-file")
      .attach("cover_img", Buffer.from("abc"), "c.png");
    expect(res.status).toBe(200);
    await vi.waitFor(async () => expect(await storedFiles(t)).toEqual([]));
  });
});
