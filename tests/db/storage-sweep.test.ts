import { mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { derivativeKey, storeImage } from "../../server/services/images.ts";
import { referencedKeys, startStorageSweeps, sweepStorage } from "../../server/storage/sweep.ts";
import { DERIVATIVE_WIDTHS } from "../../shared/images.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { seedCatalogue } from "../helpers/fixtures.ts";
import { pngImage, storedFiles } from "../helpers/uploads.ts";

const HOUR = 60 * 60 * 1000;
let t: TestContext;

beforeEach(async () => {
  t = await createTestContext();
});
afterEach(() => t.close());

/** Writes `bytes` bytes at `relative` under the storage root, last modified `ageMs` ago. */
async function plant(relative: string, ageMs: number, bytes = 100): Promise<void> {
  const file = path.join(t.ctx.storage.root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(bytes));
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
}

/** A journal cover stored and referenced, as the dashboard leaves it. */
async function referencedCover(): Promise<string> {
  const key = await storeImage(t.ctx, "covers", await pngImage());
  await t.ctx.db.updateTable("journals").set({ image: key }).execute();
  return key;
}

describe(`storage sweep (${dialectUnderTest})`, () => {
  it("lists every file a row references, with the derivatives of images", async () => {
    const seeded = await seedCatalogue(t.ctx);
    const cover = await referencedCover();
    const issueCover = "covers/11111111111111111111111111111111.jpg";
    const proceedingCover = "covers/22222222222222222222222222222222.png";
    await t.ctx.db.updateTable("publications").set({ cover: issueCover }).execute();
    await t.ctx.db.updateTable("proceedings").set({ cover: proceedingCover }).execute();
    const keys = await referencedKeys(t.ctx);
    expect(keys).toContain(seeded.pdfKey);
    for (const image of [cover, issueCover, proceedingCover]) {
      expect(keys).toContain(image);
      for (const width of DERIVATIVE_WIDTHS) expect(keys).toContain(derivativeKey(image, width));
    }
    expect(keys).toContain("logos/0123456789abcdef0123456789abcdef.png");
  });

  it("keeps the stamped copies of a retraction and of its paper's earlier versions (decision 497)", async () => {
    const seeded = await seedCatalogue(t.ctx);
    const current = "stamped/33333333333333333333333333333333.pdf";
    const earlier = "stamped/44444444444444444444444444444444.pdf";
    const row = await t.ctx.db
      .insertInto("paper_updates")
      .values({
        paper_id: seeded.paperWithPdfId,
        type: "retraction",
        title: "Retraction",
        text: "Retracted.",
        date: "2026-01-01",
        doi: null,
        stamped_file: current,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto("paper_update_stamps")
      .values({ update_id: Number(row.id), version: 1, stamped_file: earlier })
      .execute();
    const keys = await referencedKeys(t.ctx);
    expect(keys).toContain(current);
    expect(keys).toContain(earlier);
  });

  it("removes old temp files and old unreferenced files, and keeps the rest", async () => {
    const seeded = await seedCatalogue(t.ctx);
    const cover = await referencedCover();
    const referenced = await storedFiles(t);
    // Referenced files stay however old they are.
    for (const key of referenced) await utimes(path.join(t.ctx.storage.root, key), 0, 0);

    await plant("papers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf", 2 * HOUR, 1000); // crash after write
    await plant("covers/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png.0a1b2c3d4e5f.tmp", 2 * HOUR, 300);
    await plant(".uploads/cccccccccccccccccccccccc.upload", 2 * HOUR, 50);
    await plant("papers/dddddddddddddddddddddddddddddddd.pdf", 60_000); // upload in flight
    await plant("papers/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.pdf.0a1b2c3d4e5f.tmp", 60_000);
    await plant("lost+found/NOTES.TXT", 2 * HOUR); // not a name the site writes

    const result = await sweepStorage(t.ctx, HOUR);

    expect(result).toEqual({ temp: 2, orphans: 1, bytes: 1350, failed: 0 });
    expect(await storedFiles(t)).toEqual(
      [
        ...referenced,
        "papers/dddddddddddddddddddddddddddddddd.pdf",
        "papers/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.pdf.0a1b2c3d4e5f.tmp",
        "lost+found/NOTES.TXT",
      ].sort(),
    );
    expect(referenced).toContain(seeded.pdfKey);
    expect(referenced).toContain(cover);
  });

  it("with no grace period removes every temp and unreferenced file at once", async () => {
    await seedCatalogue(t.ctx);
    const referenced = await storedFiles(t);
    await plant("papers/dddddddddddddddddddddddddddddddd.pdf", 0);
    await plant(".uploads/cccccccccccccccccccccccc.upload", 0);
    const result = await sweepStorage(t.ctx, 0);
    expect(result).toMatchObject({ temp: 1, orphans: 1 });
    expect(await storedFiles(t)).toEqual(referenced);
  });

  it("keeps unreferenced files when the database references no file at all", async () => {
    await plant("papers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf", 2 * HOUR);
    await plant("papers/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.pdf.0a1b2c3d4e5f.tmp", 2 * HOUR);
    const result = await sweepStorage(t.ctx, HOUR);
    expect(result).toMatchObject({ temp: 1, orphans: 0 });
    expect(await storedFiles(t)).toEqual(["papers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf"]);
  });

  it("sweeps at start and logs one line with the counts and bytes", async () => {
    await seedCatalogue(t.ctx);
    await plant("papers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf", 2 * HOUR, 4096);
    const lines: Record<string, unknown>[] = [];
    const log = pino(
      { level: "info" },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const ctx = { ...t.ctx, log, config: { ...t.ctx.config } };
    ctx.config.storageSweep = { graceMs: HOUR, intervalMs: HOUR };
    const sweeps = startStorageSweeps(ctx);
    const result = await sweeps.first;
    sweeps.stop();
    expect(result).toMatchObject({ orphans: 1, bytes: 4096 });
    const summary = lines.filter((l) => l.msg === "storage sweep");
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatchObject({ orphans: 1, temp: 0, bytes: 4096 });
  });
});

describe("put", () => {
  it("leaves no temp file when the rename fails", async () => {
    const key = "papers/ffffffffffffffffffffffffffffffff.pdf";
    // A folder where the file should go makes the final rename fail.
    await mkdir(path.join(t.ctx.storage.root, key, "inside"), { recursive: true });
    await expect(t.ctx.storage.put(key, Buffer.from("%PDF-1.4"))).rejects.toThrow();
    expect(await storedFiles(t)).toEqual([]);
  });
});
