/**
 * Time limits of the HTTP server (issue 7: "headersTimeout, requestTimeout and keepAliveTimeout
 * set on purpose"; docs/decisions/141-http-timeouts.md). All in milliseconds.
 *
 * - `keepAliveTimeout` 65 s: an idle keep-alive socket outlives the 60 s idle timeout of the
 *   usual reverse proxies and load balancers (nginx, AWS ALB), so a proxy never reuses a socket
 *   the server has just closed (which the client would see as a 502).
 * - `headersTimeout` 66 s: a client has this long to send the request line and headers (slow
 *   header attacks); Node's documentation asks for more than `keepAliveTimeout`.
 * - `requestTimeout` 300 s: the whole request, body included. A 64 MB PDF (`MAX_PDF_MB`
 *   default) at 2 Mbit/s takes about 270 s.
 */
import type { Server } from "node:http";

export const HTTP_TIMEOUTS = {
  keepAliveTimeout: 65_000,
  headersTimeout: 66_000,
  requestTimeout: 300_000,
} as const;

/** Sets {@link HTTP_TIMEOUTS} on `server`. */
export function applyHttpTimeouts(server: Server): void {
  server.keepAliveTimeout = HTTP_TIMEOUTS.keepAliveTimeout;
  server.headersTimeout = HTTP_TIMEOUTS.headersTimeout;
  server.requestTimeout = HTTP_TIMEOUTS.requestTimeout;
}
