/**
 * Issue 19 (decision 297): two application servers on one PostgreSQL database and one S3 bucket
 * (s3rver) behind Debian's nginx as the load balancer, as a deployment of several machines runs.
 * A paper created through one is served by the other within a second, a session opened on one
 * is valid on the other, the sign-in limit counts the attempts made on both, and killing one
 * server mid-traffic loses no request nginx can retry (`proxy_next_upstream`).
 *
 * nginx runs as the current user with a config of its own in a temp folder, on a free port.
 * PostgreSQL only (SQLite serves one process); skipped, saying why, when nginx is not installed
 * outside CI (CI installs it: .ci/run).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInManager } from "../helpers/account.ts";
import { type ChildServer, failedSignIn, startChildServer } from "../helpers/child-server.ts";
import { CORPUS_DIR, createTestContext, type TestContext } from "../helpers/context.ts";
import { insertJournalWithIssue } from "../helpers/fixtures.ts";
import { freePort } from "../helpers/free-port.ts";
import { type LocalS3, startLocalS3 } from "../helpers/local-s3.ts";

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find(
  (file) => spawnSync(file, ["-v"]).status === 0,
);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!NGINX && process.env.CI) throw new Error("nginx is missing: CI installs nginx-light");

/** nginx's configuration: one upstream of `servers`, retrying idempotent requests elsewhere. */
function nginxConfig(dir: string, port: number, servers: string[]): string {
  return `
${process.getuid?.() === 0 ? `user ${userInfo().username};` : ""}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream athenaeum {
${servers.map((s) => `    server ${s} max_fails=1 fail_timeout=10s;`).join("\n")}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 100m;
    location / {
      proxy_pass http://athenaeum;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

/** Why the suite cannot run here, or undefined when it can. */
const skipReason = !onPostgres
  ? "PostgreSQL only: SQLite serves one process (run with npm run test:pg)"
  : !NGINX
    ? "nginx is not installed (apt-get install nginx-light)"
    : undefined;
if (skipReason) it.skip(`two servers behind nginx: skipped, ${skipReason}`, () => {});

describe.skipIf(skipReason !== undefined)(
  "two servers behind nginx on one PostgreSQL and one bucket",
  () => {
    let t: TestContext;
    let s3: LocalS3;
    let dir: string;
    let a: ChildServer;
    let b: ChildServer;
    let nginx: ChildProcess;
    let front: string;
    let manager: Awaited<ReturnType<typeof signedInManager>>;

    beforeAll(async () => {
      s3 = await startLocalS3();
      t = await createTestContext(s3.env);
      manager = await signedInManager(t);
      await insertJournalWithIssue(t.ctx.db, {
        uri: "two-servers",
        name: "Two Servers",
        abbreviation: "TS",
      });
      dir = await mkdtemp(path.join(tmpdir(), "athenaeum-nginx-"));
      const env = (name: string) => ({
        PORT: "0",
        DATA_DIR: path.join(dir, name),
        DATABASE_URL: t.databaseUrl!,
        SESSION_SECRET: t.ctx.config.sessionSecret,
        SEED: "none",
        RATE_LIMITS: "signin_ip=4/60",
        ...s3.env,
      });
      [a, b] = await Promise.all([startChildServer(env("a")), startChildServer(env("b"))]);
      const port = await freePort();
      front = `http://127.0.0.1:${port}`;
      for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
        await mkdir(path.join(dir, sub), { recursive: true });
      }
      const hostOf = (s: ChildServer) => new URL(s.origin).host;
      await writeFile(path.join(dir, "nginx.conf"), nginxConfig(dir, port, [hostOf(a), hostOf(b)]));
      nginx = spawn(NGINX!, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
      for (let tries = 0; ; tries += 1) {
        const status = await fetch(`${front}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) break;
        if (tries > 100) {
          const log = await readFile(path.join(dir, "error.log"), "utf8").catch(() => "");
          throw new Error(`nginx did not start: ${log}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });

    afterAll(async () => {
      nginx?.kill("SIGQUIT");
      await Promise.all([a?.stop(), b?.stop()]);
      await t?.close();
      await s3?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    const headers = (cookie: string) => ({ Cookie: cookie, "Sec-Fetch-Site": "same-origin" });

    it("serves a paper created through one server from the other within one second", async () => {
      const issuePath = "/api/get_publication/two-servers/1/1";
      const before = await fetch(`${b.origin}${issuePath}`);
      expect(before.status).toBe(200); // warms server b's output cache
      const form = new FormData();
      const { issueId } = await t.ctx.db
        .selectFrom("publications")
        .select("id as issueId")
        .executeTakeFirstOrThrow();
      form.append("sel_publication", String(issueId));
      form.append("title", "Served by the other server");
      form.append("abstract", "An abstract.");
      form.append("authors[0][name]", "Ada Lovelace");
      const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "TAMReview.pdf"));
      form.append("paper_file", new Blob([new Uint8Array(pdf)]), "paper.pdf");
      const created = await fetch(`${a.origin}/api/create_paper/two-servers`, {
        method: "POST",
        body: form,
        headers: headers(manager.cookie),
      });
      const body = (await created.json()) as { status: number; file_url: string };
      expect(body.status, JSON.stringify(body)).toBe(1);
      const createdAt = Date.now();
      await expect
        .poll(
          async () =>
            (await (await fetch(`${b.origin}${issuePath}`)).text()).includes(
              "Served by the other server",
            ),
          {
            timeout: 1_000,
            interval: 50,
          },
        )
        .toBe(true);
      expect(Date.now() - createdAt).toBeLessThan(1_000);
      const galley = await fetch(`${b.origin}${body.file_url}`, {
        headers: headers(manager.cookie),
      });
      expect(galley.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await galley.arrayBuffer()), pdf)).toBe(0);
    });

    it("accepts on one server a session opened on the other", async () => {
      const login = await fetch(`${a.origin}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
        body: JSON.stringify({ email: manager.email, pword: manager.password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const account = await fetch(`${b.origin}/api/dashboard/account`, {
        headers: headers(cookie),
      });
      expect(account.status).toBe(200);
      const { account: details } = (await account.json()) as { account: { email: string } };
      expect(details.email).toBe(manager.email);
    });

    it("counts sign-in attempts made on both servers against one limit", async () => {
      // the session test's sign-in on a counted one of the 4 allowed a minute
      const statuses = [await failedSignIn(a), await failedSignIn(b), await failedSignIn(a)];
      expect(statuses.every((s) => s !== 429)).toBe(true);
      expect(await failedSignIn(b)).toBe(429);
      expect(await failedSignIn(a)).toBe(429);
    });

    it("loses no request nginx can retry when one server is killed mid-traffic", async () => {
      const statuses: number[] = [];
      let sent = 0;
      const total = 300;
      const worker = async () => {
        while (sent < total) {
          sent += 1;
          if (sent === 60) a.process.kill("SIGKILL");
          const res = await fetch(`${front}/api/get_publication/two-servers/1/1`).catch(() => null);
          statuses.push(res?.status ?? 0);
          await res?.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      await a.ended;
      expect(statuses).toHaveLength(total);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    });
  },
);
