import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLanguageText } from "../../server/i18n/catalogues.ts";
import { AppError } from "../../server/services/errors.ts";
import { journalCoverPng, monogramPng } from "../../server/services/generated-art.ts";
import { derivativeKey, removeImage, storeImage } from "../../server/services/images.ts";
import { storePaperFile } from "../../server/services/paper-file.ts";
import { inspectPdf } from "../../server/services/pdf.ts";
import { DERIVATIVE_WIDTHS } from "../../shared/images.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { corpusPdf } from "../helpers/corpus.ts";
import { type LocalS3, startLocalS3 } from "../helpers/local-s3.ts";
import { ENCRYPTED_PDF } from "../helpers/pdf-samples.ts";

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    // the message as a reader gets it (an AppError carries a catalogue message with its values)
    if (error instanceof AppError) return `${error.kind}: ${defaultLanguageText(error.message)}`;
    throw error;
  }
  return "no error";
}

/** A PE executable's first bytes ("MZ" header), as a renamed .exe would have. */
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200)]);

// on a folder and on an S3 bucket (s3rver, decision 295)
describe.each(["file", "s3"] as const)(`images on %s storage (${dialectUnderTest})`, (kind) => {
  let t: TestContext;
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    s3 = kind === "s3" ? await startLocalS3() : undefined;
    t = await createTestContext(s3?.env);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  /** Names of the stored files directly in `folder`. */
  const filesIn = async (folder: string) => {
    const names: string[] = [];
    for await (const entry of t.ctx.storage.entries()) {
      if (entry.name.startsWith(`${folder}/`)) names.push(entry.name.slice(folder.length + 1));
    }
    return names.sort();
  };

  it("stores a PNG as a PNG with a WebP derivative per width beside it", async () => {
    const png = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: "#336699" },
    })
      .png()
      .toBuffer();
    const key = await storeImage(t.ctx, "covers", png);
    expect(key).toMatch(/^covers\/[0-9a-f]{32}\.png$/);
    const stored = await sharp(await t.ctx.storage.read(key)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["png", 900, 1200]);
    for (const width of DERIVATIVE_WIDTHS) {
      const webp = await t.ctx.storage.read(derivativeKey(key, width));
      const meta = await sharp(webp).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 4) / 3));
    }
    await removeImage(t.ctx, key);
    expect(await filesIn("covers")).toEqual([]);
  });

  it("strips a photo's metadata (EXIF: camera, place) from the stored original", async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#884422" },
    })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCo", Model: "X1", Copyright: "Somebody at home" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const key = await storeImage(t.ctx, "covers", jpeg);
    expect(key).toMatch(/\.jpg$/);
    const stored = await t.ctx.storage.read(key);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("PhoneCo"))).toBe(false);
  });

  it("never enlarges a small image", async () => {
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: "#fff0" },
    })
      .png()
      .toBuffer();
    const key = await storeImage(t.ctx, "logos", png);
    const meta = await sharp(await t.ctx.storage.read(derivativeKey(key, 640))).metadata();
    expect(meta.width).toBe(200);
  });

  it("refuses an executable renamed .png (415) and stores nothing", async () => {
    const before = await filesIn("covers");
    expect(await kindOf(storeImage(t.ctx, "covers", EXE))).toMatch(
      /^unsupported_type: The file is not an image we accept\. Upload a JPEG, PNG, WebP, GIF or AVIF image\.$/,
    );
    expect(await filesIn("covers")).toEqual(before);
  });

  it("refuses an image file whose pixels cannot be decoded (415)", async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const damaged = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await kindOf(storeImage(t.ctx, "covers", damaged))).toMatch(
      /^unsupported_type: The image could not be read/,
    );
  });

  it("refuses images over 5 MB (413)", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await kindOf(storeImage(t.ctx, "covers", big))).toMatch(/^too_large: .*at most 5 MB/);
  });

  it("draws portrait covers and square monograms whose text renders", async () => {
    const cover = await journalCoverPng({
      name: "PLOS ONE",
      publisher: "Public Library of Science",
      issn: "1932-6203",
    });
    const meta = await sharp(cover).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 600, 800]);
    // the title band holds cream-coloured text pixels, not only the background gradient
    const band = await sharp(cover)
      .extract({ left: 60, top: 250, width: 480, height: 120 })
      .stats();
    expect(Math.max(...band.channels.slice(0, 3).map((c) => c.max))).toBeGreaterThan(200);
    const logo = await sharp(await monogramPng("University of Bristol")).metadata();
    expect([logo.width, logo.height, logo.hasAlpha]).toEqual([512, 512, true]);
    // the same name always gives the same picture (re-imports are stable)
    expect(
      await journalCoverPng({
        name: "PLOS ONE",
        publisher: "Public Library of Science",
        issn: "1932-6203",
      }),
    ).toEqual(cover);
  });
});

describe(`paper PDFs (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ MAX_PDF_MB: "1" });
  });
  afterAll(() => t.close());

  it("recognises the password-protected issue3371.pdf: no text, no page count", async () => {
    expect(await inspectPdf(await corpusPdf("issue3371.pdf"))).toEqual(ENCRYPTED_PDF);
  });

  it("extracts the text of elife-00353-v1.pdf, which contains a phrase of its abstract", async () => {
    const info = await inspectPdf(await corpusPdf("elife-00353-v1.pdf"));
    expect(info.encrypted).toBe(false);
    expect(info.pageCount).toBe(2);
    expect(info.text).toContain("as Eve Marder explains in the first of a series of columns");
    expect(info.text).not.toMatch(/\s{2,}|\n/);
  });

  it("stores a PDF under papers/ with its size, pages and text", async () => {
    const data = await corpusPdf("elife-00353-v1.pdf");
    const stored = await storePaperFile(t.ctx, data);
    expect(stored.key).toMatch(/^papers\/[0-9a-f]{32}\.pdf$/);
    expect(stored.size).toBe(data.byteLength);
    expect(stored.pageCount).toBe(2);
    expect(await t.ctx.storage.read(stored.key)).toEqual(data);
  });

  it("refuses a text file named .pdf (415), a damaged PDF (415) and one over MAX_PDF_MB (413)", async () => {
    expect(
      await kindOf(storePaperFile(t.ctx, Buffer.from("Just some text, not a PDF.\n"))),
    ).toMatch(/^unsupported_type: The paper file is not a PDF/);
    expect(await kindOf(storePaperFile(t.ctx, EXE))).toMatch(/^unsupported_type:/);
    // issue 7: the header must be at offset 0, not anywhere in the first kilobyte
    const prefixed = Buffer.concat([
      Buffer.from("<html>\n"),
      await corpusPdf("elife-00353-v1.pdf"),
    ]);
    expect(await kindOf(storePaperFile(t.ctx, prefixed))).toMatch(
      /^unsupported_type: The paper file is not a PDF/,
    );
    const damaged = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4000, 0x41)]);
    expect(await kindOf(storePaperFile(t.ctx, damaged))).toMatch(
      /^unsupported_type: The paper file is not a readable PDF/,
    );
    expect(
      await kindOf(storePaperFile(t.ctx, await corpusPdf("decap_elife_poa_e13833.pdf"))),
    ).toMatch(/^too_large: The PDF is too large\. Upload a file of at most 1 MB\.$/);
    const stored = (await readdir(path.join(t.ctx.config.filesDir, "papers"))).length;
    expect(stored).toBe(1); // only the good PDF of the previous test
  });
});
