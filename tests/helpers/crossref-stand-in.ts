/**
 * A local stand-in for Crossref's deposit system (issue 16, decision 278), speaking the two
 * endpoints the site uses as Crossref documents them:
 *
 * - `POST /servlet/deposit`, `multipart/form-data` with `operation=doMDUpload`, `login_id`,
 *   `login_passwd` and the deposit file as `fname`
 *   (https://www.crossref.org/documentation/register-maintain-records/direct-deposit-xml/https-post/):
 *   401 for wrong credentials, a `FAILURE` page for a malformed upload, else 200 with the
 *   `SUCCESS` page ("Your batch submission was successfully received.");
 * - `GET /servlet/submissionDownload?usr=&pwd=&doi_batch_id=&type=result`
 *   (https://www.crossref.org/documentation/register-maintain-records/verify-your-registration/submission-queue-and-log/):
 *   the `doi_batch_diagnostic` of the batch, `status="queued"` for the first
 *   `pollsBeforeDone` reads, then `completed` with one `record_diagnostic` per DOI: `Success`,
 *   or `Failure` with a message for the DOIs of `failDois`.
 *
 * Two misbehaving addresses beside them, for what the site must not do (issue 30, decision 397):
 * `/moved/servlet/…` answers 307 to the same endpoint without `/moved` (a deposit URL that
 * redirects: following it sends the password again), and `/echo/servlet/deposit` answers 400
 * with a page that repeats every field it received (an endpoint echoing the form), and
 * `/ok/servlet/deposit` answers 200 `OK` (not Crossref's answer). Every request
 * is noted in `received`, with whether it carried the password.
 *
 * Run in the test process (`startCrossrefStandIn`) or as a program for the browser tests
 * (`node tests/helpers/crossref-stand-in.ts {port}`, credentials `test-user`/`test-pass`).
 */
import { createServer, type Server } from "node:http";
import { DOMParser } from "@xmldom/xmldom";

export type StandInOptions = {
  username: string;
  password: string;
  /** DOIs Crossref refuses (lower case compared). */
  failDois?: string[];
  /** Reads of a batch's log answered `queued` before it is `completed` (default 1). */
  pollsBeforeDone?: number;
  port?: number;
};

export type StandIn = {
  /** The deposit URL (`http://127.0.0.1:{port}/servlet/deposit`). */
  depositUrl: string;
  /** Each batch received: its id, DOIs and the deposited XML. */
  batches: { id: string; dois: string[]; xml: string; polls: number }[];
  /** Every request, in order: method, path, and whether it carried the account's password. */
  received: { method: string; path: string; password: boolean }[];
  close(): Promise<void>;
};

export const FAILURE_MESSAGE =
  "Record not processed because submitted version: 1 is less or equal to previously submitted version (DOI match)";

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const page = (title: string, text: string) =>
  `<html><head><title>${title}</title></head><body><h2>${title}</h2><p>${xmlEscape(text)}</p></body></html>`;

/** Starts the stand-in on `options.port` (default any free port). */
export async function startCrossrefStandIn(options: StandInOptions): Promise<StandIn> {
  const fail = new Set((options.failDois ?? []).map((d) => d.toLowerCase()));
  const batches: StandIn["batches"] = [];
  const received: StandIn["received"] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    received.push({
      method: req.method ?? "",
      path: url.pathname,
      password: body.includes(options.password) || url.searchParams.get("pwd") === options.password,
    });
    if (url.pathname.startsWith("/moved/")) {
      res.writeHead(307, { location: `${url.pathname.slice("/moved".length)}${url.search}` });
      res.end();
      return;
    }
    if (req.method === "POST" && url.pathname === "/ok/servlet/deposit") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("OK");
      return;
    }
    if (req.method === "POST" && url.pathname === "/echo/servlet/deposit") {
      res.writeHead(400, { "content-type": "text/html" });
      res.end(page("Bad request", `You sent: ${body.toString("utf8")}`));
      return;
    }
    if (req.method === "POST" && url.pathname === "/servlet/deposit") {
      let form: FormData;
      try {
        form = await new Request(url, {
          method: "POST",
          headers: { "content-type": req.headers["content-type"] ?? "" },
          body,
        }).formData();
      } catch {
        res.writeHead(400, { "content-type": "text/html" });
        res.end(page("FAILURE", "The upload could not be read."));
        return;
      }
      if (
        form.get("login_id") !== options.username ||
        form.get("login_passwd") !== options.password
      ) {
        res.writeHead(401, { "content-type": "text/html" });
        res.end(page("FAILURE", "Unauthorized: wrong login_id or login_passwd."));
        return;
      }
      const file = form.get("fname");
      if (form.get("operation") !== "doMDUpload" || !(file instanceof Blob)) {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(page("FAILURE", "operation must be doMDUpload with the file as fname."));
        return;
      }
      const xml = await file.text();
      const doc = new DOMParser({ onError: () => {} }).parseFromString(xml, "text/xml");
      const id = doc.getElementsByTagName("doi_batch_id")[0]?.textContent ?? "";
      const dois = Array.from(doc.getElementsByTagName("doi_data"), (d) =>
        (d.getElementsByTagName("doi")[0]?.textContent ?? "").trim(),
      );
      if (!id) {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(page("FAILURE", "No doi_batch_id in the deposited file."));
        return;
      }
      batches.push({ id, dois, xml, polls: 0 });
      res.writeHead(200, { "content-type": "text/html" });
      res.end(page("SUCCESS", "Your batch submission was successfully received."));
      return;
    }
    if (req.method === "GET" && url.pathname === "/servlet/submissionDownload") {
      const q = url.searchParams;
      if (q.get("usr") !== options.username || q.get("pwd") !== options.password) {
        res.writeHead(401, { "content-type": "text/plain" });
        res.end("Unauthorized");
        return;
      }
      const batch = batches.find((b) => b.id === q.get("doi_batch_id"));
      res.writeHead(200, { "content-type": "text/xml; charset=UTF-8" });
      if (!batch) {
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><doi_batch_diagnostic status="unknown_submission"><batch_id>${xmlEscape(q.get("doi_batch_id") ?? "")}</batch_id></doi_batch_diagnostic>`,
        );
        return;
      }
      batch.polls += 1;
      if (batch.polls <= (options.pollsBeforeDone ?? 1)) {
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><doi_batch_diagnostic status="queued"><batch_id>${xmlEscape(batch.id)}</batch_id></doi_batch_diagnostic>`,
        );
        return;
      }
      const records = batch.dois.map((doi) => {
        const failed = fail.has(doi.toLowerCase());
        return `<record_diagnostic status="${failed ? "Failure" : "Success"}"><doi>${xmlEscape(doi)}</doi><msg>${failed ? FAILURE_MESSAGE : "Successfully added"}</msg></record_diagnostic>`;
      });
      const failures = batch.dois.filter((d) => fail.has(d.toLowerCase())).length;
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><doi_batch_diagnostic status="completed" sp="stand-in"><submission_id>${batches.indexOf(batch) + 1}</submission_id><batch_id>${xmlEscape(batch.id)}</batch_id>${records.join("")}<batch_data><record_count>${batch.dois.length}</record_count><success_count>${batch.dois.length - failures}</success_count><warning_count>0</warning_count><failure_count>${failures}</failure_count></batch_data></doi_batch_diagnostic>`,
      );
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Not found");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  const { port } = address;
  return {
    depositUrl: `http://127.0.0.1:${port}/servlet/deposit`,
    batches,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.main) {
  const port = Number(process.argv[2] ?? 3381);
  const standIn = await startCrossrefStandIn({
    username: "test-user",
    password: "test-pass",
    port,
    failDois: (process.env.CROSSREF_STAND_IN_FAIL ?? "").split(",").filter(Boolean),
  });
  console.log(`Crossref stand-in at ${standIn.depositUrl}`);
}
