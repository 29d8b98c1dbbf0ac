/**
 * The browser's client of the JSON API (docs/product/api.md; docs/product/api.md). Every call goes to the
 * one API base `/api`, sends the session cookie (`credentials: "include"`) and expects the
 * envelope `{status, msg, ...payload}`.
 *
 * A call resolves with the whole envelope (payload keys included) on success, and rejects with an
 * {@link ApiError} when the HTTP status is not 2xx, `status` is 0, the answer is not JSON, or the
 * network fails. The error's `message` is the server's `msg`, or else the default message the
 * caller passes: the spec's default for that screen (docs/product/errors.md, `MESSAGES` in
 * shared/constants.ts: 'Login failed', 'Page Not Loading', ...). Its `status` is the HTTP status
 * (0 for a network failure) and `errors` the server's field messages (`{field: message}`).
 * A call aborted through `signal` rejects with the `AbortError` itself, not an ApiError, so
 * callers can tell "cancelled" from "failed".
 *
 * Paths, request fields and answers are typed by the API contract (shared/contract.ts, decision
 * 211): a path or field the contract does not have fails `npm run typecheck`, and no call takes
 * an answer type or an unchecked path from its caller (decision 291). A path known only at run
 * time (a link the server sent) goes through `contractPath`, which checks it against the
 * contract.
 *
 * ```ts
 * const { journals } = await apiGet("/dashboard/all_journals", MESSAGES.notAuthorised, { signal });
 * await apiPostForm("/create_journal/1", toFormData(values, { cover_img }), MESSAGES.journalSubmissionFailed);
 * try { ... } catch (error) { setMessage(errorMessage(error, MESSAGES.paperSubmissionFailed)); }
 * ```
 */
import type { Envelope } from "../../shared/api.ts";
import type {
  AnswerOf,
  ApiPath,
  CallOfPath,
  FieldsOf,
  FileFieldsOf,
  Method,
} from "../../shared/contract.ts";

/**
 * The path argument of a `M` call: a path of the contract (shared/contract.ts), such as
 * `/get_journal/plos-one`, the template literal `/get_journal/${uri}`, or a path built by
 * `pathOf` or checked by `contractPath` (shared/contract.ts). Anything else, a plain `string`
 * included, fails to compile: there is no unchecked way to call the API (issue 20).
 */
export type PathArg<M extends Method, P extends string> = P extends ApiPath<M> ? P : ApiPath<M>;

/** The answer payload of the `M` call at `P`. */
export type AnswerAt<M extends Method, P extends string> = AnswerOf<CallOfPath<M, P>>;

/** The request fields of the `M` call at `P`. */
export type FieldsAt<M extends Method, P extends string> = FieldsOf<CallOfPath<M, P>>;

declare const formFields: unique symbol;
/**
 * A multipart body that names its fields (app/lib/form-data.ts, `toFormData`): `apiPostForm`
 * refuses it when it sends a field the call does not take (a typo, or a field renamed in the
 * contract). A plain `FormData` (a form as the browser submitted it) is checked by the server.
 */
export type FormBody<Fields extends string> = FormData & { readonly [formFields]?: Fields };

/** The field names the `POST` call at `P` takes, files included. */
export type FormFieldsAt<P extends string> =
  | KeysOf<FieldsOf<CallOfPath<"POST", P>>>
  | FileFieldsOf<CallOfPath<"POST", P>>;

/** The keys of each member of a union (a path that may name either of two calls). */
type KeysOf<T> = T extends unknown ? keyof T & string : never;

/** Base of every call. */
export const API_BASE = "/api";

/** A failed call; see the module docstring. */
export class ApiError extends Error {
  /** HTTP status of the answer; 0 when no answer came (network failure). */
  readonly status: number;
  /** Field name → message, when the server gave them (400 answers). */
  readonly errors: Record<string, string>;

  constructor(message: string, status: number, errors: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }

  /** Whether the server said the caller is not signed in. */
  get unauthorised(): boolean {
    return this.status === 401;
  }
}

/** A successful answer: the envelope with its payload keys. */
export type ApiOk<T extends object> = T & { status: 1; msg: string };

export type CallOptions = {
  signal?: AbortSignal;
  /**
   * Query string of a GET (`?from=2026-01-01&to=…`, or ""), kept apart from the path so the path
   * stays one the contract names (decision 291).
   */
  query?: string;
};

/**
 * `/api` + `path` for a path of the spec's call table (`/login`, `/dashboard/all_journals`); a
 * path already under `/api/` is kept. Only same-site paths are accepted.
 * @throws Error for an absolute or protocol-relative URL.
 */
export function apiUrl(path: string): string {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(path)) throw new Error(`Not an API path: ${path}`);
  const absolute = path.startsWith("/") ? path : `/${path}`;
  return absolute === API_BASE || absolute.startsWith(`${API_BASE}/`)
    ? absolute
    : `${API_BASE}${absolute}`;
}

async function call<T extends object>(
  path: string,
  init: RequestInit,
  defaultMessage: string,
): Promise<ApiOk<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      credentials: "include",
      headers: { Accept: "application/json", ...init.headers },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(defaultMessage, 0);
  }
  let body: Envelope<T> | undefined;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch (error) {
    if (init.signal?.aborted) throw error;
    body = undefined;
  }
  const msg = typeof body?.msg === "string" && body.msg.trim() ? body.msg : defaultMessage;
  if (!response.ok || !body || typeof body !== "object" || body.status === 0) {
    throw new ApiError(msg, response.status, body?.errors ?? {});
  }
  return { ...body, status: 1, msg } as ApiOk<T>;
}

/** GET `path`, a path of the contract ({@link PathArg}); answers the contract's payload. */
export function apiGet<P extends string>(
  path: PathArg<"GET", P>,
  defaultMessage: string,
  options: CallOptions = {},
): Promise<ApiOk<AnswerAt<"GET", P> & object>> {
  return call<AnswerAt<"GET", P> & object>(
    `${path}${options.query ?? ""}`,
    { method: "GET", signal: options.signal },
    defaultMessage,
  );
}

/** POST `body`, the call's request fields, as JSON to `path` (see {@link apiGet}). */
export function apiPost<P extends string>(
  path: PathArg<"POST", P>,
  body: FieldsAt<"POST", P>,
  defaultMessage: string,
  options: CallOptions = {},
): Promise<ApiOk<AnswerAt<"POST", P> & object>> {
  return call<AnswerAt<"POST", P> & object>(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: options.signal,
    },
    defaultMessage,
  );
}

/**
 * POST `form` as multipart/form-data to `path` (uploads; the browser sets the boundary). Array
 * fields use the spec's bracket names: `form.append("editors[0][name]", ...)`. A form built by
 * `toFormData` may send only the call's fields ({@link FormBody}); see {@link apiGet}.
 */
export function apiPostForm<P extends string>(
  path: PathArg<"POST", P>,
  form: FormBody<FormFieldsAt<P>>,
  defaultMessage: string,
  options: CallOptions = {},
): Promise<ApiOk<AnswerAt<"POST", P> & object>> {
  return call<AnswerAt<"POST", P> & object>(
    path,
    { method: "POST", body: form, signal: options.signal },
    defaultMessage,
  );
}

/** The message to show for a failed call: an ApiError's message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** Whether `error` is the rejection of an aborted call (not a failure to show). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
