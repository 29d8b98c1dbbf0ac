/**
 * Issue 19 (decision 295): everything that works on a local folder works on an S3 bucket. The
 * same tests run on both storages, on the suite's database: galleys with the strong ETag, Range
 * and conditional requests, uploaded logos served under `/files`, the storage sweep; and on the
 * bucket, the 503 + Retry-After of an unreachable store, recovering by itself, and presigned
 * galley redirects (`S3_PRESIGN=1`). The bucket is a real S3 API served by s3rver
 * (tests/helpers/local-s3.ts).
 */
import { createHash } from "node:crypto";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { derivativeKey } from "../../server/services/images.ts";
import { sweepStorage } from "../../server/storage/sweep.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { type LocalS3, startLocalS3 } from "../helpers/local-s3.ts";
import { createSeededContext, type SeededContext } from "../helpers/seeded-context.ts";
import { pngImage } from "../helpers/uploads.ts";

const UNAVAILABLE = "The server cannot store files right now. Please try again later.";
const tagOf = (bytes: Uint8Array) => `"${createHash("sha256").update(bytes).digest("base64url")}"`;

async function names(t: SeededContext): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of t.ctx.storage.entries()) found.push(entry.name);
  return found.sort();
}

describe.each(["file", "s3"] as const)(`%s storage on ${dialectUnderTest}`, (kind) => {
  let s3: LocalS3 | undefined;
  let t: SeededContext<{ manager: true }>;
  beforeAll(async () => {
    s3 = kind === "s3" ? await startLocalS3() : undefined;
    t = await createSeededContext({ env: s3?.env ?? {}, manager: true });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const galley = () => `/journal/ethics-review/download/${t.seed.paperWithPdfId}/a-good-life.pdf`;
  /** POST /api/create_partner named `name`, with a logo (a file to store), signed in. */
  const createPartner = async (name: string, logo?: Buffer) =>
    request(t.app)
      .post("/api/create_partner")
      .set("Cookie", t.cookie)
      .field("name", name)
      .attach("logo", logo ?? (await pngImage(96, 96)), "logo.png");

  it("keeps the files where STORAGE_URL says", () => {
    expect(t.ctx.storage.kind).toBe(kind);
  });

  it("serves a galley with the strong ETag, one range, If-Range and 304", async () => {
    const bytes = Buffer.from(t.seed.pdfBytes);
    const whole = await request(t.app).get(galley()).buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers["content-type"]).toBe("application/pdf");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers.etag).toBe(tagOf(bytes));
    expect(Buffer.compare(whole.body as Buffer, bytes)).toBe(0);

    const current = tagOf(bytes);
    const part = await request(t.app)
      .get(galley())
      .set("Range", "bytes=100-199")
      .set("If-Range", current)
      .buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.compare(part.body as Buffer, bytes.subarray(100, 200))).toBe(0);

    const stale = await request(t.app)
      .get(galley())
      .set("Range", "bytes=0-99")
      .set("If-Range", '"not-the-tag"');
    expect(stale.status).toBe(200);
    expect(Number(stale.headers["content-length"])).toBe(bytes.length);

    const cached = await request(t.app).get(galley()).set("If-None-Match", current);
    expect(cached.status).toBe(304);
    const past = await request(t.app)
      .get(galley())
      .set("Range", `bytes=${bytes.length + 10}-`);
    expect(past.status).toBe(416);
  });

  it("stores an uploaded logo with its derivatives and serves it under /files", async () => {
    const png = await pngImage(96, 96);
    const res = await createPartner(`Partner on ${kind}`, png);
    expect(res.status).toBe(201);
    const row = await t.ctx.db
      .selectFrom("partners")
      .select("logo")
      .where("name", "=", `Partner on ${kind}`)
      .executeTakeFirstOrThrow();
    const logo = row.logo!;
    const stored = await names(t);
    expect(stored).toContain(logo);
    expect(stored).toContain(derivativeKey(logo, 320));
    expect(stored.filter((n) => n.startsWith(".uploads/"))).toEqual([]); // upload spool emptied

    const served = await request(t.app).get(`/files/${logo}`).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toContain("immutable");
    expect(Buffer.compare(served.body as Buffer, await t.ctx.storage.read(logo))).toBe(0);
    expect((await request(t.app).get("/files/logos/0000.png")).status).toBe(404);
  });

  it("sweeps old unreferenced files and old uploads, and keeps young and referenced ones", async () => {
    const orphan = "papers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf";
    await t.ctx.storage.put(orphan, Buffer.from("%PDF-orphan"));
    const upload = path.join(t.ctx.storage.uploadsDir, "cccccccccccccccccccccccc.upload");
    await mkdir(t.ctx.storage.uploadsDir, { recursive: true });
    await writeFile(upload, "partial");
    await utimes(upload, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const oldWritten = Date.now();
    // objects carry the store's own time, to the second: age them by waiting
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const young = "papers/dddddddddddddddddddddddddddddddd.pdf";
    await t.ctx.storage.put(young, Buffer.from("%PDF-in-flight"));
    const before = await names(t);

    // a grace period ending just after the old writes, however slowly a busy machine ran since
    const result = await sweepStorage(t.ctx, Date.now() - oldWritten - 1);

    expect(result).toMatchObject({ orphans: 1, temp: 1, failed: 0 });
    const after = await names(t);
    expect(after).toEqual(
      before.filter((n) => n !== orphan && n !== ".uploads/cccccccccccccccccccccccc.upload"),
    );
    expect(after).toContain(young);
    expect(after).toContain(t.seed.pdfKey);
  });

  it.runIf(kind === "s3")(
    "answers 503 with Retry-After while the bucket is unreachable, and recovers by itself",
    async () => {
      await s3!.stop();
      try {
        const ready = await request(t.app).get("/readyz");
        expect(ready.status).toBe(503);
        expect(ready.text).toContain("storage");
        const upload = await createPartner("While down");
        expect(upload.status).toBe(503);
        expect(upload.headers["retry-after"]).toBeDefined();
        expect(upload.body).toEqual({ status: 0, msg: UNAVAILABLE });
        const download = await request(t.app).get(galley());
        expect(download.status).toBe(503);
        expect(download.headers["retry-after"]).toBeDefined();
      } finally {
        await s3!.start();
      }
      expect((await request(t.app).get("/readyz")).status).toBe(200);
      expect((await request(t.app).get(galley())).status).toBe(200);
      const again = await createPartner("After the outage");
      expect(again.status).toBe(201);
    },
  );

  it.runIf(kind === "s3")("redirects galleys to a presigned URL with S3_PRESIGN=1", async () => {
    const presigned = await createSeededContext({ env: { ...s3!.env, S3_PRESIGN: "1" } });
    try {
      const res = await request(presigned.app).get(galley());
      expect(res.status).toBe(302);
      expect(res.headers["cache-control"]).toBe("no-store");
      const url = String(res.headers.location);
      expect(url.startsWith(s3!.endpoint)).toBe(true);
      const direct = await fetch(url);
      expect(direct.status).toBe(200);
      expect(direct.headers.get("content-type")).toBe("application/pdf");
      expect(direct.headers.get("content-disposition")).toBe('inline; filename="a-good-life.pdf"');
      const body = Buffer.from(await direct.arrayBuffer());
      expect(Buffer.compare(body, presigned.seed.pdfBytes)).toBe(0);
    } finally {
      await presigned.close();
    }
  });
});
