/**
 * The manifest of a backup folder (issue 19, decision 298): `manifest.json`, written last, so a
 * folder without one is an unfinished backup. Every part (the database file or dump, each copied
 * file, the bucket's object list, the session secret) is named by its path in the folder with its
 * size and SHA-256, which `npm run restore` checks before it writes anything.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

export const MANIFEST_FILE = "manifest.json";

const partSchema = z.object({
  /** `/`-separated path inside the backup folder. */
  path: z.string().min(1),
  bytes: z.number().int().min(0),
  /** Hex SHA-256 of the part's bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal("athenaeum-backup-1"),
  createdAt: z.string(),
  /** The database the snapshot came from: a SQLite file copy or a pg_dump custom-format dump. */
  database: z.object({ dialect: z.enum(["sqlite", "postgres"]), path: z.string() }),
  /** `file`: the files are copied under `files/`; `s3`: listed with their ETags in `objects.json`. */
  storage: z.object({ kind: z.enum(["file", "s3"]), location: z.string(), files: z.number() }),
  parts: z.array(partSchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestPart = z.infer<typeof partSchema>;

/** Hex SHA-256 and size of the file at `file`, read as a stream. */
export function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    let bytes = 0;
    createReadStream(file)
      .on("error", reject)
      .on("data", (chunk) => {
        bytes += chunk.length;
        hash.update(chunk);
      })
      .on("end", () => resolve({ sha256: hash.digest("hex"), bytes }));
  });
}

/**
 * The manifest of the backup in `folder`.
 * @throws Error when there is none (an unfinished backup) or it is not one of ours.
 */
export async function readManifest(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), "utf8");
  } catch {
    throw new Error(`${folder} holds no ${MANIFEST_FILE}: not a finished backup`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${folder}/${MANIFEST_FILE} is not an Athenaeum backup manifest`);
  return parsed.data;
}
