/**
 * The browser's client for the calls outside the JSON envelope (shared/file-calls.ts, issue 35):
 * the one place besides app/lib/api.ts where app/ calls `fetch`. Small and free of zod, so the
 * public pages' script can use it (decision 175).
 */
import { type FileAnswerOf, fileCallAt, type JsonFileCallKey } from "../../shared/file-calls.ts";

/**
 * GETs the same-site `url`, which must be a path of call `key`, and answers its parsed JSON,
 * typed by the contract. The shape is the server's promise; the caller still checks what it
 * cannot do without (a page may be served by an older server during a deployment).
 * @throws Error when `url` is not a path of `key` (before any request), when the answer is not
 *   2xx (`HTTP {status}`), or when it is not JSON.
 */
export async function fetchFileJson<K extends JsonFileCallKey>(
  key: K,
  url: string,
): Promise<FileAnswerOf<K>> {
  if (fileCallAt("GET", url) !== key) throw new Error(`Not a path of ${key}: ${url}`);
  const res = await fetch(url, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as FileAnswerOf<K>;
}
