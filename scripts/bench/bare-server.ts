/**
 * The baseline of `npm run bench:scale`: a bare `node:http` server that answers each known URL
 * with the exact bytes (and content type) the real server sent for it, and 404 otherwise. What
 * the real server's throughput is compared with: the same Node, the same bytes, no work.
 *
 * Usage (a child process of the bench): `node scripts/bench/bare-server.ts <responses.json> <port>`
 * where the JSON maps a URL path to `{ contentType, body }` (body in base64). Prints `ready` on
 * standard output once it listens on 127.0.0.1.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

type Stored = { contentType: string; body: string };

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  console.error("usage: bare-server.ts <responses.json> <port>");
  process.exit(1);
}
const stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, Stored>;
const responses = new Map(
  Object.entries(stored).map(([url, r]) => [
    url,
    { contentType: r.contentType, body: Buffer.from(r.body, "base64") },
  ]),
);

createServer((req, res) => {
  const found = responses.get(req.url ?? "");
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": found.contentType, "content-length": found.body.length });
  res.end(found.body);
}).listen(Number(port), "127.0.0.1", () => console.log("ready"));
