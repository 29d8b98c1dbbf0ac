/**
 * Upload material for the dashboard API tests: small real images made with sharp, a real
 * executable to rename, and the list of files in a context's storage (to prove that a failed
 * request left nothing behind).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { TestContext } from "./context.ts";

/** A real PNG of `width` × `height` pixels in one colour. */
export function pngImage(width = 60, height = 80, background = "#1e4f7a"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A real JPEG of `width` × `height` pixels in one colour. */
export function jpegImage(width = 60, height = 80, background = "#7a1e3f"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** A PNG signature followed by padding, `bytes` long: an image over the 5 MB limit. */
export async function oversizedPng(bytes = 5 * 1024 * 1024 + 1024): Promise<Buffer> {
  const head = await pngImage();
  return Buffer.concat([head, Buffer.alloc(bytes - head.length)]);
}

/** The bytes of a real ELF executable of the system (`/bin/true`), to upload as `cover.png`. */
export function executableBytes(): Promise<Buffer> {
  return readFile("/bin/true");
}

/** Every file under the storage root of `t`, as sorted relative paths (empty when none). */
export async function storedFiles(t: TestContext): Promise<string[]> {
  const root = t.ctx.storage.root;
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
