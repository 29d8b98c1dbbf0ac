/**
 * Covers and logos (docs/product/files.md): JPEG, PNG, WebP, GIF or AVIF, checked by content, at most
 * 5 MB, stored in their own format with a WebP derivative per width of `DERIVATIVE_WIDTHS`
 * (`{folder}/{name}.{ext}` and `{folder}/{name}-{width}.webp` beside it, see shared/images.ts).
 * The original is re-encoded upright and without its metadata: a phone photo's EXIF block can
 * carry the place it was taken and the camera's serial number, which a public cover must not.
 */
import sharp from "sharp";
import { msg } from "../../shared/i18n/messages.ts";
import { DERIVATIVE_WIDTHS } from "../../shared/images.ts";
import { detectImage } from "../storage/content-type.ts";
import { newKey } from "../storage/storage.ts";
import type { AppContext } from "./context.ts";
import { AppError } from "./errors.ts";

/** Largest accepted image file (docs/product/files.md). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The message of an image over {@link MAX_IMAGE_BYTES}, read or cut off while uploaded. */
export const IMAGE_TOO_LARGE = "The image is too large. Upload an image of at most 5 MB.";

/** Largest decoded size, so a small file cannot expand into gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Storage key of the `width` derivative of the image stored at `key`. */
export function derivativeKey(key: string, width: number): string {
  return key.replace(/\.[a-z0-9]+$/, `-${width}.webp`);
}

/**
 * Checks `data` and stores it with its derivatives under `folder` (`covers`, `logos`, …).
 * @returns the storage key of the original, e.g. `covers/9b2e….png`.
 * @throws AppError `unsupported_type` (415) when the content is not an accepted image or cannot
 *   be decoded; `too_large` (413) above 5 MB or 40 megapixels. On a storage failure whatever
 *   was written is removed again and the error is rethrown.
 */
export async function storeImage(
  ctx: AppContext,
  folder: string,
  data: Uint8Array,
): Promise<string> {
  const type = await detectImage(data);
  if (!type) {
    throw new AppError(
      "unsupported_type",
      msg("The file is not an image we accept. Upload a JPEG, PNG, WebP, GIF or AVIF image."),
    );
  }
  if (data.byteLength > MAX_IMAGE_BYTES) {
    throw new AppError("too_large", IMAGE_TOO_LARGE);
  }
  const derivatives = await renderDerivatives(data);
  const original = await withoutMetadata(data, type.mime);

  const key = newKey(folder, type.ext);
  const written: string[] = [];
  try {
    await ctx.storage.put(key, original);
    written.push(key);
    for (const [width, webp] of derivatives) {
      const dKey = derivativeKey(key, width);
      await ctx.storage.put(dKey, webp);
      written.push(dKey);
    }
  } catch (error) {
    await Promise.all(written.map((k) => ctx.storage.remove(k).catch(() => {})));
    throw error;
  }
  return key;
}

/** Removes the image stored at `key` and its derivatives; missing files are not an error. */
export async function removeImage(ctx: AppContext, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await Promise.all([
    ctx.storage.remove(key),
    ...DERIVATIVE_WIDTHS.map((w) => ctx.storage.remove(derivativeKey(key, w))),
  ]);
}

/** Decodes the image and renders each derivative; never wider than the original. */
async function renderDerivatives(data: Uint8Array): Promise<[number, Buffer][]> {
  const options = { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS } as const;
  let width: number;
  try {
    const meta = await sharp(data, options).metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    width = meta.autoOrient?.width ?? meta.width;
  } catch (error) {
    throw undecodable(error);
  }
  // The widths are resized and encoded in parallel (libvips threads).
  const decoded = sharp(data, options).autoOrient(); // EXIF orientation: portraits stay upright
  try {
    return await Promise.all(
      DERIVATIVE_WIDTHS.map(
        async (target): Promise<[number, Buffer]> => [
          target,
          await decoded
            .clone()
            .resize({ width: Math.min(target, width), withoutEnlargement: true })
            .webp({ quality: 82, effort: 3 })
            .toBuffer(),
        ],
      ),
    );
  } catch (error) {
    throw undecodable(error);
  }
}

/** The image re-encoded in its own format, upright, with no EXIF, XMP or IPTC metadata. */
async function withoutMetadata(data: Uint8Array, mime: string): Promise<Buffer> {
  const animated = mime === "image/gif" || mime === "image/webp";
  const image = sharp(data, {
    failOn: "error",
    limitInputPixels: MAX_IMAGE_PIXELS,
    animated,
  }).autoOrient();
  try {
    switch (mime) {
      case "image/jpeg":
        return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      case "image/png":
        return await image.png({ compressionLevel: 9 }).toBuffer();
      case "image/webp":
        return await image.webp({ quality: 90 }).toBuffer();
      case "image/gif":
        return await image.gif().toBuffer();
      default:
        return await image.avif({ quality: 70 }).toBuffer();
    }
  } catch (error) {
    throw undecodable(error);
  }
}

function undecodable(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new AppError(
      "too_large",
      msg("The image has too many pixels. Upload an image of at most 40 megapixels."),
    );
  }
  return new AppError(
    "unsupported_type",
    msg(
      "The image could not be read; the file may be damaged. Upload a JPEG, PNG, WebP, GIF or AVIF image.",
    ),
  );
}
