/**
 * Issue 30 (decision 396): what the site writes to disk holds password hashes, addresses, phone
 * numbers, reset links and unpublished galleys, so every file is 0600 and every folder 0700,
 * whatever the umask: the data folder and session secret of a first start, the SQLite database
 * with its `-wal` and `-shm`, stored files and uploads (sent over HTTP), the outbox, a backup and
 * what a restore writes. The file runs under `umask 0`, where a file or folder created without a
 * mode of its own is world-readable and world-writable, and puts the umask back after.
 */
import { chmod, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "../../server/backup/backup.ts";
import { restoreBackup } from "../../server/backup/restore.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/database.ts";
import { createScratchDatabase } from "../../server/db/scratch-database.ts";
import { outboxDir } from "../../server/services/mail.ts";
import { createLocalStorage } from "../../server/storage/storage.ts";
import { createManager } from "../helpers/account.ts";
import { dialectUnderTest, TEST_PASSCODE } from "../helpers/context.ts";
import { createSeededContext, type SeededContext } from "../helpers/seeded-context.ts";
import { pngImage } from "../helpers/uploads.ts";

let t: SeededContext<{ manager: true }>;
let umask: number;
let scratch: string;

beforeAll(async () => {
  umask = process.umask(0);
  scratch = await mkdtemp(path.join(tmpdir(), "athenaeum-modes-"));
  t = await createSeededContext({ manager: true });
});
afterAll(async () => {
  await t?.close();
  await rm(scratch, { recursive: true, force: true });
  process.umask(umask);
});

const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

/** Every folder and file under `root` (itself included) as `path mode`, for one comparison. */
async function modesUnder(root: string): Promise<{ folders: string[]; files: string[] }> {
  const folders = [`${root} ${await modeOf(root)}`];
  const files: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    (entry.isDirectory() ? folders : files).push(`${full} ${await modeOf(full)}`);
  }
  return { folders, files };
}

/** Fails naming each folder not 0700 and each file not 0600 under `root`. */
async function expectPrivate(root: string, atLeastFiles = 1) {
  const { folders, files } = await modesUnder(root);
  expect(folders.filter((f) => !f.endsWith(" 700"))).toEqual([]);
  expect(files.filter((f) => !f.endsWith(" 600"))).toEqual([]);
  expect(files.length).toBeGreaterThanOrEqual(atLeastFiles);
}

describe(`file modes under umask 0 (${dialectUnderTest})`, () => {
  it("a first start makes DATA_DIR (and its parents) 0700 and the session secret 0600", async () => {
    const dataDir = path.join(scratch, "new", "data");
    loadConfig({ DATA_DIR: dataDir, SEED: "none", ADMIN_PASSCODE: TEST_PASSCODE });
    expect(await modeOf(path.join(scratch, "new"))).toBe("700");
    await expectPrivate(dataDir);
  });

  it("stored files and uploads over HTTP, and their folders, are the server's only", async () => {
    const res = await request(t.app)
      .post("/api/create_partner")
      .set("Cookie", t.cookie)
      .field("name", "A partner")
      .attach("logo", await pngImage(64, 64, "#112233"), "logo.png");
    expect(res.status).toBe(201);
    // the seed's galleys and covers, the logo just sent, and the uploads folder it arrived in
    await expectPrivate(t.ctx.storage.root, 3);
    expect(await modeOf(t.ctx.storage.uploadsDir)).toBe("700");
  });

  it("the outbox folder and the mail in it (a password reset link)", async () => {
    const { email } = await createManager(t.ctx);
    const res = await request(t.app).post("/api/forgot_password").send({ email });
    expect(res.status).toBe(200);
    const dir = outboxDir(t.ctx);
    for (let i = 0; i < 100 && (await readdir(dir).catch(() => [])).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await expectPrivate(dir);
  });

  it("a backup: its folder and every folder in it 0700, every file 0600", async () => {
    const folder = path.join(scratch, "backups", "today");
    await createBackup(
      { database: t.database, storage: t.ctx.storage, dataDir: t.dataDir },
      folder,
    );
    expect(await modeOf(path.join(scratch, "backups"))).toBe("700");
    await expectPrivate(folder, 4);
  });

  it("a backup into an empty folder made beforehand, world-readable, makes it 0700", async () => {
    const folder = path.join(scratch, "made-before");
    await mkdir(folder);
    await chmod(folder, 0o755);
    await createBackup(
      { database: t.database, storage: t.ctx.storage, dataDir: t.dataDir },
      folder,
    );
    await expectPrivate(folder, 4);
  });

  it("a restore writes its data folder, database, secret and files as private", async () => {
    const backup = path.join(scratch, "to-restore");
    await createBackup(
      { database: t.database, storage: t.ctx.storage, dataDir: t.dataDir },
      backup,
    );
    const dataDir = path.join(scratch, "restored", "data");
    const pg = process.env.TEST_DATABASE_URL
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL, "athenaeum_modes_")
      : undefined;
    try {
      await restoreBackup(backup, {
        database: pg
          ? { databaseUrl: pg.url }
          : { sqliteFile: path.join(dataDir, "athenaeum.sqlite") },
        storage: createLocalStorage(path.join(dataDir, "files")),
        dataDir,
      });
    } finally {
      await pg?.drop();
    }
    expect(await modeOf(path.join(scratch, "restored"))).toBe("700");
    await expectPrivate(dataDir, 4);
  });
});

// The database file is SQLite's only; on PostgreSQL the server writes no database file.
describe.skipIf(dialectUnderTest !== "sqlite")("the SQLite database under umask 0", () => {
  it("the live database, its -wal and -shm are 0600", async () => {
    const file = t.database.sqliteFile ?? "";
    await request(t.app).post("/api/create_partner").set("Cookie", t.cookie).field("name", "B");
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(await modeOf(f)).toBe("600");
  });

  it("a new database file and its folder are created private, and an old 0644 one tightened", async () => {
    const folder = path.join(scratch, "sqlite", "new");
    const file = path.join(folder, "athenaeum.sqlite");
    const handle = openDatabase({ sqliteFile: file });
    await sql`create table x (a integer)`.execute(handle.db);
    await handle.close();
    expect(await modeOf(folder)).toBe("700");
    expect(await modeOf(file)).toBe("600");

    await chmod(file, 0o644);
    const again = openDatabase({ sqliteFile: file });
    await sql`insert into x values (1)`.execute(again.db);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(await modeOf(f)).toBe("600");
    await again.close();
  });
});
