/**
 * The JATS pool (decision 386): galleys parsed in worker threads answer what the serving thread
 * would have made of them, refusals included; a worker that dies or takes too long fails its
 * job with a JatsPoolError (503 for the caller) and the next job gets a fresh worker; a full
 * queue refuses at once.
 */
import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderFullText } from "../../app/lib/fulltext-html.ts";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { runJatsJob } from "../../server/features/fulltext/jats-jobs.ts";
import { createJatsPool } from "../../server/features/fulltext/jats-pool.ts";
import { CORPUS_DIR } from "../helpers/context.ts";
import { referencesJats } from "../helpers/jats-bombs.ts";

const misbehaving = new URL("../helpers/misbehaving-jats-worker.ts", import.meta.url);
const MAX = 10 * 1024 * 1024;
const ARTICLE =
  '<?xml version="1.0" encoding="UTF-8"?><article><front><article-meta><title-group><article-title>Pooled</article-title></title-group></article-meta></front><body><sec><title>One</title><p>Text.</p></sec></body></article>';

describe("JATS worker pool", () => {
  const pool = createJatsPool({ size: 1 });
  afterAll(() => pool.close());

  it("makes the same tree, upload facts and form metadata as this thread", async () => {
    const file = path.join(CORPUS_DIR, "jats", "journal.pone.0115884.xml");
    const data = new Uint8Array(await readFile(file));
    const files: [string, string][] = [["g001.png", "/f/g001.png"]];
    const tree = { kind: "tree" as const, data, maxBytes: MAX, files };
    const pooledTree = await pool.run(tree);
    expect(pooledTree).toEqual(runJatsJob(tree));
    expect(pooledTree.body.length).toBeGreaterThan(3);
    const galley = { kind: "galley", data, maxBytes: MAX, maxTextBytes: 1000 } as const;
    const facts = await pool.run(galley);
    expect(facts).toEqual(runJatsJob(galley));
    expect(Buffer.byteLength(facts.bodyText)).toBeLessThanOrEqual(1000);
    const metadata = await pool.run({ kind: "metadata", data, maxBytes: MAX });
    expect(metadata.title).toMatch(/\w/);
  });

  it("renders a full-text page as this thread does, in each language (decision 530)", async () => {
    const file = path.join(CORPUS_DIR, "jats", "journal.pone.0115884.xml");
    const data = new Uint8Array(await readFile(file));
    const files: [string, string][] = [["journal.pone.0115884.g001.png", "/f/g001.png"]];
    const tree = runJatsJob({ kind: "tree", data, maxBytes: MAX, files });
    for (const locale of ["en", "ar"] as const) {
      const page = await pool.run({ kind: "page", data, maxBytes: MAX, files, locale });
      expect(page).toEqual(renderFullText(tree, locale));
      expect(page.html).toContain(locale === "ar" ? "المراجع" : "References");
      expect(page.html).toContain('src="/f/g001.png"');
    }
    // the serving thread renders with its own copy: a page job is a worker's alone
    expect(() => runJatsJob({ kind: "page", data, maxBytes: MAX, files, locale: "en" })).toThrow(
      "a page job needs the article's renderer",
    );
  });

  it("refuses in the worker as in this thread: the limit named, its reason kept", async () => {
    await expect(
      pool.run({ kind: "galley", data: referencesJats(6_000), maxBytes: MAX, maxTextBytes: 1 }),
    ).rejects.toMatchObject({
      name: "JatsRefusedError",
      reason: "too_large",
      message: expect.stringMatching(/^The JATS file has more than 5,000 references/),
    });
    await expect(
      pool.run({ kind: "metadata", data: ARTICLE.replace("Pooled", ""), maxBytes: MAX }),
    ).rejects.toMatchObject({ name: "JatsError", message: "no <article-title>" });
  });
});

describe("JATS worker pool with a misbehaving reader", () => {
  const pool = createJatsPool({ size: 1, timeoutMs: 1500, maxQueue: 1, workerUrl: misbehaving });
  afterAll(() => pool.close());
  const job = (marker = "") => ({
    kind: "tree" as const,
    data: ARTICLE.replace("<body>", `${marker}<body>`),
    maxBytes: MAX,
    files: [],
  });

  it("fails a job whose worker dies, and answers the next with a new worker", async () => {
    const crashed = expect(pool.run(job("<!--crash-->"))).rejects.toMatchObject({
      name: "JatsPoolError",
      reason: "crash",
      message: "the JATS reader stopped (exit code 3)",
    });
    const next = pool.run(job());
    await crashed;
    expect((await next).body.length).toBe(1);
  });

  it("stops a job past the time limit, refuses more than the queue holds, then goes on", async () => {
    const hung = expect(pool.run(job("<!--hang-->"))).rejects.toMatchObject({
      reason: "timeout",
      message: "reading the JATS took longer than 1.5 s",
    });
    const waiting = pool.run(job());
    await expect(pool.run(job())).rejects.toMatchObject({ name: "JatsPoolError", reason: "busy" });
    await hung;
    expect((await waiting).body.length).toBe(1);
  });
});

describe("JATS_WORKERS", () => {
  const env = { DATA_DIR: "/tmp/athenaeum-jats-workers", SESSION_SECRET: "x".repeat(32) };
  it("is 1 by default, 0 parses in the serving thread, at most the cores", () => {
    expect(loadConfig(env).jatsWorkers).toBe(1);
    expect(loadConfig({ ...env, JATS_WORKERS: "0" }).jatsWorkers).toBe(0);
    expect(loadConfig({ ...env, JATS_WORKERS: "64" }).jatsWorkers).toBe(availableParallelism());
    expect(() => loadConfig({ ...env, JATS_WORKERS: "two" })).toThrow(ConfigError);
  });
});
