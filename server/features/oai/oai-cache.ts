/**
 * OAI-PMH answers kept per catalogue version (issue 19; docs/decisions/300-oai-pages-per-catalogue-version.md).
 *
 * An answer depends on the request's arguments, the origin it names and the catalogue, and on
 * nothing else but its `responseDate`; the router stores the body with a placeholder there and
 * fills in the time when it sends it. Entries of an older catalogue version are never served:
 * the first lookup at a new version empties the store. Least recently used first out beyond
 * `maxBytes` (string length, about the bytes of an ASCII-mostly answer).
 */

/** Bytes of answers one process keeps unless told otherwise: 16 MiB (some 60 pages of JATS). */
export const OAI_CACHE_BYTES = 16 * 1024 * 1024;

export type OaiAnswerCache = {
  /** The body kept for `key` at `version`, or undefined. */
  get: (version: number, key: string) => string | undefined;
  /** Keeps `body` for `key` at `version` (ignored when `version` is older than the newest seen). */
  set: (version: number, key: string, body: string) => void;
};

/**
 * A per-process store of OAI-PMH answers of the newest catalogue version seen.
 * @param maxBytes total length of the bodies kept (default {@link OAI_CACHE_BYTES}).
 */
export function createOaiAnswerCache(maxBytes = OAI_CACHE_BYTES): OaiAnswerCache {
  const entries = new Map<string, string>();
  let version = 0;
  let bytes = 0;
  const follow = (seen: number) => {
    if (seen <= version) return;
    version = seen;
    entries.clear();
    bytes = 0;
  };
  return {
    get(seen, key) {
      follow(seen);
      if (seen !== version) return undefined;
      const body = entries.get(key);
      if (body === undefined) return undefined;
      // re-inserted: a Map iterates in insertion order, so the first key is the least recent
      entries.delete(key);
      entries.set(key, body);
      return body;
    },
    set(seen, key, body) {
      follow(seen);
      if (seen !== version || body.length > maxBytes) return;
      const old = entries.get(key);
      if (old !== undefined) bytes -= old.length;
      entries.delete(key);
      entries.set(key, body);
      bytes += body.length;
      for (const [oldest, kept] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= kept.length;
      }
    },
  };
}
