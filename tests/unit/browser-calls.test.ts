/**
 * Every browser call goes through the typed contract (issue 35): in app/, only the two typed
 * clients call the network, app/lib/api.ts (the envelope calls of shared/contract.ts) and
 * app/lib/file-fetch.ts (the calls outside the envelope, shared/file-calls.ts), and no other
 * module writes an `/api/` URL or the name of a file call (`citations.json`, `statistics_csv`)
 * by hand: it builds them with `pathOf`/`pathOfFile`. Comments are not code and are skipped.
 * The server's side (every mounted `/api` route is a call of the contract) is
 * tests/api/contract.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchFileJson } from "../../app/lib/file-fetch.ts";
import { paperCitations } from "../../server/features/citations/cite.ts";
import { FILE_CALLS, type FileCallKey, fileCallAt, pathOfFile } from "../../shared/file-calls.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The modules of app/ that may call the network. */
const CLIENTS = new Set(["app/lib/api.ts", "app/lib/file-fetch.ts"]);

/** A network call: `fetch(`, XHR, beacons, event streams, sockets. */
const NETWORK = /\bfetch\s*\(|\bXMLHttpRequest\b|\bsendBeacon\b|\bEventSource\b|\bWebSocket\b/;

/** The last path segment of each file call (`citations.json`, `statistics_csv`). */
const FILE_CALL_NAMES = Object.keys(FILE_CALLS).map((key) => key.split("/").at(-1) as string);

/** A string or template literal naming an `/api/` URL or a file call (not a contract key). */
const HAND_WRITTEN_URL = new RegExp(
  `["'\`](?!(?:GET|POST) )[^"'\`\\n]*(?:/api/|${FILE_CALL_NAMES.map((n) => n.replace(".", "\\.")).join("|")})`,
);

/** `text` without its comments (block and line; a `//` inside a URL literal is kept). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/**
 * `file:line: what` for each network call outside {@link CLIENTS} and each hand-written API or
 * file-call URL, in the given sources (paths relative to the repository).
 */
function callsOffContract(sources: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { file, text } of sources) {
    code(text)
      .split("\n")
      .forEach((line, i) => {
        if (!CLIENTS.has(file) && NETWORK.test(line)) found.push(`${file}:${i + 1}: network call`);
        if (HAND_WRITTEN_URL.test(line)) found.push(`${file}:${i + 1}: hand-written URL`);
      });
  }
  return found;
}

function* appSources(dir: string): Generator<{ file: string; text: string }> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "+types") yield* appSources(full);
    } else if (/\.(ts|tsx)$/.test(entry.name)) {
      yield { file: path.relative(root, full), text: readFileSync(full, "utf8") };
    }
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("browser calls", () => {
  it("go through the two typed clients only, with no hand-written URL", () => {
    expect(callsOffContract([...appSources(path.join(root, "app"))])).toEqual([]);
  });

  it("are caught when a module fetches or writes a URL by hand", () => {
    const bypass = {
      file: "app/components/x.ts",
      text: [
        "// fetch(url) in a comment is fine",
        'const res = await fetch("/journal/a/1/citations.json");',
        "const href = `/api/dashboard/statistics_csv?table=` + table;",
        'const ok = pathOfFile("GET /api/dashboard/statistics_csv");',
      ].join("\n"),
    };
    expect(callsOffContract([bypass])).toEqual([
      "app/components/x.ts:2: network call",
      "app/components/x.ts:2: hand-written URL",
      "app/components/x.ts:3: hand-written URL",
    ]);
  });

  it("fetch a file call only at one of its paths, typed by the server's answer", async () => {
    const stub = vi.fn(async () =>
      Response.json({ styles: [{ key: "apa", label: "APA", text: "A." }] }),
    );
    vi.stubGlobal("fetch", stub);
    const { styles } = await fetchFileJson(
      "GET /journal/:journalUrl/:paper/citations.json",
      "/journal/elife/12/citations.json",
    );
    expect(styles[0]?.text).toBe("A.");
    await expect(
      fetchFileJson("GET /journal/:journalUrl/:paper/citations.json", "/journal/elife/12/x.json"),
    ).rejects.toThrow(/Not a path of/);
    await expect(
      fetchFileJson(
        "GET /proceedings/:slug/:paper/citations.json",
        "/journal/elife/12/citations.json",
      ),
    ).rejects.toThrow(/Not a path of/);
    expect(stub).toHaveBeenCalledTimes(1);
  });

  it("are built by the server at paths of the contract", () => {
    for (const page of ["/journal/elife/12", "/proceedings/pldi-09/3"]) {
      expect(fileCallAt("GET", paperCitations(page).references)).toBeDefined();
    }
    expect(() => paperCitations("/es/journal/elife/12")).toThrow(/Not a paper page/);
    const key: FileCallKey = "GET /api/dashboard/statistics_csv";
    expect(pathOfFile(key, {}, "journal=a&table=papers")).toBe(
      "/api/dashboard/statistics_csv?journal=a&table=papers",
    );
    expect(fileCallAt("GET", pathOfFile(key))).toBe(key);
  });
});
