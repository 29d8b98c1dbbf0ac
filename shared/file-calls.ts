/**
 * The browser's calls outside the JSON envelope (issue 35): answers the server sends as they
 * are, not as `{status, msg, …}` (shared/api.ts), so they are not calls of {@link API} in
 * ./contract.ts, yet they are part of the same contract. Each is keyed `"{METHOD} {path
 * template}"` (the full path, `/api` included when it is under the API) with
 * - `format`: what the answer is (`json`: a JSON document the browser parses; `csv`: a file the
 *   browser only links to, downloaded by the person);
 * - `answer`: the parsed JSON's type (a {@link Carrier}; none for a download).
 *
 * The server builds the URLs (`pathOfFile`) and registers the handlers at these templates; the
 * browser reads them only through app/lib/file-fetch.ts, which checks the URL is one of these
 * calls and types the answer. tests/api/contract.test.ts holds that every `/api` route the
 * server mounts is a call of {@link API} or of this list, and tests/unit/api-contract.test.ts
 * that no module of app/ fetches outside the two typed clients.
 *
 * No zod and no runtime import: the public pages' script (the 'Cite this paper' panel) loads it
 * within the JavaScript budget (decision 175).
 */
import type { CitationReferences } from "./api.ts";

declare const carried: unique symbol;
/** A type carried by a value that holds nothing at run time. */
type Carrier<T> = { readonly [carried]?: T };
const json = <T extends object>(): { format: "json"; answer: Carrier<T> } => ({
  format: "json",
  answer: {},
});

/** Every call outside the envelope; see the module docstring. */
export const FILE_CALLS = {
  /** The six references of 'Cite this paper' (decision 245); 503 `{error}` while busy. */
  "GET /journal/:journalUrl/:paper/citations.json": json<CitationReferences>(),
  "GET /proceedings/:slug/:paper/citations.json": json<CitationReferences>(),
  /**
   * The Statistics screen's table as CSV (decision 283); query `journal, issue, proceeding,
   * paper, from, to` as `GET /dashboard/statistics`, and `table=periods|papers`.
   */
  "GET /api/dashboard/statistics_csv": { format: "csv" },
} as const;

/** A key of {@link FILE_CALLS}. */
export type FileCallKey = keyof typeof FILE_CALLS;
/** The keys of the calls answering JSON. */
export type JsonFileCallKey = {
  [K in FileCallKey]: (typeof FILE_CALLS)[K] extends { format: "json" } ? K : never;
}[FileCallKey];
/** The parsed answer of JSON call `K`. */
export type FileAnswerOf<K extends JsonFileCallKey> = (typeof FILE_CALLS)[K] extends {
  answer: Carrier<infer T>;
}
  ? T
  : never;

/** The path template of `key`: `"GET /api/x/:id"` → `/api/x/:id`. */
export function fileTemplateOf(key: FileCallKey): string {
  return key.slice(key.indexOf(" ") + 1);
}

/**
 * The call of {@link FILE_CALLS} that a `method` request to the same-site `url` makes (a query
 * string or fragment is ignored), or undefined when the list has none. A `:name` segment
 * matches any non-empty segment; a language prefix (`/es/journal/…`) is not a call.
 */
export function fileCallAt(method: "GET" | "POST", url: string): FileCallKey | undefined {
  const segments = url.replace(/[?#].*$/, "").split("/");
  return (Object.keys(FILE_CALLS) as FileCallKey[]).find((key) => {
    if (!key.startsWith(`${method} `)) return false;
    const template = fileTemplateOf(key).split("/");
    return (
      template.length === segments.length &&
      template.every((part, i) =>
        part.startsWith(":") ? segments[i] !== "" : part === segments[i],
      )
    );
  });
}

/**
 * The concrete path of `key` with `values` in its `:name` segments, each URI-encoded, and
 * `query` appended when given (without its `?`).
 * @throws Error when a value is missing or empty.
 */
export function pathOfFile(
  key: FileCallKey,
  values: Record<string, string | number> = {},
  query = "",
): string {
  const path = fileTemplateOf(key).replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === "") throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return query ? `${path}?${query}` : path;
}
