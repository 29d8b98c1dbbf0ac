import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { applyHttpTimeouts, HTTP_TIMEOUTS } from "../../server/http/timeouts.ts";

describe("HTTP server time limits", () => {
  it("keep idle sockets past a proxy's 60 s, headers above that, and a whole upload in 5 minutes", () => {
    const server = createServer();
    applyHttpTimeouts(server);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    // Node: headersTimeout must exceed keepAliveTimeout, or a reused socket can be cut mid-request
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    expect(server.requestTimeout).toBeGreaterThanOrEqual(server.headersTimeout);
    // the default MAX_PDF_MB (64) at 2 Mbit/s
    expect(server.requestTimeout).toBeGreaterThanOrEqual(((64 * 8) / 2) * 1000);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeout);
  });
});
