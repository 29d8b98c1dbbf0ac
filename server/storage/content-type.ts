/**
 * Upload type checks by content, never by file name or client-sent type (docs/product/files.md).
 */
import { fileTypeFromBuffer } from "file-type";

/** Image types accepted for covers and logos, by MIME type → stored file extension. */
export const IMAGE_TYPES = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
  "image/gif": ".gif",
  "image/avif": ".avif",
} as const;

export type ImageType = { mime: keyof typeof IMAGE_TYPES; ext: string };

/** The image type found in the file's magic bytes, or null when it is not an accepted image. */
export async function detectImage(data: Uint8Array): Promise<ImageType | null> {
  const found = await fileTypeFromBuffer(data);
  if (!found || !(found.mime in IMAGE_TYPES)) return null;
  const mime = found.mime as keyof typeof IMAGE_TYPES;
  return { mime, ext: IMAGE_TYPES[mime] };
}

/**
 * True when the data is a PDF: it starts with the `%PDF-` header (ISO 32000-1 section 7.5.2,
 * docs/product/files.md). Readers tolerate junk before the header, but an upload with a prefix is
 * rather another file type wearing a PDF inside, so it is refused (issue 7).
 */
export function isPdf(data: Uint8Array): boolean {
  return Buffer.from(data.subarray(0, 5)).toString("latin1") === "%PDF-";
}
