import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorHandler } from "../../server/http/respond.ts";
import { multipart, uploadedFile } from "../../server/http/uploads.ts";
import { createTestContext, type TestContext } from "../helpers/context.ts";

let t: TestContext;
let app: express.Express;

beforeAll(async () => {
  t = await createTestContext({ MAX_PDF_MB: "0.01" });
  app = express();
  app.post("/form", multipart(t.ctx, ["cover_img"]), (req, res) => {
    const file = uploadedFile(req, "cover_img");
    res.json({ body: req.body, size: file?.length ?? null });
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
  });

  it("refuses a file under a field name the form does not have", async () => {
    const res = await request(app).post("/form").attach("other", Buffer.from("x"), "x.txt");
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(0);
  });
});
