/**
 * Server rendering of a page (React Router's Node entry, plus the CSP nonce on every inline
 * script). Crawlers and Google Scholar get the complete HTML (`onAllReady`); browsers get the
 * shell as soon as it is ready. A page whose loader met a database outage is answered 503 with
 * `Retry-After` (decision 130), not 500.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isDatabaseUnavailable } from "../server/db/unavailable.ts";
import { loggableUrl } from "../server/http/log-url.ts";
import { databaseWasUnavailable, markDatabaseUnavailable } from "../server/http/outage-scope.ts";
import { RETRY_AFTER_SECONDS } from "../server/http/unavailable.ts";
import { appContext, requestContext } from "./context.ts";
import { ArticleHtml, articleHtmlSlot } from "./lib/article-html.ts";
import type { RouteHandle } from "./root.tsx";

export const streamTimeout = 5_000;

/**
 * React Router's error report, called with the original error before it is sanitized for the
 * browser. A database outage marks the request (server/http/outage-scope.ts; answered 503 below)
 * and is logged as one line. A 4xx React Router answers itself (a POST or DELETE to a page
 * without an action: 405; an unknown route: 404) is the client's doing and already has its one
 * access-log line, so it is not logged again; anything else is logged once, with its stack,
 * through the app's logger (issue 7: React Router's default printed a stack for each). An aborted
 * request (the browser went away) is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    markDatabaseUnavailable();
    const { message } = error as Error;
    context
      ?.get(appContext)
      .log.warn({ reason: message, url: loggableUrl(request.url) }, "database unavailable");
    return;
  }
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  try {
    (context as RouterContextProvider)
      .get(appContext)
      .log.error({ err: error, url: loggableUrl(request.url) }, "page rendering failed");
  } catch {
    console.error(error); // before the context exists
  }
};

/** Whether a route of the page asks for the PDF reader's CSP (`RouteHandle.pdfViewer`). */
function opensPdfViewer({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return staticHandlerContext.matches.some(
    ({ route }) => (routeModules[route.id]?.handle as RouteHandle | undefined)?.pdfViewer === true,
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (databaseWasUnavailable()) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, allowPdfViewer } = loadContext.get(requestContext);
  if (opensPdfViewer(routerContext)) allowPdfViewer();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ArticleHtml value={loadContext.get(articleHtmlSlot)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ArticleHtml>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
