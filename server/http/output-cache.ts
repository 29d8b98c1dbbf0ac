/**
 * Output cache of public pages and public API answers (issue 11; docs/decisions/110-output-cache.md).
 *
 * A GET or HEAD of a public URL by a reader (no session cookie) is answered from memory when the
 * same URL was rendered at the current catalogue version (server/services/catalogue-version.ts);
 * otherwise the response is rendered as usual, kept when it is a 200 HTML / JSON / React Router
 * data answer of at most `maxEntryBytes`, and sent from the new entry. Either way it carries a
 * strong `ETag` (a hash of the body; `If-None-Match` gets 304), `Cache-Control`
 * {@link PUBLIC_CACHE_CONTROL} and `Vary: Cookie, Accept-Encoding`, so a CDN can carry it, and
 * `X-Cache: hit|miss`. Compressed copies (br, gzip) are made once per entry, on first demand.
 *
 * Requests carrying a session cookie are never looked up or stored and get
 * `Cache-Control: private, no-store`; when such a request (or any non-GET) finishes, the
 * remembered version is dropped so the manager's next public request sees the write at once.
 *
 * The CSP nonce of a cached page: a miss renders the page with a nonce derived from the session
 * secret, the catalogue version and the URL (HMAC), and its CSP header is rewritten to match; the
 * entry stores that header, so a cached body always comes with the CSP of its own nonce. Any
 * change of the page's input (URL or catalogue) gives a new, unpredictable nonce.
 *
 * Entries live in one process's memory, bounded by `maxBytes` (bodies plus compressed copies),
 * least recently used first out; all of them are dropped when the version moves on, and an entry
 * rendered on an earlier UTC day is not served: pages show usage figures of the day before
 * (views and downloads, most read; docs/decisions/284-usage-figures-for-readers.md).
 *
 * Two ways in: `middleware` for Express (looks the version up when needed, renders and keeps
 * misses), and `serveFast` for the node:http server in front of Express (server/main.ts), which
 * answers a hit without Express when the version read less than `versionTtlMs` ago is still
 * trusted; everything else it leaves to Express. Both send an entry the same way.
 */
import { createHash, createHmac } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { RequestHandler, Response } from "express";
import { currentCatalogueVersion, onCatalogueWrite } from "../services/catalogue-version.ts";
import type { AppContext } from "../services/context.ts";
import { resolveLocale } from "./locale.ts";
import { loggableUrl } from "./log-url.ts";
import { originFrom } from "./origin.ts";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./session.ts";

/** Readers and CDNs may keep an answer 60 s, then serve it stale up to 10 min while revalidating. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";
/** What signed-in managers get on every request: nothing kept anywhere. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

export type OutputCacheOptions = {
  /** Total bytes of bodies and compressed copies kept; 64 MiB unless given. */
  maxBytes?: number;
  /** Largest body kept, bytes; 4 MiB unless given. */
  maxEntryBytes?: number;
  /**
   * How long a catalogue version read from the database is reused, ms (default 1000; 0 reads
   * it for every request, concurrent requests sharing one read). Other processes' writes show
   * after at most this long; this process's writes at once.
   */
  versionTtlMs?: number;
};

export type OutputCache = {
  /** Express middleware; mount it after helmet and compression, before the API and pages. */
  middleware: RequestHandler;
  /**
   * Answers `req` from the cache without Express when it can tell at once (a GET/HEAD of a
   * public URL without session cookie, an entry of the version trusted right now).
   * @returns true when it answered; false leaves the request to Express untouched.
   */
  serveFast: (req: IncomingMessage, res: ServerResponse) => boolean;
};

type Encoding = "identity" | "gzip" | "br";

/**
 * What is sent for one encoding: the body and every header, ready for `writeHead`; `hit`, the
 * same with `X-Cache: hit` first, made once for the node:http front ({@link send}).
 */
type Variant = { body: Buffer; headers: OutgoingHttpHeaders; hit?: OutgoingHttpHeaders };

type Entry = {
  version: number;
  /** The UTC day the body was rendered on (days since 1970). */
  day: number;
  body: Buffer;
  /** Response headers to repeat (content type, CSP, security headers), names lower-case. */
  headers: OutgoingHttpHeaders;
  /**
   * The headers the middleware before the cache (helmet's security headers) had set when the
   * page was rendered, CSP excepted: what Express's 304 for the entry carries besides the
   * cache's own, so the node:http front's 304 carries them too (issue 36).
   */
  early: OutgoingHttpHeaders;
  /** Base64url SHA-256 of `body`, the ETag's opaque part. */
  hash: string;
  variants: Partial<Record<Encoding, Variant>>;
  bytes: number;
  /**
   * `Vary` of the answer: whether its language followed the reader's `Accept-Language` (an
   * unprefixed page or an API answer, server/http/locale.ts) besides the cookie and encoding.
   */
  vary: string;
};

/**
 * Page paths that are never public: manager screens, account pages (the administrator
 * confirmation link's too), OAI-PMH, galleys, and the SUSHI reports (server/features/usage/sushi.ts), whose figures change with every counted access.
 */
const PRIVATE_PAGE =
  /^\/(?:dashboard|manager|registration|logout|oai|api|assets|files|pdfjs|sushi|confirm-admin)(?:[/.]|$)/;
const GALLEY = /^\/(?:journal|proceedings)\/[^/]+\/download\//;
/** A file name (robots.txt, sitemap.xml, favicon.ico); React Router's `.data` URLs are pages. */
const FILE_NAME = /\.(?!data$)[^/.]*$/;
/**
 * The Atom feeds (`/feed.xml`, `/journal/{uri}/feed.xml`, docs/decisions/187-feeds.md): public
 * answers that change only with the catalogue, so they are kept like pages (docs/decisions/250-feeds-in-the-output-cache.md).
 */
const FEED = /^\/(?:journal\/[^/]+\/)?feed\.xml$/;
/**
 * The sitemap index and its parts (docs/decisions/105-sitemap-layout.md): public files that
 * change only with the catalogue, kept like the feeds (docs/decisions/301-sitemaps-in-the-output-cache.md).
 */
const SITEMAP = /^\/(?:sitemap\.xml|sitemaps\/[^/]+\.xml)$/;
/** The public calls of docs/product/api.md (server/api/public.ts), nothing of the dashboard's. */
const PUBLIC_API =
  /^\/api\/(?:latest_publications|latest_publication|latest_journals|all_journals|all_proceedings|partners|search|get_journal\/[^/]+|get_publications\/[^/]+\/Y|get_publication\/[^/]+\/[^/]+\/[^/]+|get_journal_paper\/[^/]+\/[^/]+|get_proceeding_page\/[^/]+|get_proceeding_paper\/[^/]+\/[^/]+)\/?$/;
/** A paper's formatted references, public JSON beside its page (decision 245). */
const CITATION_REFERENCES = /^\/(?:journal|proceedings)\/[^/]+\/[1-9][0-9]*\/citations\.json$/;
/**
 * Content types kept: HTML pages, JSON answers, React Router's data (`text/x-script`), Atom
 * feeds, sitemaps (`application/xml`).
 */
const CACHEABLE_TYPE =
  /^(?:text\/html|application\/json|text\/x-script|application\/atom\+xml|application\/xml)\b/i;
/** Headers recomputed for every answer, or that must never be repeated. */
const NOT_STORED = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "set-cookie",
  "transfer-encoding",
  "vary",
  "x-cache",
]);
/** Below this many bytes compression does not pay (the `compression` middleware's threshold). */
const COMPRESS_FROM = 1024;

/** Whether `path` (a request path, without the query) may be served from the cache. */
export function isPublicPath(path: string): boolean {
  if (path.startsWith("/api/")) return PUBLIC_API.test(path);
  if (FEED.test(path) || SITEMAP.test(path) || CITATION_REFERENCES.test(path)) return true;
  return !PRIVATE_PAGE.test(path) && !GALLEY.test(path) && !FILE_NAME.test(path);
}

/**
 * Whether the request carries a session cookie (valid or not): such requests bypass the cache
 * (and are not counted as readers' usage, server/features/usage/usage-observer.ts).
 */
export function hasSessionCookie(req: IncomingMessage): boolean {
  const cookie = req.headers.cookie;
  return (
    cookie !== undefined &&
    (cookie.includes(`${SESSION_COOKIE}=`) || cookie.includes(`${SECURE_SESSION_COOKIE}=`))
  );
}

/**
 * The origin a page is rendered for ({@link originFrom}): `PUBLIC_URL`, else the request's
 * scheme and host, read as Express reads `req.protocol` and `req.host` (which the page's own
 * origin comes from): `X-Forwarded-Proto` and `X-Forwarded-Host` when proxies are trusted.
 */
function originOf(ctx: AppContext, req: IncomingMessage): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  const trusted = ctx.config.trustProxy > 0;
  const forwarded = (name: string) => {
    const value = req.headers[name];
    return trusted && typeof value === "string" && value ? value.split(",")[0]!.trim() : "";
  };
  const proto =
    forwarded("x-forwarded-proto") || ((req.socket as TLSSocket).encrypted ? "https" : "http");
  return originFrom(undefined, proto, forwarded("x-forwarded-host") || (req.headers.host ?? ""));
}

/** Builds the cache of one process (or one test app). */
export function createOutputCache(ctx: AppContext, options: OutputCacheOptions = {}): OutputCache {
  const store = new EntryStore(options.maxBytes ?? 64 * 1024 * 1024);
  const maxEntryBytes = options.maxEntryBytes ?? 4 * 1024 * 1024;
  const versions = versionReader(ctx, options.versionTtlMs ?? 1000);
  onCatalogueWrite(ctx.db, versions.forget);
  const logHits = ctx.log.isLevelEnabled("info");
  // A hit's access line holds the method, the URL with its secrets cut (loggableUrl) and the
  // status, nothing redaction would find: written without it, as pino's redaction cost about
  // 7 µs of a line's 8 (decision 541). The same JSON otherwise.
  const accessLog = logHits ? ctx.log.child({}, { redact: [] }) : ctx.log;

  const serveFast = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (hasSessionCookie(req) || req.headers.range) return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    if (!isPublicPath(query === -1 ? url : url.slice(0, query))) return false;
    // the reader's language first: a reader sent to another language's URL is Express's
    const language = resolveLocale(url, req.headers, ctx.config.pseudoLocale);
    if (language.kind === "redirect") return false;
    const version = versions.trusted();
    if (version === undefined) return false;
    // the middleware's key: a prefixed page's URL without its prefix (localeMiddleware)
    const key = `${language.locale} ${originOf(ctx, req)}${language.url}`;
    const entry = store.get(key, version);
    if (!entry) return false;
    send(req, res, key, entry, "hit", store, true);
    // the access log line pino-http writes for requests that reach Express
    if (logHits) {
      accessLog.info(
        { req: { method: req.method, url: loggableUrl(url) }, res: { statusCode: res.statusCode } },
        "request completed",
      );
    }
    return true;
  };

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (hasSessionCookie(req)) {
      res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      res.vary("Cookie");
      return next();
    }
    if (!isPublicPath(req.path) || req.headers.range) return next();
    // While the first-start import runs, pages show its progress (ctx.importStatus), which is
    // not part of the catalogue version: nothing is kept until it is over.
    if (ctx.importStatus?.state === "running") return next();

    let version: number;
    try {
      version = await versions.get();
    } catch (error) {
      ctx.log.warn({ err: error }, "catalogue version unreadable; answering without the cache");
      return next();
    }
    // one entry per language: a prefixed page's is its prefix's, an API answer's the reader's
    const key = `${res.locals.locale} ${originOf(ctx, req)}${req.originalUrl}`;
    const entry = store.get(key, version);
    if (entry) return send(req, res, key, entry, "hit", store);
    if (req.method === "HEAD") return next();

    const early = res.getHeaders();
    adoptNonce(res, derivedNonce(ctx.config.sessionSecret, version, key));
    captureBody(res, maxEntryBytes, (status, body) => {
      const type = String(res.getHeader("content-type") ?? "");
      if (status !== 200 || res.hasHeader("set-cookie") || !CACHEABLE_TYPE.test(type)) {
        return false;
      }
      const fresh = newEntry(version, res.getHeaders(), body, early);
      store.set(key, fresh);
      send(req, res, key, fresh, "miss", store);
      return true;
    });
    next();
  };

  return { middleware, serveFast };
}

/** Reads the catalogue version, reusing it for `ttlMs` and sharing one read among callers. */
function versionReader(ctx: AppContext, ttlMs: number) {
  let value: number | undefined;
  let readAt = 0;
  let pending: Promise<number> | undefined;
  // Each forget() starts a new generation; a read started before it must not be remembered.
  let generation = 0;
  return {
    /** The value read less than `ttlMs` ago, else undefined. */
    trusted(): number | undefined {
      return value !== undefined && performance.now() - readAt < ttlMs ? value : undefined;
    },
    get(): Promise<number> {
      if (value !== undefined && performance.now() - readAt < ttlMs) return Promise.resolve(value);
      if (pending) return pending;
      const started = generation;
      const read = currentCatalogueVersion(ctx).then(
        (v) => {
          if (generation === started) {
            value = v;
            readAt = performance.now();
          }
          if (pending === read) pending = undefined;
          return v;
        },
        (error: unknown) => {
          if (pending === read) pending = undefined;
          throw error;
        },
      );
      pending = read;
      return read;
    },
    forget(): void {
      generation++;
      value = undefined;
      pending = undefined;
    },
  };
}

/** Entries of the newest version seen, least recently used first, within `maxBytes`. */
class EntryStore {
  private entries = new Map<string, Entry>();
  private version = 0;
  private bytes = 0;

  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string, version: number): Entry | undefined {
    this.follow(version);
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || entry.day !== utcDayNumber()) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.follow(entry.version);
    // A page rendered at an older version than the newest seen is sent but not kept.
    if (entry.version !== this.version || entry.bytes > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /** Accounts for a compressed copy added to `entry`. */
  grew(key: string, entry: Entry, by: number): void {
    entry.bytes += by;
    if (this.entries.get(key) !== entry) return;
    this.bytes += by;
    this.evict();
  }

  private follow(version: number): void {
    if (version <= this.version) return;
    this.version = version;
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.bytes;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.remove(key);
    }
  }
}

function newEntry(
  version: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  earlyHeaders: OutgoingHttpHeaders = {},
): Entry {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_STORED.has(name)) kept[name] = value;
  }
  const early: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(earlyHeaders)) {
    if (value !== undefined && !NOT_STORED.has(name) && name !== "content-security-policy") {
      early[name] = value;
    }
  }
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 32);
  const byLanguage = /accept-language/i.test(String(headers.vary ?? ""));
  return {
    version,
    day: utcDayNumber(),
    body: ownMemory(body),
    headers: kept,
    early,
    hash,
    variants: {},
    bytes: body.length + 1024,
    vary: byLanguage ? VARY_LANGUAGE : VARY,
  };
}

/** Today (UTC) as days since 1970. */
function utcDayNumber(): number {
  return Math.floor(Date.now() / 86_400_000);
}

/**
 * A CSP nonce for the page at `key` rendered at `version`: unpredictable without the secret,
 * and the same in every process sharing it, so equal renders give equal bytes and ETags.
 */
function derivedNonce(secret: string, version: number, key: string): string {
  return createHmac("sha256", secret)
    .update(`csp-nonce\n${version}\n${key}`)
    .digest()
    .subarray(0, 16)
    .toString("base64");
}

/** Makes `nonce` this response's CSP nonce: in `res.locals` (for the page) and in the header. */
function adoptNonce(res: Response, nonce: string): void {
  const old = res.locals.nonce as string | undefined;
  const csp = res.getHeader("Content-Security-Policy");
  if (old && typeof csp === "string") {
    res.setHeader("Content-Security-Policy", csp.replace(`'nonce-${old}'`, `'nonce-${nonce}'`));
  }
  res.locals.nonce = nonce;
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

/**
 * Holds back what the handler writes to `res` until it ends, then calls `complete` with the
 * status and the whole body; when `complete` returns false the body is sent unchanged. Answers
 * that cannot be kept (not 200, not a cacheable type, larger than `maxBytes`) stop being held
 * as soon as that is known and stream as usual.
 */
function captureBody(
  res: Response,
  maxBytes: number,
  complete: (status: number, body: Buffer) => boolean,
): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let chunks: Buffer[] = [];
  let size = 0;

  const keepable = () =>
    res.statusCode === 200 && CACHEABLE_TYPE.test(String(res.getHeader("content-type") ?? ""));
  const release = () => {
    res.writeHead = original.writeHead;
    res.write = original.write;
    res.end = original.end;
  };
  const flush = () => {
    release();
    const held = Buffer.concat(chunks);
    chunks = [];
    if (held.length) res.write(held);
  };
  const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
    typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk);

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    const headers = rest.find((r) => typeof r === "object" && r !== null);
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) {
        res.setHeader(String(headers[i]), headers[i + 1] as string);
      }
    } else if (headers) {
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined) res.setHeader(name, value as string);
      }
    }
    if (!keepable()) {
      release();
      original.writeHead.call(res, res.statusCode);
      const held = Buffer.concat(chunks);
      chunks = [];
      if (held.length) res.write(held);
    }
    return res;
  }) as Response["writeHead"];

  res.write = ((chunk: Chunk, encoding?: BufferEncoding | Callback, cb?: Callback) => {
    const callback = typeof encoding === "function" ? encoding : cb;
    const enc = typeof encoding === "string" ? encoding : undefined;
    if (!keepable()) {
      flush();
      return res.write(chunk, enc as BufferEncoding, callback);
    }
    const buffer = toBuffer(chunk, enc);
    chunks.push(buffer);
    size += buffer.length;
    if (size > maxBytes) flush();
    if (callback) process.nextTick(callback);
    return true;
  }) as Response["write"];

  res.end = ((chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, cb?: Callback) => {
    const callback = [chunk, encoding, cb].find((a) => typeof a === "function") as
      | Callback
      | undefined;
    const enc = typeof encoding === "string" ? encoding : undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") {
      chunks.push(toBuffer(chunk, enc));
    }
    release();
    const body = Buffer.concat(chunks);
    chunks = [];
    if (!complete(res.statusCode, body)) res.end(body, callback);
    else if (callback) res.once("finish", () => callback());
    return res;
  }) as Response["end"];
}

/** The encoding to send: br, then gzip, when the client accepts it (q > 0); else identity. */
function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/** Whether `If-None-Match` names `hash` (any encoding's variant of it, weak or strong) or `*`. */
function matches(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === "*" || t.replace(/^"|"$/g, "").replace(/-(?:br|gzip)$/, "") === hash;
  });
}

/**
 * Sends `entry` (200, or 304 when `If-None-Match` names it) with the headers of
 * {@link OutputCache}; works on a bare node:http response and inside Express alike. `front`:
 * `res` is the node:http front's, with no header set yet, so the headers are written at once
 * from what the entry keeps ready, the same headers Express sends for the same hit (a test
 * compares them header for header: tests/api/output-cache.test.ts).
 */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  entry: Entry,
  outcome: "hit" | "miss",
  store: EntryStore,
  front = false,
): void {
  const encoding =
    entry.body.length >= COMPRESS_FROM
      ? chooseEncoding(req.headers["accept-encoding"])
      : "identity";
  let variant = entry.variants[encoding];
  if (!variant) {
    variant = makeVariant(entry, encoding);
    entry.variants[encoding] = variant;
    if (encoding !== "identity") store.grew(key, entry, variant.body.length);
  }
  const notModified = matches(req.headers["if-none-match"], entry.hash);
  if (front && !notModified) {
    variant.hit ??= { "X-Cache": "hit", ...variant.headers };
    res.writeHead(200, variant.hit);
    res.end(req.method === "HEAD" ? undefined : variant.body);
    return;
  }
  // what helmet set before the cache middleware, which Express's answers carry
  if (front) for (const [name, value] of Object.entries(entry.early)) res.setHeader(name, value!);
  // Express (and helmet, compression) may have set headers already; these replace them.
  res.removeHeader("Content-Length");
  res.removeHeader("ETag");
  res.setHeader("X-Cache", outcome);
  if (notModified) {
    // A browser replaces its stored headers with a 304's (RFC 9111 section 4.3.4). The CSP that
    // helmet set for this request names a fresh nonce the reader's stored body does not carry,
    // so it would block the page's inline scripts: the 304 carries the entry's own CSP instead.
    res.removeHeader("Content-Security-Policy");
    const csp = entry.headers["content-security-policy"];
    res.writeHead(304, {
      ETag: variant.headers.ETag,
      "Cache-Control": PUBLIC_CACHE_CONTROL,
      Vary: entry.vary,
      ...(csp === undefined ? {} : { "Content-Security-Policy": csp }),
    });
    res.end();
    return;
  }
  res.writeHead(200, variant.headers);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}

const VARY = "Cookie, Accept-Encoding";
const VARY_LANGUAGE = "Cookie, Accept-Language, Accept-Encoding";

/**
 * `buffer`, or a copy of it in memory of its own when it is a view of a larger block: a small
 * Buffer shares an 8 KiB pool slab, and zlib's output of one chunk is a view of its 16 KiB
 * output block. Kept as views, entries would hold more memory than the cache counts (a 8.5 KB
 * Brotli copy of a search page held 16 KiB; decision 321).
 */
export function ownMemory(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(own);
  return own;
}

function makeVariant(entry: Entry, encoding: Encoding): Variant {
  const body =
    encoding === "gzip"
      ? ownMemory(gzipSync(entry.body, { level: 6 }))
      : encoding === "br"
        ? ownMemory(
            brotliCompressSync(entry.body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 6,
                [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
              },
            }),
          )
        : entry.body;
  const headers: OutgoingHttpHeaders = {
    ...entry.headers,
    "Cache-Control": PUBLIC_CACHE_CONTROL,
    Vary: entry.vary,
    ETag: `"${entry.hash}${encoding === "identity" ? "" : `-${encoding}`}"`,
    "Content-Length": body.length,
  };
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  return { body, headers };
}
