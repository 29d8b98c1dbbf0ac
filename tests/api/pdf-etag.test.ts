/**
 * Strong ETags on PDF galleys (issue 6): the tag is a hash of the bytes, so `If-Range` resumes a
 * download only while the file is unchanged, and a weak validator never yields 206
 * (RFC 9110 sections 8.8.3 and 13.1.5).
 */
import { createHash } from "node:crypto";
import { renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { dialectUnderTest } from "../helpers/context.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext();

const galley = () => `/journal/ethics-review/download/${t.seed.paperWithPdfId}/a-good-life.pdf`;
const tagOf = (bytes: Uint8Array) => `"${createHash("sha256").update(bytes).digest("base64url")}"`;

describe(`strong ETags on PDF galleys on ${dialectUnderTest}`, () => {
  it("tags the galley with the hash of its bytes, not a weak tag", async () => {
    const res = await request(t.app).get(galley()).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(tagOf(t.seed.pdfBytes));
  });

  it("resumes with 206 on If-Range with the current tag, and sends it all otherwise", async () => {
    const ranged = (ifRange: string) =>
      request(t.app).get(galley()).set("Range", "bytes=0-99").set("If-Range", ifRange).buffer(true);
    const current = tagOf(t.seed.pdfBytes);
    const resumed = await ranged(current);
    expect(resumed.status).toBe(206);
    expect(resumed.headers["content-range"]).toBe(`bytes 0-99/${t.seed.pdfBytes.length}`);
    for (const stale of [`W/${current}`, '"not-the-tag"']) {
      const whole = await ranged(stale);
      expect(whole.status, stale).toBe(200);
      expect(Number(whole.headers["content-length"]), stale).toBe(t.seed.pdfBytes.length);
    }
  });

  it("changes the tag when the stored bytes change", async () => {
    const before = (await request(t.app).get(galley())).headers.etag;
    const changed = Buffer.concat([Buffer.from(t.seed.pdfBytes), Buffer.from("\n% appended\n")]);
    // a later mtime, as a replaced upload has (set, not waited for)
    const file = t.ctx.storage.absolutePath!(t.seed.pdfKey);
    const later = new Date(statSync(file).mtimeMs + 2_000);
    writeFileSync(file, changed);
    utimesSync(file, later, later);
    const after = await request(t.app).get(galley()).set("If-None-Match", String(before));
    expect(after.status).toBe(200);
    expect(after.headers.etag).toBe(tagOf(changed));
  });

  it("answers 404, not 500, when the storage has lost the galley's file (issue 34)", async () => {
    const file = t.ctx.storage.absolutePath!(t.seed.pdfKey);
    renameSync(file, `${file}.away`);
    try {
      const res = await request(t.app).get(galley());
      expect(res.status).toBe(404);
      expect(res.text).toBe("404 Page Not Found");
    } finally {
      renameSync(`${file}.away`, file);
    }
    expect((await request(t.app).get(galley())).status).toBe(200);
  });
});
