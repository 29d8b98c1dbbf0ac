/**
 * `npm run soak`: the load target of issue 7 ("under 200 concurrent readers for 60 s with a
 * manager adding papers at the same time: 0 errors on SQLite and on PostgreSQL, every created
 * paper readable afterwards"), measured against the real production server.
 *
 * For each database (SQLite; then PostgreSQL when `DATABASE_URL` names a server, or the default
 * local one at postgres://postgres@127.0.0.1:5432/postgres answers; a fresh database is created
 * there and dropped after):
 * 1. starts `scripts/start.ts` (builds when there is no current build) as a child process on a
 *    fresh data folder with the corpus imported (`CORPUS_DIR`, default corpus/);
 * 2. runs `SOAK_READERS` (default 200) concurrent reader loops over public pages, the public API,
 *    the sitemap and the feed for `SOAK_SECONDS` (default 60), while one signed-in manager adds
 *    papers with a PDF through the dashboard API (POST /api/create_paper), one after another;
 * 3. checks that every created paper's page and PDF answer 200;
 * 4. prints requests, throughput, errors (non-2xx/3xx answers and failed requests), p50/p99 and
 *    the papers created and found.
 *
 * The server listens on `SOAK_PORT` (default 3271). Exits 1 when there was any error or a created
 * paper is not readable.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createScratchDatabase } from "../server/db/scratch-database.ts";

const root = path.resolve(import.meta.dirname, "..");
const corpusDir = path.resolve(root, process.env.CORPUS_DIR ?? "corpus");
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const READERS = Number(process.env.SOAK_READERS ?? 200);
const PORT = Number(process.env.SOAK_PORT ?? 3271);
const PASSCODE = "soak-admin-passcode";
const JOURNAL = "elife";
const PDF = "metabolites-04-00932.pdf";

type Run = {
  database: string;
  requests: number;
  errors: number;
  errorSamples: string[];
  latencies: number[];
  papersCreated: number;
  createErrors: number;
  createLatencies: number[];
  papersReadable: number;
  seconds: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function startServer(
  env: Record<string, string>,
  logFile: string,
): Promise<{ child: ChildProcess; base: string }> {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [path.join(root, "scripts/start.ts")], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(PORT), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const base = `http://127.0.0.1:${PORT}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early; see ${logFile}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.status === 200) {
        // The corpus import runs before listening; the catalogue is there once /readyz answers.
        return { child, base };
      }
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not become ready; see ${logFile}`);
}

async function stopServer(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  child.kill("SIGTERM");
  return exited;
}

/** Registers and signs in a manager; answers the Cookie header value. */
async function signIn(base: string): Promise<string> {
  const email = `soak.${randomBytes(4).toString("hex")}@example.org`;
  const pword = "correct horse battery staple";
  const headers = { "content-type": "application/json", origin: base };
  const reg = await fetch(`${base}/api/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      fname: "Soak",
      lname: "Manager",
      phone: "+44 20 7946 0018",
      email,
      pword,
      cpword: pword,
      admincode: PASSCODE,
    }),
  });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, pword }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]);
  return cookie.join("; ");
}

async function soak(database: string, env: Record<string, string>): Promise<Run> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "athenaeum-soak-"));
  const logFile = path.join(tmpdir(), `athenaeum-soak-${database.toLowerCase()}.log`);
  const { child, base } = await startServer(
    {
      ...env,
      DATA_DIR: dataDir,
      CORPUS_DIR: corpusDir,
      SEED: "corpus",
      ADMIN_PASSCODE: PASSCODE,
      LOG_LEVEL: "warn",
      // One client IP for every reader: the account limits are not what is measured here.
      RATE_LIMITS: "signin_ip=1000/60,register_ip=1000/60",
    },
    logFile,
  );
  try {
    const cookie = await signIn(base);
    const auth = { cookie, origin: base };
    const pubs = (await (
      await fetch(`${base}/api/get_publications/${JOURNAL}`, { headers: auth })
    ).json()) as { publications: { id: number; volume: string; number: string }[] };
    const issue = pubs.publications[0];
    if (!issue) throw new Error(`${JOURNAL} has no issue to add papers to`);
    const issueDetail = (await (
      await fetch(`${base}/api/get_publication/${JOURNAL}/${issue.volume}/${issue.number}`)
    ).json()) as { publication: { papers: { paperID: number }[] } };
    const paperId = issueDetail.publication.papers[0]?.paperID;
    const urls = [
      "/",
      "/journals",
      `/journal/${JOURNAL}`,
      `/journal/${JOURNAL}/${issue.volume}/${issue.number}`,
      `/journal/${JOURNAL}/${paperId}`,
      "/search?banner_search=cell",
      "/api/latest_publications",
      "/api/latest_journals",
      `/api/get_publication/${JOURNAL}/${issue.volume}/${issue.number}`,
      `/api/get_journal_paper/${JOURNAL}/${paperId}`,
      "/sitemap.xml",
      "/feed.xml",
    ];
    const pdf = await readFile(path.join(corpusDir, "pdfs", PDF));

    const run: Run = {
      database,
      requests: 0,
      errors: 0,
      errorSamples: [],
      latencies: [],
      papersCreated: 0,
      createErrors: 0,
      createLatencies: [],
      papersReadable: 0,
      seconds: SECONDS,
    };
    const fail = (what: string) => {
      run.errors += 1;
      if (run.errorSamples.length < 10) run.errorSamples.push(what);
    };
    const end = Date.now() + SECONDS * 1000;

    const reader = async (n: number) => {
      let i = n;
      while (Date.now() < end) {
        const url = urls[i++ % urls.length]!;
        const t0 = performance.now();
        try {
          const res = await fetch(base + url, { redirect: "manual" });
          await res.arrayBuffer();
          run.latencies.push(performance.now() - t0);
          run.requests += 1;
          if (res.status >= 400) fail(`${res.status} ${url}`);
        } catch (error) {
          run.requests += 1;
          fail(`${(error as Error).message} ${url}`);
        }
      }
    };

    const created: { id: number; title: string; fileUrl: string }[] = [];
    const manager = async () => {
      let n = 0;
      while (Date.now() < end) {
        n += 1;
        const title = `Soak paper ${n} ${randomBytes(3).toString("hex")}`;
        const form = new FormData();
        form.set("sel_publication", String(issue.id));
        form.set("title", title);
        form.set("doi", "");
        form.set("abstract", "Written by npm run soak while readers load the site.");
        form.set("keywords", "soak; load");
        form.set("authors[0][name]", "Soak Author");
        form.set("authors[0][email]", "");
        form.set("authors[0][institution]", "Athenaeum");
        form.set("paper_file", new Blob([pdf], { type: "application/pdf" }), PDF);
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}/api/create_paper/${JOURNAL}`, {
            method: "POST",
            headers: auth,
            body: form,
          });
          const body = (await res.json()) as { paperID?: number; file_url?: string; msg?: string };
          run.createLatencies.push(performance.now() - t0);
          if (res.status === 201 && body.paperID && body.file_url) {
            created.push({ id: body.paperID, title, fileUrl: body.file_url });
          } else {
            run.createErrors += 1;
            fail(`create_paper ${res.status} ${body.msg ?? ""}`);
          }
        } catch (error) {
          run.createErrors += 1;
          fail(`create_paper ${(error as Error).message}`);
        }
      }
    };

    await Promise.all([...Array.from({ length: READERS }, (_, i) => reader(i)), manager()]);
    run.papersCreated = created.length;

    for (const paper of created) {
      const page = await fetch(`${base}/journal/${JOURNAL}/${paper.id}`);
      const html = await page.text();
      const file = await fetch(base + paper.fileUrl);
      const bytes = await file.arrayBuffer();
      if (page.status === 200 && html.includes(paper.title) && file.status === 200) {
        if (bytes.byteLength === pdf.byteLength) run.papersReadable += 1;
      } else {
        fail(`created paper ${paper.id}: page ${page.status}, PDF ${file.status}`);
      }
    }
    return run;
  } finally {
    const code = await stopServer(child);
    if (code !== 0) console.error(`the server exited ${code} on SIGTERM; see ${logFile}`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The admin URL of a reachable PostgreSQL, or undefined. */
async function postgresAdminUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

async function withPostgresDatabase<T>(adminUrl: string, use: (url: string) => Promise<T>) {
  const scratch = await createScratchDatabase(adminUrl, "athenaeum_soak_");
  try {
    return await use(scratch.url);
  } finally {
    await scratch.drop();
  }
}

function print(runs: Run[]) {
  const rows = runs.map((r) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    const creates = [...r.createLatencies].sort((a, b) => a - b);
    return {
      database: r.database,
      seconds: r.seconds,
      readers: READERS,
      requests: r.requests,
      "req/s": Math.round(r.requests / r.seconds),
      errors: r.errors,
      "p50 ms": Math.round(percentile(sorted, 50)),
      "p99 ms": Math.round(percentile(sorted, 99)),
      "papers created": r.papersCreated,
      "create p50 ms": Math.round(percentile(creates, 50)),
      "papers readable": r.papersReadable,
    };
  });
  console.table(rows);
  for (const r of runs) {
    for (const sample of r.errorSamples) console.log(`${r.database} error: ${sample}`);
  }
}

async function main() {
  const runs: Run[] = [];
  console.log(`Soak: ${READERS} readers for ${SECONDS} s and one manager adding papers…`);
  runs.push(await soak("SQLite", { DATABASE_URL: "" }));
  const adminUrl = await postgresAdminUrl();
  if (adminUrl) {
    runs.push(
      await withPostgresDatabase(adminUrl, (url) => soak("PostgreSQL", { DATABASE_URL: url })),
    );
  } else {
    console.log("PostgreSQL: no server answered (set DATABASE_URL); only SQLite was soaked.");
  }
  print(runs);
  const bad = runs.some((r) => r.errors > 0 || r.papersReadable !== r.papersCreated);
  process.exit(bad ? 1 : 0);
}

await main();
