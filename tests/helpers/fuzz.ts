/**
 * A deterministic HTTP fuzzer (issue 7: "0 of 10,000 fuzzed requests may get a 5xx"). From a
 * fixed seed it builds requests (a few in absolute-form or asterisk-form) for every API call,
 * page, file, galley and crawler route, with
 * malformed paths (%-encoding, overlong, dot segments, unicode, control characters and
 * backslashes before slashes and `a:b`), headers (Host, Content-Type
 * with odd charsets and boundaries, Content-Encoding, Content-Length mismatches, Range, cookies,
 * Fetch Metadata), query strings and bodies (truncated JSON, wrong types, huge numbers,
 * prototype keys, multipart junk), and sends them as raw bytes over TCP so that nothing on the
 * client side tidies them up. Used by tests/api/fuzz.test.ts (the API, in-process) and
 * tests/e2e/fuzz-pages.spec.ts (the production build, pages included).
 */
import { connect } from "node:net";
import { gzipSync } from "node:zlib";

/** mulberry32: a small, fast, seedable PRNG; returns floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type FuzzRequest = {
  method: string;
  /** Request target exactly as sent (path and query). */
  target: string;
  headers: [string, string][];
  body: Buffer;
  /** True when the Content-Length promises more than is sent (the server may just hang up). */
  shortBody: boolean;
};

/** Names of real rows, so that some requests get past the lookups into deeper code. */
export type FuzzTargets = {
  journal: string;
  paper: number;
  volume: string;
  issue: string;
  publication: number;
  proceeding: number;
  slug: string;
  partner: number;
  /** `Cookie` header of a signed-in manager, if any. */
  cookie?: string;
  /**
   * Send the cookie with page and file requests only, never to the API or /logout, so that a
   * shared server's catalogue is not changed (the browser tests' server).
   */
  cookieForPagesOnly?: boolean;
  /** Host header of the server under test, e.g. `127.0.0.1:3291`. */
  host: string;
};

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const chance = (r: Rand, p: number) => r() < p;

/** Path segments, from plausible to hostile. */
function segment(r: Rand, real: string | number): string {
  if (chance(r, 0.45)) return String(real);
  return pick(r, [
    "%ff",
    "%",
    "%zz",
    "%c0%af",
    "%e2%28%a1",
    "%00",
    "..",
    "%2e%2e",
    ".",
    "%2F",
    "a%2Fb",
    "..%2f..%2fetc%2fpasswd",
    "x".repeat(2000 + Math.floor(r() * 4000)),
    "é",
    "%C3%A9",
    "😀",
    "\\",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "-1",
    "0",
    "1.5",
    "1e309",
    "99999999999999999999999",
    "9007199254740993",
    "NaN",
    "Y",
    "null",
    "undefined",
    "' OR 1=1 --",
    "<script>",
    "%3Cscript%3E",
    "a;b",
    "a%20b",
    "",
  ]);
}

type BodyKind = "none" | "json" | "form" | "multipart";
type RouteOf = (r: Rand) => { method: string; path: string; kind: BodyKind };

/** Every route of the site with its parameters filled from `t` or from {@link segment}. */
function routes(t: FuzzTargets, pages: boolean): RouteOf[] {
  const s = (real: string | number) => (r: Rand) => segment(r, real);
  const j = s(t.journal);
  const get =
    (build: (r: Rand) => string): RouteOf =>
    (r: Rand) => ({
      method: "GET",
      path: build(r),
      kind: "none",
    });
  const post = (build: (r: Rand) => string, kind: BodyKind) => (r: Rand) => ({
    method: "POST",
    path: build(r),
    kind,
  });
  const api: RouteOf[] = [
    get(() => "/api/latest_publications"),
    get(() => "/api/latest_publication"),
    get(() => "/api/latest_journals"),
    get(() => "/api/all_journals"),
    get(() => "/api/all_proceedings"),
    get(() => "/api/partners"),
    get((r) => `/api/search?q=${segment(r, "ethics")}`),
    get((r) => `/api/get_journal/${j(r)}`),
    get((r) => `/api/get_publications/${j(r)}/${segment(r, "Y")}`),
    get((r) => `/api/get_publication/${j(r)}/${segment(r, t.volume)}/${segment(r, t.issue)}`),
    get((r) => `/api/get_journal_paper/${j(r)}/${segment(r, t.paper)}`),
    get((r) => `/api/get_proceeding_page/${segment(r, t.slug)}`),
    get((r) => `/api/get_proceeding_paper/${segment(r, t.slug)}/${segment(r, t.paper)}`),
    post(() => "/api/login", "json"),
    post(() => "/api/register", "json"),
    get(() => "/api/logout"),
    get(() => "/api/dashboard/admin_nav_items"),
    get(() => "/api/dashboard/all_journals"),
    get(() => "/api/dashboard/partners"),
    post((r) => `/api/create_journal/${segment(r, pick(r, ["1", "2"]))}`, "multipart"),
    post((r) => `/api/edit_journal/${segment(r, pick(r, ["1", "2"]))}`, "multipart"),
    get((r) => `/api/get_publications/${j(r)}`),
    get(
      (r) =>
        `/api/publication_action/${j(r)}/${segment(r, t.publication)}/${segment(r, pick(r, ["publish", "unpublish", "delete"]))}`,
    ),
    post((r) => `/api/create_publication/${j(r)}`, "multipart"),
    get((r) => `/api/get_publication_only/${j(r)}/${segment(r, t.publication)}`),
    post((r) => `/api/edit_publication/${j(r)}/${segment(r, t.publication)}`, "multipart"),
    post((r) => `/api/create_paper/${j(r)}`, "multipart"),
    get((r) => `/api/get_paper/${j(r)}/${segment(r, t.paper)}`),
    post((r) => `/api/edit_paper/${j(r)}/${segment(r, t.paper)}`, "multipart"),
    get((r) => `/api/delete_paper/${j(r)}/${segment(r, t.paper + 1000)}`),
    get(() => "/api/all_proceedings/Y"),
    get(() => "/api/get_proceeding_events"),
    get((r) => `/api/get_proceeding/${segment(r, t.proceeding)}`),
    post(() => "/api/create_proceedings", "multipart"),
    post((r) => `/api/edit_proceeding/${segment(r, t.proceeding)}`, "multipart"),
    post(() => "/api/create_partner", "multipart"),
    post((r) => `/api/edit_partner/${segment(r, t.partner)}`, "multipart"),
    post((r) => `/api/delete_partner/${segment(r, t.partner + 1000)}`, "json"),
    post(() => "/api/reorder_partners", "json"),
    get((r) => `/api/${segment(r, "no_such_call")}`),
    get((r) => `/files/${segment(r, "covers")}/${segment(r, "x.webp")}`),
    get((r) => `/journal/${j(r)}/download/${segment(r, t.paper)}/${segment(r, "paper.pdf")}`),
    get(
      (r) =>
        `/proceedings/${segment(r, t.slug)}/download/${segment(r, t.paper)}/${segment(r, "p.pdf")}`,
    ),
    get(
      (r) =>
        `/pdfjs/${segment(r, "6.5.438")}/${segment(r, "cmaps")}/${segment(r, "Adobe-CNS1-0.bcmap")}`,
    ),
    get(() => "/robots.txt"),
    get(() => "/sitemap.xml"),
    get(() => "/feed.xml"),
    get(() => "/oai"),
    post(() => "/oai", "form"),
  ];
  if (!pages) return api;
  const page = (build: (r: Rand) => string) => (r: Rand) => ({
    method: chance(r, 0.2) ? pick(r, ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]) : "GET",
    path: build(r),
    kind: pick(r, ["none", "form", "json", "multipart"] as const),
  });
  const pageRoutes = [
    page(() => "/"),
    page(() => "/journals"),
    page((r) => `/journal/${j(r)}`),
    page((r) => `/journal/${j(r)}/${segment(r, t.volume)}/${segment(r, t.issue)}`),
    page((r) => `/journal/${j(r)}/${segment(r, t.paper)}`),
    page(() => "/proceedings"),
    page((r) => `/proceedings/${segment(r, t.slug)}`),
    page((r) => `/proceedings/${segment(r, t.slug)}/${segment(r, t.paper)}`),
    page(() => "/categories"),
    page(() => "/contact"),
    page(() => "/search"),
    page(() => "/manager"),
    page(() => "/registration"),
    page(() => "/logout"),
    page(() => "/dashboard"),
    page((r) => `/dashboard/create_journal/${segment(r, "1")}`),
    page((r) => `/dashboard/edit_journal/${j(r)}`),
    page((r) => `/dashboard/${j(r)}/publications`),
    page((r) => `/dashboard/create_publication/${j(r)}`),
    page((r) => `/dashboard/paper_submission/${j(r)}`),
    page((r) => `/dashboard/${j(r)}/${segment(r, t.volume)}/${segment(r, t.issue)}`),
    page((r) => `/dashboard/edit_paper/${j(r)}/${segment(r, t.paper)}`),
    page((r) => `/dashboard/edit_publication/${j(r)}/${segment(r, t.publication)}`),
    page(() => "/dashboard/proceedings"),
    page(() => "/dashboard/create_proceeding"),
    page((r) => `/dashboard/edit_proceeding/${segment(r, t.proceeding)}`),
    page(() => "/dashboard/partners"),
    page((r) => `/${segment(r, "nowhere")}/${segment(r, "x")}`),
    page((r) => `/${segment(r, "journal")}.data`),
    page((r) => `/journal/${j(r)}.data?_routes=${segment(r, "routes/journal")}`),
  ];
  return [...api, ...pageRoutes, ...pageRoutes];
}

function queryString(r: Rand): string {
  if (chance(r, 0.6)) return "";
  const keys = [
    "q",
    "verb",
    "metadataPrefix",
    "identifier",
    "set",
    "from",
    "until",
    "resumptionToken",
    "page",
    "_data",
    "index",
    "__proto__[x]",
    "constructor[prototype][x]",
    "a[b][c]",
    "a[]",
    "x",
  ];
  const values = [
    "oai_dc",
    "ListRecords",
    "GetRecord",
    "Identify",
    "toString",
    "__proto__",
    "hasOwnProperty",
    "2024-01-01",
    "2024-13-45T99:99:99Z",
    "%ff",
    "%",
    "é",
    "😀",
    "x".repeat(3000),
    "",
    "1e309",
    "-1",
    "oai:localhost:paper/1",
    "journal:x",
  ];
  const n = 1 + Math.floor(r() * 4);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(`${pick(r, keys)}=${pick(r, values)}`);
  return `?${parts.join(pick(r, ["&", "&", ";", "&&"]))}`;
}

const JSON_BODIES = [
  '{"email":"nobody@example.org","pword":"wrong password"}',
  '{"email":"a',
  "{",
  "[]",
  "null",
  '"str"',
  "1e999999",
  '{"email":1,"pword":true}',
  '{"email":{"$gt":""},"pword":[]}',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  '{"fname":"A","lname":"B","phone":"123456","email":"x@example.org","pword":"12345678","cpword":"12345678","admincode":"wrong"}',
  '{"order":[1,2,"x",null,99999999999999999999]}',
  '{"ids":{"length":1e9}}',
  `${"[".repeat(3000)}${"]".repeat(3000)}`,
  '{"a":"\\ud800"}',
  "\u0000\u0001\u0002",
];

const FIELD_NAMES = [
  "journal_name",
  "abbreviation",
  "journal_uri",
  "primary_journal_uri",
  "publisher",
  "pub_frequency",
  "issn",
  "journal_intro",
  "journal_active",
  "submission_guide",
  "journal_email",
  "volume",
  "issue",
  "title",
  "year",
  "sel_publication",
  "abstract",
  "event",
  "event_name",
  "event_start_date",
  "event_end_date",
  "name",
  "link",
  "editors[0][name]",
  "editors[0][role]",
  "editors[99999999][name]",
  "editors[__proto__][x]",
  "authors[0][name]",
  "authors[-1][email]",
  "authors[][x]",
  "__proto__",
  "constructor[prototype]",
  "a[b][c][d][e][f]",
  "",
];
const FIELD_VALUES = [
  "x",
  "",
  "Y",
  "N",
  "2024",
  "-1",
  "1e309",
  "monthly",
  "not-a-date",
  "2024-02-30",
  "é😀",
  "%ff",
  "a".repeat(5000),
  "new",
  "1",
];

function multipartBody(r: Rand): { body: Buffer; boundary: string | undefined } {
  const boundary = pick(r, ["b0undary", "----x", "a".repeat(80), "", 'quote"d']);
  const parts: Buffer[] = [];
  const n = Math.floor(r() * 8);
  for (let i = 0; i < n; i++) {
    if (chance(r, 0.2)) {
      const field = pick(r, ["cover_img", "paper_file", "logo", "other", ""]);
      const data = pick(r, [
        Buffer.from("%PDF-1.7\n%junk"),
        Buffer.from("\x89PNG\r\n\x1a\njunk", "latin1"),
        Buffer.from("GIF89a"),
        Buffer.alloc(Math.floor(r() * 3000), 65),
        Buffer.from("MZ\x90\x00", "latin1"),
      ]);
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${pick(r, ["f.pdf", "../../x.png", "", "é.png"])}"\r\nContent-Type: ${pick(r, ["application/pdf", "image/png", "text/html"])}\r\n\r\n`,
        ),
        data,
        Buffer.from("\r\n"),
      );
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${pick(r, FIELD_NAMES)}"\r\n\r\n${pick(r, FIELD_VALUES)}\r\n`,
        ),
      );
    }
  }
  const ending = pick(r, [
    `--${boundary}--\r\n`,
    `--${boundary}--\r\n`,
    `--${boundary}\r\nbroken header\r\n\r\n`,
    "",
    `--${boundary}`,
    "\r\n--wrong--\r\n",
  ]);
  parts.push(Buffer.from(ending));
  return { body: Buffer.concat(parts), boundary: chance(r, 0.85) ? boundary : undefined };
}

function bodyOf(r: Rand, kind: BodyKind): { body: Buffer; contentType?: string } {
  const k = chance(r, 0.15)
    ? pick(r, ["none", "json", "form", "multipart", "junk"] as const)
    : kind;
  if (k === "none") return { body: Buffer.alloc(0) };
  if (k === "json") {
    const charset = pick(r, [
      "",
      "",
      "; charset=utf-8",
      "; charset=UTF-16",
      "; charset=latin1",
      "; charset=klingon",
      "; charset=",
      '; charset="utf-8"',
    ]);
    return {
      body: Buffer.from(pick(r, JSON_BODIES)),
      contentType: `${pick(r, ["application/json", "application/json", "application/vnd.api+json", "text/json"])}${charset}`,
    };
  }
  if (k === "form") {
    const pairs = Array.from(
      { length: 1 + Math.floor(r() * 5) },
      () => `${encodeURIComponent(pick(r, FIELD_NAMES))}=${pick(r, FIELD_VALUES)}`,
    );
    return {
      body: Buffer.from(pairs.join("&")),
      contentType: pick(r, [
        "application/x-www-form-urlencoded",
        "application/x-www-form-urlencoded; charset=klingon",
      ]),
    };
  }
  if (k === "multipart") {
    const { body, boundary } = multipartBody(r);
    return {
      body,
      contentType:
        boundary === undefined
          ? "multipart/form-data"
          : `multipart/form-data; boundary=${boundary}`,
    };
  }
  const junk = Buffer.alloc(Math.floor(r() * 2000));
  for (let i = 0; i < junk.length; i++) junk[i] = Math.floor(r() * 256);
  return {
    body: junk,
    contentType: pick(r, [
      "application/octet-stream",
      "text/plain",
      "application/json",
      "multipart/mixed",
      "*/*",
      "",
      "x",
    ]),
  };
}

/**
 * A path the URL Standard reads as another one (issue 30, decision 395): a control character
 * (a tab, which the WHATWG parser drops; CR, LF, NUL, DEL, C1) or a backslash (read as `/`),
 * then slashes and a scheme-like or host-like segment, at the start of the path or before the
 * last segment of `path`. React Router parses each matched path again (`encodeLocation`), where
 * `/%09//a:b` became `//a:b` and threw; each such path must be a 4xx.
 */
function unreadablePath(r: Rand, path: string): string {
  const odd = pick(r, [
    "%09",
    "%09%09",
    "%0A",
    "%0D",
    "%0D%0A",
    "%00",
    "%1F",
    "%7F",
    "%C2%85",
    "%5C",
    "%5c",
    "\\",
    "%09%5C",
  ]);
  const slashes = pick(r, ["/", "//", "///", "%5C", "\\", "/%5C", ""]);
  const segment = pick(r, [
    "a:b",
    "x:80",
    ":b",
    "a:",
    "evil.example",
    "[::1]",
    "a:b/c",
    "%40x",
    "",
  ]);
  if (chance(r, 0.6)) return `/${odd}${slashes}${segment}${chance(r, 0.3) ? path : ""}`;
  const last = path.lastIndexOf("/");
  return `${path.slice(0, last + 1)}${odd}${slashes}${segment}${path.slice(last + 1)}`;
}

/**
 * `count` requests from `seed`; `pages` adds the server-rendered routes (only where the SSR
 * handler is mounted). The same seed always gives the same requests.
 */
export function* fuzzRequests(
  seed: number,
  count: number,
  t: FuzzTargets,
  pages: boolean,
): Generator<FuzzRequest> {
  const r = prng(seed);
  const forms = prng(seed ^ 0x5eed);
  const locations = prng(seed ^ 0x10ca);
  const all = routes(t, pages);
  for (let n = 0; n < count; n++) {
    const route = pick(r, all)(r);
    const headers: [string, string][] = [];
    const host = chance(r, 0.85)
      ? t.host
      : pick(r, [
          "[",
          "",
          "evil.example",
          "a b",
          "x@y",
          `${t.host}:99`,
          "[::1",
          "h".repeat(300),
          "localhost:0",
          "%41",
          "example.org/path",
          "localhost:",
        ]);
    headers.push(["Host", host]);
    const mayChange = route.path.startsWith("/api/") || route.path.startsWith("/logout");
    const withCookie = chance(r, 0.5) && !(t.cookieForPagesOnly && mayChange);
    if (t.cookie && withCookie) headers.push(["Cookie", t.cookie]);
    else if (chance(r, 0.1))
      headers.push([
        "Cookie",
        pick(r, [
          "athenaeum_session=%ff",
          "athenaeum_session=",
          'athenaeum_session="x',
          "a=b; athenaeum_session=x".repeat(10),
        ]),
      ]);
    if (chance(r, 0.7))
      headers.push([
        "Sec-Fetch-Site",
        pick(r, ["same-origin", "same-origin", "none", "cross-site", "same-site", "junk"]),
      ]);
    if (chance(r, 0.15))
      headers.push([
        "Origin",
        pick(r, [`http://${t.host}`, "null", "http://evil.example", "not a url", "http://["]),
      ]);
    if (chance(r, 0.1))
      headers.push(["Referer", pick(r, [`http://${t.host}/dashboard`, "http://[", "evil"])]);
    if (chance(r, 0.2))
      headers.push([
        "Range",
        pick(r, [
          "bytes=0-10",
          "bytes=-5",
          "bytes=5-1",
          "bytes=junk",
          "bytes=0-0,1-1,2-2,3-3,4-4,5-5",
          "bytes=99999999999-",
          "items=0-1",
        ]),
      ]);
    if (chance(r, 0.1)) headers.push(["If-None-Match", pick(r, ['"x"', "*", "junk"])]);
    if (chance(r, 0.1))
      headers.push(["If-Modified-Since", pick(r, ["junk", "Mon, 01 Jan 2099 00:00:00 GMT"])]);
    if (chance(r, 0.3))
      headers.push([
        "Accept",
        pick(r, ["application/json", "text/html", "*/*", "text/x-component", "x"]),
      ]);
    if (chance(r, 0.1))
      headers.push(["Accept-Encoding", pick(r, ["gzip", "br", "zorg", "gzip;q=x"])]);
    if (chance(r, 0.05))
      headers.push(
        ["X-Forwarded-Host", "evil.example"],
        ["X-Forwarded-Proto", pick(r, ["https", "gopher"])],
      );

    const { body: raw, contentType } =
      route.kind === "none" && route.method === "GET" && chance(r, 0.9)
        ? { body: Buffer.alloc(0) }
        : bodyOf(r, route.kind);
    if (contentType !== undefined) headers.push(["Content-Type", contentType]);
    let body = raw;
    if (raw.length > 0 && chance(r, 0.15)) {
      const encoding = pick(r, ["gzip", "gzip", "deflate", "br", "zorg", "identity", "gzip, gzip"]);
      headers.push(["Content-Encoding", encoding]);
      if (encoding === "gzip" && chance(r, 0.5)) body = gzipSync(raw);
    }
    let shortBody = false;
    const lengthCase = r();
    if (lengthCase < 0.04 && body.length > 0) {
      headers.push(["Content-Length", String(body.length + 1 + Math.floor(r() * 100))]);
      shortBody = true;
    } else if (lengthCase < 0.08 && body.length > 1) {
      headers.push(["Content-Length", String(Math.floor(body.length / 2))]);
    } else if (lengthCase < 0.1) {
      headers.push(["Content-Length", pick(r, ["-1", "abc", "1e3", "99999999999999999999"])]);
    } else if (body.length > 0 || route.method !== "GET") {
      headers.push(["Content-Length", String(body.length)]);
    }
    headers.push(["Connection", "close"]);
    // paths the URL Standard reads as other paths, from a generator of their own (issue 30)
    const located = locations();
    const path = located < 0.04 ? unreadablePath(locations, route.path) : route.path;
    const target = `${path}${queryString(r)}`;
    // the request-target forms besides origin-form (RFC 9112 section 3.2), from a generator of
    // their own so the rest of the seed's requests stay as they were (issue 15)
    const form = forms();
    yield {
      method: form < 0.03 ? pick(forms, ["OPTIONS", "GET", route.method]) : route.method,
      target:
        form < 0.03
          ? pick(forms, ["*", "*/x", "*?a=b"])
          : form < 0.06
            ? `${pick(forms, ["http", "https", "ftp"])}://${pick(forms, [t.host, "evil.example", "[::1]"])}${target}`
            : target,
      headers,
      body,
      shortBody,
    };
  }
}

/** The HTTP status of the first response to `req`, or `closed` when the server hung up. */
export function sendRaw(
  port: number,
  req: FuzzRequest,
  timeoutMs = 10_000,
): Promise<number | "closed"> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    let head = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`no answer in ${timeoutMs} ms to ${req.method} ${req.target.slice(0, 200)}`),
      );
    }, timeoutMs);
    const done = (value: number | "closed") => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (match) done(Number(match[1]));
      else if (head.length > 12) done("closed");
    });
    socket.on("error", () => done("closed"));
    socket.on("end", () => done("closed"));
    const lines = [
      `${req.method} ${req.target} HTTP/1.1`,
      ...req.headers.map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "utf8"), req.body]));
    // a promised body that never comes: end our side, as a client that gave up would
    if (req.shortBody) socket.end();
  });
}

export type FuzzReport = {
  histogram: Record<string, number>;
  /** Requests answered 5xx (or not at all when they were well framed), at most 20. */
  failures: string[];
};

/** Sends `requests` with `concurrency` sockets at a time and tallies the answers. */
export async function runFuzz(
  port: number,
  requests: Iterable<FuzzRequest>,
  concurrency = 8,
): Promise<FuzzReport> {
  const histogram: Record<string, number> = {};
  const failures: string[] = [];
  const iterator = requests[Symbol.iterator]();
  async function worker() {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      const req = next.value;
      const status = await sendRaw(port, req);
      histogram[status] = (histogram[status] ?? 0) + 1;
      const bad = status === "closed" ? !req.shortBody : status >= 500;
      if (bad && failures.length < 20) {
        const headers = req.headers.map(([k, v]) => `${k}: ${v.slice(0, 80)}`).join(" | ");
        failures.push(
          `${status} ${req.method} ${req.target.slice(0, 200)} [${headers}] body ${JSON.stringify(req.body.subarray(0, 120).toString("latin1"))}`,
        );
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { histogram, failures };
}
