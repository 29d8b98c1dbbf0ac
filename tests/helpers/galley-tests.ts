/**
 * The answers every PDF galley gives alike, journal papers' (`/journal/{uri}/download/{id}/…`)
 * and conference papers' (`/proceedings/{slug}/download/{id}/…`): the whole PDF with its type,
 * validators and range support, a byte range as 206 partial content, and 304 to a conditional
 * request with the current ETag (docs/product/files.md). Each test file adds the 404s of its
 * own kind of place.
 */
import type { Express } from "express";
import request from "supertest";
import { expect, it } from "vitest";

/** Where the galley is: read when each test runs (so it may come from a `beforeAll`). */
export type Galley = () => { app: Express; url: string; pdf: Buffer };

/** Registers the galley tests in the current `describe`. */
export function galleyTests(galley: Galley): void {
  it("serves the PDF with its type, validators and range support", async () => {
    const { app, url, pdf } = galley();
    const res = await request(app).get(url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers["last-modified"]).toBeTruthy();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(res.headers["content-length"])).toBe(pdf.length);
    expect(Buffer.compare(res.body as Buffer, pdf)).toBe(0);
  });

  it("answers a byte range with 206 partial content", async () => {
    const { app, url, pdf } = galley();
    const res = await request(app).get(url).set("Range", "bytes=100-199").buffer(true);
    expect(res.status).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 100-199/${pdf.length}`);
    expect(Number(res.headers["content-length"])).toBe(100);
    expect(Buffer.compare(res.body as Buffer, pdf.subarray(100, 200))).toBe(0);
  });

  it("answers 304 to a conditional request with the current ETag", async () => {
    const { app, url } = galley();
    const first = await request(app).get(url);
    const again = await request(app).get(url).set("If-None-Match", String(first.headers.etag));
    expect(again.status).toBe(304);
  });
}
