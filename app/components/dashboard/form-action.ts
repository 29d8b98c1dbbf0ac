/**
 * How a dashboard form talks to the API (decision 215): the form submits through a React Router
 * fetcher to its own route's `clientAction`, which makes the API call and answers a
 * {@link FormResult}. React Router then reloads the page's loaders by itself (after a success,
 * or after any answer when the call says `reloadOnFailure`), and the fetcher's state is the
 * form's pending state, so no screen keeps a busy flag or calls `revalidate()`.
 *
 * - In the route module: `export const clientAction = formAction((intent, args, fields) =>
 *   ({ path, failure }))`, naming the API call of each of the page's forms (`intent`).
 * - In the form: `const action = useFormAction<Answer>(onResult)`; `action.submit(intent, body)`
 *   with a `FormData` (multipart, files; POST /api… with `apiPostForm`) or a plain object (JSON,
 *   `apiPost`); `action.busy` while the call and the reload run; `onResult` once per answer,
 *   after the reload; `action.failure` or `action.notice`, the message below the form.
 */
import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { type ApiPath, type CallKey, type PathValues, pathOf } from "../../../shared/contract.ts";
import {
  type ApiOk,
  apiGet,
  apiPost,
  apiPostForm,
  errorMessage,
  type FormBody,
  isAbort,
} from "../../lib/api.ts";
import { serverFieldErrors } from "./server-errors.ts";

/**
 * A form's answer: the API's success envelope (its msg and payload keys) with `ok: true`, or the
 * failed call's message (the server's msg, else the call's `failure`) and field messages.
 */
export type FormResult<T extends object = object> =
  | (T & { ok: true; msg: string })
  | { ok: false; msg: string; errors: Record<string, string> };

/**
 * One API call of a route's forms: POST `path` (the submitted body, JSON or multipart as it was
 * sent), or with `method: "GET"` a GET of `path` (a row action), with `failure` as the default
 * message of docs/product/errors.md. `path` is a path of the contract (shared/contract.ts): a
 * literal or template the type check matches, `pathOf(key, values)`, or, for a link the server
 * sent, `contractPath(method, link)`, which checks it at run time (decision 291).
 */
export type FormCall = {
  failure: string;
  /** Reload the page after a failed call too (a list another manager may have changed). */
  reloadOnFailure?: boolean;
} & (
  | {
      method?: "POST";
      path: ApiPath<"POST">;
      /** The JSON body to POST instead of the submitted fields (which then only name the call). */
      body?: object;
    }
  | { method: "GET"; path: ApiPath<"GET"> }
);

/** The submitted fields apart from `intent`: a JSON object, or the multipart body. */
export type Submitted = Record<string, unknown> | FormData;

const INTENT = "intent";

/**
 * A route's `clientAction`: reads the submission (JSON or multipart), asks `callOf` for the API
 * call of its `intent`, makes it with the request's signal and answers the {@link FormResult}.
 * A failure is answered with its HTTP status (400 when it has none), so React Router does
 * not reload the page and the form keeps what the manager typed, unless `reloadOnFailure`.
 * @throws the `AbortError` of an aborted submission.
 */
export function formAction<A extends { request: Request }>(
  callOf: (intent: string, args: A, fields: Submitted) => FormCall,
) {
  return async function clientAction(args: A) {
    const { request } = args;
    const json = (request.headers.get("Content-Type") ?? "").includes("application/json");
    let intent: string;
    let fields: Submitted;
    if (json) {
      const { [INTENT]: named, ...rest } = (await request.json()) as Record<string, unknown>;
      intent = String(named ?? "");
      fields = rest;
    } else {
      const form = await request.formData();
      intent = String(form.get(INTENT) ?? "");
      form.delete(INTENT);
      fields = form;
    }
    const call = callOf(intent, args, fields);
    const options = { signal: request.signal };
    try {
      // The fields were typed by the form that sent them; here they are what the browser
      // submitted, and the server's zod schema is their check.
      const answer: ApiOk<object> =
        call.method === "GET"
          ? await apiGet(call.path, call.failure, options)
          : fields instanceof FormData && !call.body
            ? await apiPostForm(call.path, fields as FormBody<never>, call.failure, options)
            : await apiPost(call.path, (call.body ?? fields) as never, call.failure, options);
      return { ...answer, ok: true as const };
    } catch (error) {
      if (isAbort(error)) throw error;
      const result = {
        ok: false as const,
        msg: errorMessage(error, call.failure),
        errors: serverFieldErrors(error),
      };
      const status = (error as { status?: number }).status ?? 0;
      const init = { status: status >= 400 ? status : 400 };
      return call.reloadOnFailure ? result : data(result, init);
    }
  };
}

/**
 * The `clientAction` of a screen with one form whose API call mirrors the screen's address
 * (docs/product/api.md): POST to call `key` with the route's parameters of the same names, e.g.
 * the screen /dashboard/edit_paper/{journal}/{paper} posts to /api/edit_paper/{journal}/{paper}
 * with `mirrorAction("POST /edit_paper/:journal/:paper", …)`.
 * @throws Error (at submission) when the route lacks a parameter the call's path needs.
 */
export function mirrorAction<K extends PostKey>(key: K, failure: string) {
  return formAction((_, { params }: { request: Request; params: PathValues<K> }) => ({
    path: pathOf(key, params) as ApiPath<"POST">,
    failure,
  }));
}

/** The keys of the contract's POST calls. */
type PostKey = Extract<CallKey, `POST ${string}`>;

/**
 * A form's side of {@link formAction}: a fetcher of the current route.
 *
 * The last answer is the message below the form (docs/product/errors.md), the same way on every
 * dashboard form: `notice` (success or failure) or `failure` (the msg of a failed answer, for a
 * form whose success shows elsewhere). It is hidden while the next submission is on its way, and
 * after `dismiss()`: the browser refused a new attempt, so its own field messages apply and the
 * old answer no longer does (as the account forms, app/components/forms/use-account-form.ts).
 * @param onResult called once per answer, when the call and the page's reload are over.
 * @returns `submit(intent, body)`, `busy` (from `fetcher.state`: the call or the reload is
 *   running), `pending` (the submitted body while busy, e.g. which row is being changed),
 *   `notice`, `failure` and `dismiss`.
 */
export function useFormAction<T extends object = object>(
  onResult?: (result: FormResult<T>) => void,
) {
  const fetcher = useFetcher<FormResult<T>>();
  const latest = useRef(onResult);
  latest.current = onResult;
  const seen = useRef<unknown>(undefined);
  const [dismissed, setDismissed] = useState<unknown>(undefined);
  const shown = fetcher.state === "idle" && fetcher.data !== dismissed ? fetcher.data : undefined;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    latest.current?.(fetcher.data);
  });

  const submit = (intent: string, body: Submitted) => {
    if (body instanceof FormData) {
      body.set(INTENT, intent);
      return fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
    }
    return fetcher.submit({ ...body, [INTENT]: intent } as Parameters<typeof fetcher.submit>[0], {
      method: "post",
      encType: "application/json",
    });
  };

  return {
    submit,
    busy: fetcher.state !== "idle",
    /** The JSON body being sent, while busy. */
    pending:
      fetcher.state !== "idle" ? (fetcher.json as Record<string, unknown> | undefined) : undefined,
    notice: shown ? { ok: shown.ok, msg: shown.msg } : null,
    failure: shown && !shown.ok ? shown.msg : undefined,
    dismiss: () => setDismissed(fetcher.data),
  };
}
