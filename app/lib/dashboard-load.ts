/**
 * Browser-side helper for the dashboard screens' clientLoaders: a screen's data is loaded with
 * the manager's cookie, and a load that fails shows the server's msg, else the screen's default
 * ('Not Authorised to Access This Page' unless the screen names another), full-page
 * (docs/product/errors.md). An aborted load (the manager navigated away) is not a failure: it
 * rejects as before, so React Router drops it.
 *
 * A dashboard route module is three lines of skeleton (decision 215):
 *
 * ```ts
 * export const clientLoader = screenLoader((get, { params }: Route.ClientLoaderArgs) => ...);
 * export const HydrateFallback = screenFallback("Loading the journals…");
 * export const ErrorBoundary = ScreenErrorBoundary;
 * ```
 *
 * `screenLoader` throws a failed load as a route error response whose data is the message, and
 * `ScreenErrorBoundary` (app/components/dashboard/screen.tsx) shows it full-page, so a screen's
 * component only ever sees loaded data.
 */
import { data } from "react-router";
import type { JournalDetail } from "../../shared/api.ts";
import { MESSAGES } from "../../shared/constants.ts";
import {
  type AnswerAt,
  ApiError,
  type ApiOk,
  apiGet,
  errorMessage,
  isAbort,
  type PathArg,
} from "./api.ts";

/** What a screen's clientLoader answers: its data, or the message of a failed load. */
export type Loaded<T> = { data: T; error: null } | { data: null; error: string };

/**
 * GET of an API path with the load's signal and default message (see {@link loadScreen}),
 * typed by the API contract as `apiGet` is (app/lib/api.ts).
 */
export type ScreenGet = <P extends string>(
  path: PathArg<"GET", P>,
  /** Query string (`?…` or ""), see `CallOptions.query` in app/lib/api.ts. */
  query?: string,
) => Promise<ApiOk<AnswerAt<"GET", P> & object>>;

/**
 * Runs `load` with a {@link ScreenGet} bound to `request`'s signal and to `failure` as every
 * call's default message, and answers `{data, error: null}`, or `{data: null, error}` with the
 * failed call's message (an ApiError's `msg`, else `failure`).
 * @throws the `AbortError` of an aborted load.
 */
export async function loadScreen<T>(
  request: Request,
  load: (get: ScreenGet) => Promise<T>,
  failure: string = MESSAGES.notAuthorised,
): Promise<Loaded<T>> {
  const get: ScreenGet = (path, query) => apiGet(path, failure, { signal: request.signal, query });
  try {
    return { data: await load(get), error: null };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { data: null, error: errorMessage(error, failure) };
  }
}

/**
 * A dashboard screen's `clientLoader` (with `hydrate`: the data is only ever loaded in the
 * browser, with the manager's cookie): runs `load` with a {@link ScreenGet} bound to the
 * request's signal and to `failure`, and answers its data.
 * @throws a route error response (`data(message, {status})`) with the failed call's message
 *   (an ApiError's `msg`, else `failure`) and HTTP status (500 when none came), which the
 *   route's ErrorBoundary shows; the `AbortError` of an aborted load as it is.
 */
export function screenLoader<A extends { request: Request }, T>(
  load: (get: ScreenGet, args: A) => Promise<T>,
  failure: string = MESSAGES.notAuthorised,
) {
  async function clientLoader(args: A): Promise<T> {
    const get: ScreenGet = (path, query) =>
      apiGet(path, failure, { signal: args.request.signal, query });
    try {
      return await load(get, args);
    } catch (error) {
      if (isAbort(error)) throw error;
      const status = error instanceof ApiError && error.status >= 400 ? error.status : 500;
      throw data(errorMessage(error, failure), { status });
    }
  }
  return Object.assign(clientLoader, { hydrate: true as const });
}

/**
 * Journal `uri` as its managers see it (GET /api/dashboard/get_journal/{uri}, inactive journals
 * included); a journal the signed-in manager does not manage fails with the server's 403 msg
 * (issue 8, Roles and ownership).
 */
export async function loadManagedJournal(get: ScreenGet, uri: string): Promise<JournalDetail> {
  const { journal } = await get(`/dashboard/get_journal/${encodeURIComponent(uri)}`);
  return journal;
}

/**
 * The name of journal `uri` ({@link loadManagedJournal}), which heads the screens of its issues
 * and papers.
 */
export async function loadJournalName(get: ScreenGet, uri: string): Promise<string> {
  return (await loadManagedJournal(get, uri)).name;
}
