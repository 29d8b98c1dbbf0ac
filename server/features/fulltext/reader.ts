/**
 * The full text of a paper for its full-text page (issue 18, docs/decisions/285-html-full-text-from-jats.md):
 * the {@link FullText} tree of its JATS galley, made once per galley and kept in a small cache
 * of this process ({@link TREE_CACHE_SIZE} trees from at most {@link TREE_CACHE_BYTES} of JATS,
 * least recently used dropped), keyed by the galley's SHA-256 and its supplied files, so a
 * replaced galley or figure is a new entry. The tree is made in the JATS pool (./jats-pool.ts,
 * decision 386), once however many requests ask for it meanwhile; this thread receives it
 * finished.
 */
import { createHash } from "node:crypto";
import type { FullText, RenderedFullText } from "../../../shared/fulltext.ts";
import type { RenderLocale } from "../../../shared/i18n/locales.ts";
import type { AppContext } from "../../services/context.ts";
import { fileUrl } from "../../storage/storage.ts";
import { type JatsPool, runJats } from "./jats-pool.ts";
import { isJatsRefused, type JatsRefusedError } from "./jats-read.ts";

/** Trees kept per process; the longest corpus paper's tree is about 0.3 MB of JSON. */
export const TREE_CACHE_SIZE = 32;

/**
 * Bytes of JATS whose trees are kept at most (decision 385; the newest tree is kept whatever
 * its size). A tree takes 30–40 times its file in V8's heap (8.8 MB for the longest corpus
 * file, 0.32 MB; 56 MB for a galley of 40,000 elements, 1.5 MB), so this keeps the cached trees
 * to about 80 MB of the 256 MB heap `npm start` allows (decision 321), whatever galleys the
 * readers ask for.
 */
export const TREE_CACHE_BYTES = 2 * 1024 * 1024;

/**
 * Each galley's tree (and the size of its file), or why it cannot be read: a galley stored
 * before a stricter check (decision 385) is refused once, not parsed again on every request
 * for its page.
 */
const trees = new Map<string, { value: FullText | JatsRefusedError; bytes: number }>();
let cachedBytes = 0;

/** Trees being made, by cache key: a galley's first requests share one job of the pool. */
const making = new Map<string, Promise<FullText>>();

/** True when paper `paperId` has a JATS galley (its full-text page exists). */
export async function hasFullText(ctx: AppContext, paperId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("paper_jats")
    .select("paper_id")
    .where("paper_id", "=", paperId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The full text of paper `paperId`, or null when it has no JATS galley. The paper's visibility
 * is the caller's to check (the page loads the paper first).
 * @throws what reading the stored galley throws: a storage error, JatsPoolError when the JATS
 *   pool is full or its worker failed (not remembered), or JatsRefusedError for a galley stored
 *   before a stricter check (./jats-read.ts; decision 385), remembered like a tree. The page
 *   logs each as a failed load (503).
 */
export async function paperFullText(ctx: AppContext, paperId: number): Promise<FullText | null> {
  const stored = await storedGalley(ctx, paperId);
  if (!stored) return null;
  const { cacheKey, galley, files } = stored;
  const cached = trees.get(cacheKey);
  if (cached) {
    trees.delete(cacheKey);
    trees.set(cacheKey, cached);
    if (isJatsRefused(cached.value)) throw cached.value;
    return cached.value;
  }
  let tree = making.get(cacheKey);
  if (!tree) {
    tree = makeTree(ctx, cacheKey, galley.storage_key, files).finally(() =>
      making.delete(cacheKey),
    );
    making.set(cacheKey, tree);
  }
  return tree;
}

/**
 * Paper `paperId`'s galley and supplied files, and the key of what is made of them (a replaced
 * galley or figure is a new key); null when the paper has no galley.
 */
async function storedGalley(ctx: AppContext, paperId: number) {
  const galley = await ctx.db
    .selectFrom("paper_jats")
    .select(["storage_key", "sha256"])
    .where("paper_id", "=", paperId)
    .executeTakeFirst();
  if (!galley) return null;
  const files = await ctx.db
    .selectFrom("paper_jats_files")
    .select(["name", "storage_key"])
    .where("paper_id", "=", paperId)
    .orderBy("name")
    .execute();
  const cacheKey = createHash("sha256")
    .update(galley.sha256)
    .update(files.map((f) => `${f.name}=${f.storage_key}`).join("\n"))
    .digest("hex");
  return { cacheKey, galley, files };
}

/** Pages kept per process: a galley's article in one language each. */
export const PAGE_CACHE_SIZE = 64;

/**
 * Characters of article HTML kept at most (the newest page is kept whatever its size): 16 Mi,
 * at most 32 MB of the serving thread's 256 MB heap (decision 321). The longest corpus article
 * is about 170 K characters; the largest galley accepted about 6 M (decision 530).
 */
export const PAGE_CACHE_CHARS = 16 * 1024 * 1024;

/** Rendered pages, or why the galley cannot be read, by tree cache key and locale. */
const pages = new Map<string, { value: RenderedFullText | JatsRefusedError; chars: number }>();
let cachedChars = 0;
const rendering = new Map<string, Promise<RenderedFullText>>();

/**
 * The full-text page of paper `paperId` in `locale`, its article rendered to HTML, or null when
 * the paper has no JATS galley (decision 530). With a JATS pool the tree is made and rendered in
 * a worker thread and only the page's strings come back: the serving thread's event loop spends
 * milliseconds on the largest galley accepted, not the seconds of React's render. Without one
 * (`JATS_WORKERS=0`) the tree is made here ({@link paperFullText}) and rendered by
 * `renderHere` (app/lib/fulltext-html.ts). Kept per galley and locale ({@link PAGE_CACHE_SIZE},
 * {@link PAGE_CACHE_CHARS}); a galley's first requests in one language share one job.
 * @throws as {@link paperFullText}.
 */
export async function paperFullTextPage(
  ctx: AppContext,
  paperId: number,
  locale: RenderLocale,
  renderHere: (text: FullText, locale: RenderLocale) => RenderedFullText,
): Promise<RenderedFullText | null> {
  const pool = ctx.jatsPool;
  if (!pool) {
    const tree = await paperFullText(ctx, paperId);
    return tree && renderHere(tree, locale);
  }
  const stored = await storedGalley(ctx, paperId);
  if (!stored) return null;
  const key = `${stored.cacheKey}\n${locale}`;
  const cached = pages.get(key);
  if (cached) {
    pages.delete(key);
    pages.set(key, cached);
    if (isJatsRefused(cached.value)) throw cached.value;
    return cached.value;
  }
  let page = rendering.get(key);
  if (!page) {
    page = renderPage(ctx, pool, key, stored, locale).finally(() => rendering.delete(key));
    rendering.set(key, page);
  }
  return page;
}

/** Reads the stored galley and has a worker render its page, remembered under `key`. */
async function renderPage(
  ctx: AppContext,
  pool: JatsPool,
  key: string,
  stored: NonNullable<Awaited<ReturnType<typeof storedGalley>>>,
  locale: RenderLocale,
): Promise<RenderedFullText> {
  const data = await ctx.storage.read(stored.galley.storage_key);
  let page: RenderedFullText;
  try {
    page = await pool.run({
      kind: "page",
      data,
      maxBytes: Math.max(ctx.config.maxJatsBytes, data.byteLength), // as makeTree's
      files: stored.files.map((f) => [f.name, fileUrl(f.storage_key) ?? ""]),
      locale,
    });
  } catch (error) {
    if (isJatsRefused(error)) rememberPage(key, error, 0);
    throw error;
  }
  rememberPage(key, page, page.html.length);
  return page;
}

/** Keeps `value` as the newest page, dropping the oldest past either bound. */
function rememberPage(
  key: string,
  value: RenderedFullText | JatsRefusedError,
  chars: number,
): void {
  cachedChars -= pages.get(key)?.chars ?? 0;
  pages.delete(key);
  pages.set(key, { value, chars });
  cachedChars += chars;
  while (pages.size > 1 && (pages.size > PAGE_CACHE_SIZE || cachedChars > PAGE_CACHE_CHARS)) {
    const [oldest, entry] = pages.entries().next().value ?? [];
    if (oldest === undefined || !entry) break;
    pages.delete(oldest);
    cachedChars -= entry.chars;
  }
}

/** Reads the stored galley and has the pool make its tree, remembered under `cacheKey`. */
async function makeTree(
  ctx: AppContext,
  cacheKey: string,
  storageKey: string,
  files: { name: string; storage_key: string }[],
): Promise<FullText> {
  const data = await ctx.storage.read(storageKey);
  let tree: FullText;
  try {
    tree = await runJats(ctx, {
      kind: "tree",
      data,
      // the size limit it was stored under may have been lowered since: its size is not held
      // against it; the counts and nesting of decision 385 are
      maxBytes: Math.max(ctx.config.maxJatsBytes, data.byteLength),
      files: files.map((f) => [f.name, fileUrl(f.storage_key) ?? ""]),
    });
  } catch (error) {
    if (isJatsRefused(error)) remember(cacheKey, error, 0);
    throw error;
  }
  remember(cacheKey, tree, data.byteLength);
  return tree;
}

/** Keeps `value` as the newest entry, dropping the oldest past either bound. */
function remember(key: string, value: FullText | JatsRefusedError, bytes: number): void {
  cachedBytes -= trees.get(key)?.bytes ?? 0; // two first requests for one galley both read it
  trees.delete(key);
  trees.set(key, { value, bytes });
  cachedBytes += bytes;
  while (trees.size > 1 && (trees.size > TREE_CACHE_SIZE || cachedBytes > TREE_CACHE_BYTES)) {
    const [oldest, entry] = trees.entries().next().value ?? [];
    if (oldest === undefined || !entry) break;
    trees.delete(oldest);
    cachedBytes -= entry.bytes;
  }
}

/** Empties the tree and page caches (the benchmark measures uncached renders). */
export function clearFullTextCache(): void {
  trees.clear();
  cachedBytes = 0;
  pages.clear();
  cachedChars = 0;
}
