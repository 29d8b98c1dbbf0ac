/**
 * Issue 19 (decision 298): `npm run backup` while writes flow, `npm run restore` into a fresh
 * place, and the restored site gives the same API answers and byte-identical galleys, on the
 * suite's database. A restore into a place that is not empty, and of a damaged backup, is refused.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "../../server/backup/backup.ts";
import { readManifest } from "../../server/backup/manifest.ts";
import { restoreBackup } from "../../server/backup/restore.ts";
import { openDatabase } from "../../server/db/database.ts";
import { createScratchDatabase } from "../../server/db/scratch-database.ts";
import { createHttpApp } from "../../server/http/app.ts";
import type { AppContext } from "../../server/services/context.ts";
import { createLocalStorage } from "../../server/storage/storage.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { createSeededContext, type SeededContext } from "../helpers/seeded-context.ts";
import { pngImage } from "../helpers/uploads.ts";

let t: SeededContext<{ manager: true }>;
let folder: string;
let restoredDir: string;
let restored: { app: ReturnType<typeof createHttpApp>; close: () => Promise<void> };
let partnersBefore: number;
const cleanups: (() => Promise<void>)[] = [];

const galley = () => `/journal/ethics-review/download/${t.seed.paperWithPdfId}/a-good-life.pdf`;

/** A fresh place: an empty data folder and, on PostgreSQL, an empty database. */
async function freshTarget() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "athenaeum-restored-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const storage = createLocalStorage(path.join(dataDir, "files"));
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchDatabase(
      process.env.TEST_DATABASE_URL,
      "athenaeum_restore_",
    );
    cleanups.push(scratch.drop);
    return { dataDir, storage, database: { databaseUrl: scratch.url } };
  }
  return { dataDir, storage, database: { sqliteFile: path.join(dataDir, "athenaeum.sqlite") } };
}

beforeAll(async () => {
  t = await createSeededContext({ manager: true });
  folder = await mkdtemp(path.join(tmpdir(), "athenaeum-backup-"));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const addPartner = async (n: number) => {
    const res = await request(t.app)
      .post("/api/create_partner")
      .set("Cookie", t.cookie)
      .field("name", `Partner ${n}`)
      .attach("logo", await pngImage(64, 64, n % 2 ? "#112233" : "#445566"), "logo.png");
    expect(res.status).toBe(201);
  };
  await addPartner(0);
  partnersBefore = 1;
  // writes flow during the whole backup
  let writing = true;
  let n = 1;
  const writes = (async () => {
    while (writing) await addPartner(n++);
  })();
  try {
    await createBackup(
      { database: t.database, storage: t.ctx.storage, dataDir: t.dataDir },
      folder,
    );
  } finally {
    writing = false;
    await writes;
  }

  const target = await freshTarget();
  restoredDir = target.dataDir;
  await restoreBackup(folder, target);
  const handle = openDatabase(target.database);
  const ctx: AppContext = {
    ...t.ctx,
    db: handle.db,
    readDb: handle.db,
    storage: target.storage,
    log: pino({ level: "silent" }),
    usage: undefined,
  };
  restored = { app: createHttpApp(ctx), close: () => handle.close() };
  cleanups.unshift(() => restored.close());
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  await t?.close();
});

describe(`backup and restore on ${dialectUnderTest}`, () => {
  it("writes a manifest with the SHA-256 of every part", async () => {
    const manifest = await readManifest(folder);
    expect(manifest.database.dialect).toBe(dialectUnderTest);
    const paths = manifest.parts.map((p) => p.path);
    expect(paths).toContain(manifest.database.path);
    expect(paths).toContain(`files/${t.seed.pdfKey}`);
    for (const part of manifest.parts) expect(part.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers the public API as the original did", async () => {
    for (const url of [
      "/api/all_journals",
      "/api/get_journal/ethics-review",
      `/api/get_journal_paper/ethics-review/${t.seed.paperWithPdfId}`,
    ]) {
      const [before, after] = await Promise.all([
        request(t.app).get(url),
        request(restored.app).get(url),
      ]);
      expect(after.status, url).toBe(200);
      expect(after.body, url).toEqual(before.body);
    }
  });

  it("serves byte-identical galleys", async () => {
    const res = await request(restored.app).get(galley()).buffer(true);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, Buffer.from(t.seed.pdfBytes))).toBe(0);
  });

  it("has every file its rows reference, though writes went on during the backup", async () => {
    const res = await request(restored.app).get("/api/partners");
    // the seeded partners' logos are rows without files (fixtures); these were uploaded
    const partners = (res.body.partners as { name: string; logo: string | null }[]).filter((p) =>
      p.name.startsWith("Partner "),
    );
    expect(partners.length).toBeGreaterThanOrEqual(partnersBefore);
    for (const partner of partners) {
      expect(partner.logo).toBeTruthy();
      const logo = await request(restored.app).get(partner.logo!);
      expect(logo.status, partner.logo!).toBe(200);
    }
  });

  it("refuses to restore into a place that is not empty", async () => {
    const again = {
      dataDir: restoredDir,
      storage: createLocalStorage(path.join(restoredDir, "files")),
      database: t.database,
    };
    await expect(restoreBackup(folder, again)).rejects.toThrow(/not empty|exists/);
  });

  it("refuses a damaged backup before writing anything", async () => {
    const manifest = await readManifest(folder);
    const part = path.join(folder, ...`files/${t.seed.pdfKey}`.split("/"));
    const original = await readFile(part);
    await writeFile(part, Buffer.concat([original, Buffer.from("x")]));
    try {
      const target = await freshTarget();
      await expect(restoreBackup(folder, target)).rejects.toThrow(/damaged/);
      expect(manifest.parts.length).toBeGreaterThan(1);
    } finally {
      await writeFile(part, original);
    }
  });
});
