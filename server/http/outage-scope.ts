/**
 * Per-request memory of "this request met a database outage" for server-rendered pages
 * (decision 130). A page loader that meets an outage either throws (React Router's `handleError`
 * sees it) or, through `loadSection`, renders an empty section; either way the page must be
 * answered 503 with `Retry-After`, which app/entry.server.tsx decides from this scope. The scope
 * is an AsyncLocalStorage entered by server/ssr.ts around each page request, so loaders need no
 * extra argument; outside a scope (unit tests, the API) marking does nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<{ unavailable: boolean }>();

/** Runs `fn` (one page request) in a fresh scope. */
export function withOutageScope<T>(fn: () => T): T {
  return scope.run({ unavailable: false }, fn);
}

/** Records that the current request met a database outage. */
export function markDatabaseUnavailable(): void {
  const store = scope.getStore();
  if (store) store.unavailable = true;
}

/** Whether the current request met a database outage. */
export function databaseWasUnavailable(): boolean {
  return scope.getStore()?.unavailable ?? false;
}
