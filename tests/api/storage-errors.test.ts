/**
 * Issue 7: a storage that cannot be written answers with its meaning, through a real HTTP upload.
 *
 * Tests run as root in CI, where `chmod 0555` stops nothing, so the failures are real ones made
 * the way root cannot bypass (decision 137):
 * - an immutable folder (`chattr +i`, ext4 and most Linux file systems): EPERM → 503;
 * - a read-only bind mount and a full tmpfs, in a user and mount namespace of their own
 *   (`unshare -rm`, unprivileged on current kernels) around a child server process: EROFS → 503
 *   and ENOSPC → 507.
 * A test whose technique the machine lacks is skipped and says why.
 */
import { spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { signedInManager } from "../helpers/account.ts";
import { type ChildServer, startChildServer } from "../helpers/child-server.ts";
import {
  CORPUS_DIR,
  createTestContext,
  dialectUnderTest,
  type TestContext,
} from "../helpers/context.ts";
import { insertJournalWithIssue } from "../helpers/fixtures.ts";
import { pngImage, storedFiles } from "../helpers/uploads.ts";

const UNAVAILABLE = "The server cannot store files right now. Please try again later.";
const NO_SPACE = "The server has no space left for this file.";

let t: TestContext;
let cookie: string;
let lines: Record<string, unknown>[];
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  t = await createTestContext();
  ({ cookie } = await signedInManager(t));
  lines = [];
  const log = pino(
    { level: "info" },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  app = createHttpApp({ ...t.ctx, log });
});
afterAll(() => t.close());

/** `chattr ±i folder`; false when the file system or the user cannot. */
function immutable(folder: string, on: boolean): boolean {
  return spawnSync("chattr", [on ? "+i" : "-i", folder]).status === 0;
}

async function createPartner() {
  return request(app)
    .post("/api/create_partner")
    .set("Cookie", cookie)
    .field("name", "ETH Zurich")
    .attach("logo", await pngImage(96, 96), "logo.png");
}

const partnerCount = async () =>
  (await t.ctx.db.selectFrom("partners").select("id").execute()).length;

const storageErrorLines = () =>
  lines.filter((l) => l.level === 50 && typeof l.path === "string" && l.msg !== "request errored");

/**
 * With `folder` immutable, a partner upload answers 503 with the unavailable msg; the log lines
 * are cleared first, and the folder is writable again afterwards. Skips `test` without chattr.
 */
async function expectUnavailableWhileImmutable(folder: string, test: { skip(note: string): void }) {
  if (!immutable(folder, true)) test.skip("chattr +i is not available here");
  lines.length = 0;
  try {
    const res = await createPartner();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 0, msg: UNAVAILABLE });
  } finally {
    immutable(folder, false);
  }
}

describe(`an unwritable storage on ${dialectUnderTest}`, () => {
  it("answers 503 with a clear msg when the logos folder cannot be written", async (test) => {
    const logos = path.join(t.ctx.storage.root, "logos");
    await mkdir(logos, { recursive: true });
    await expectUnavailableWhileImmutable(logos, test);
    expect(await partnerCount()).toBe(0);
    expect(await storedFiles(t)).toEqual([]); // the upload's temp file is gone too
    const logged = storageErrorLines();
    expect(logged).toHaveLength(1);
    expect(String(logged[0]!.path)).toContain(logos);

    // Writable again: the same upload works.
    expect((await createPartner()).status).toBe(201);
  });

  it("answers 503 when the upload itself cannot land in the storage", async (test) => {
    const root = t.ctx.storage.root;
    await rm(path.join(root, ".uploads"), { recursive: true, force: true });
    await expectUnavailableWhileImmutable(root, test);
    expect(storageErrorLines()).toHaveLength(1);
  });
});

/** True when this machine lets an unprivileged namespace mount (tmpfs and bind mounts). */
function canUnshare(): boolean {
  return spawnSync("unshare", ["-rm", "true"]).status === 0;
}

describe(`a read-only or full storage mount on ${dialectUnderTest}`, () => {
  let server: ChildServer | undefined;
  const started: ChildServer[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
  });

  /**
   * The child server with its storage at `DATA_DIR/files` mounted by `mount` (a shell command on
   * "$S", the storage folder) in its own namespace.
   */
  async function serverWithMount(port: string, mount: string) {
    const storage = path.join(t.dataDir, `files-${port}`);
    await mkdir(storage, { recursive: true });
    server = await startChildServer(
      {
        PORT: port,
        DATA_DIR: t.dataDir,
        STORAGE_URL: `file://${storage}`,
        ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
        SEED: "none",
        S: storage,
      },
      ["unshare", "-rm", "sh", "-c", `${mount} && exec "$@"`],
    );
    started.push(server);
    // The child's own view of its storage (its mount namespace), through /proc.
    return { storage, inside: `/proc/${server.process.pid}/root${storage}` };
  }

  async function uploadPaperPdf(name: string) {
    const { issueId } = await insertJournalWithIssue(t.ctx.db, {
      uri: `mount-${name}`,
      name: `Mount ${name}`,
      abbreviation: "M",
    });
    const form = new FormData();
    form.append("sel_publication", String(issueId));
    form.append("title", "A paper");
    form.append("abstract", "An abstract.");
    form.append("authors[0][name]", "Ada Lovelace");
    // 674 kB, more than the 512 kB tmpfs of the full-disk test holds.
    const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "TAMReview.pdf"));
    form.append("paper_file", new Blob([new Uint8Array(pdf)]), "paper.pdf");
    const res = await fetch(`${server!.origin}/api/create_paper/mount-${name}`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  // The child logs after it answers, and its stdout reaches us on its own schedule: wait for it.
  const loggedErrors = async () => {
    await expect.poll(() => errorLinesWithPath().length, { timeout: 5000 }).toBeGreaterThan(0);
    return errorLinesWithPath();
  };

  const errorLinesWithPath = () =>
    server!
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.level === 50 && typeof l.path === "string");

  it("answers 507 with the issue's msg when the disk is full, and leaves no partial file", async (test) => {
    if (!canUnshare()) test.skip("unshare -rm (user and mount namespaces) is not available here");
    const { inside } = await serverWithMount("3282", 'mount -t tmpfs -o size=512k tmpfs "$S"');
    const res = await uploadPaperPdf("full");
    expect(res, server!.output()).toEqual({ status: 507, body: { status: 0, msg: NO_SPACE } });
    expect(await loggedErrors()).toHaveLength(1);
    // No temp file of put() and no upload left on the full disk.
    const left = await readdir(inside, { recursive: true, withFileTypes: true });
    expect(left.filter((e) => e.isFile()).map((e) => e.name)).toEqual([]);
    await server!.stop();
  });

  it("answers 503 when the storage is mounted read-only", async (test) => {
    if (!canUnshare()) test.skip("unshare -rm (user and mount namespaces) is not available here");
    await serverWithMount("3283", 'mount --bind -o ro "$S" "$S"');
    const res = await uploadPaperPdf("read-only");
    expect(res, server!.output()).toEqual({ status: 503, body: { status: 0, msg: UNAVAILABLE } });
    const logged = await loggedErrors();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ code: "EROFS" });
    await server!.stop();
  });
});
