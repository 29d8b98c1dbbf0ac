/**
 * Graceful shutdown on SIGTERM and SIGINT (issue 7, decision 130), as a process manager or
 * orchestrator expects: stop accepting connections, let the requests in flight finish (at most
 * `graceMs`, default {@link SHUTDOWN_GRACE_MS}; then the remaining connections are cut), close the
 * database, exit 0. Idle keep-alive connections are closed at once, and a response finished while
 * draining says `Connection: close`, so clients move to another server instead of waiting. A
 * second signal cuts the remaining connections at once.
 */
import type { Server, ServerResponse } from "node:http";
import type { Logger } from "pino";

/** Longest wait for requests in flight after a shutdown signal, in milliseconds. */
export const SHUTDOWN_GRACE_MS = 10_000;

export type ShutdownOptions = {
  /** Releases the database (and anything else the process holds); awaited before exit. */
  close: () => Promise<void>;
  log: Logger;
  graceMs?: number;
  /** Ends the process; tests replace it. */
  exit?: (code: number) => void;
};

/** The responses of `server` not yet finished, kept up to date from now on. */
export function trackResponses(server: Server): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  server.prependListener("request", (_req, res) => {
    open.add(res);
    res.once("close", () => open.delete(res));
  });
  return open;
}

/**
 * Drains `server` and then runs `options.close`. `inFlight` (from {@link trackResponses}) are
 * told to close their connection when they finish.
 * @returns a promise that settles once the server is closed and `close` has run (errors from
 *   `close` are logged, not thrown).
 */
export function drainAndClose(
  server: Server,
  options: ShutdownOptions,
  inFlight: Set<ServerResponse> = new Set(),
): Promise<void> {
  const graceMs = options.graceMs ?? SHUTDOWN_GRACE_MS;
  const { log } = options;
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  server.prependListener("request", (_req, res) => {
    res.setHeader("Connection", "close");
  });
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection whose response ends while draining becomes idle: close it too.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => {
    log.warn({ graceMs }, "requests still running after the shutdown grace period: cut");
    server.closeAllConnections();
  }, graceMs);
  return closed
    .finally(() => {
      clearInterval(sweep);
      clearTimeout(cut);
    })
    .then(() => options.close())
    .catch((error: unknown) => log.error({ err: error }, "error while closing the database"));
}

/** Installs the SIGTERM and SIGINT handlers that drain `server`, close, and exit 0. */
export function handleShutdownSignals(server: Server, options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const inFlight = trackResponses(server);
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      options.log.warn({ signal }, "second shutdown signal: cutting the open connections");
      server.closeAllConnections();
      return;
    }
    draining = true;
    options.log.info({ signal }, "shutting down: finishing the requests in flight");
    void drainAndClose(server, options, inFlight).then(() => {
      options.log.info("shut down");
      exit(0);
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
