/**
 * The Content-Security-Policy widening of the PDF reader's pages (server/http/csp.ts; issue 15,
 * decision 266): exactly `connect-src data:` added, nothing else touched. The browser test
 * (tests/e2e/viewer-annotations.spec.ts) checks the headers pages really send.
 */
import { describe, expect, it } from "vitest";
import { PDF_VIEWER_SOURCES, widenCsp } from "../../server/http/csp.ts";

const SITE =
  "default-src 'self';img-src 'self' data: blob:;script-src 'self' 'nonce-abc' 'wasm-unsafe-eval';connect-src 'self';object-src 'none'";

describe("widenCsp", () => {
  it("adds the reader's data: to connect-src only", () => {
    const widened = widenCsp(SITE, PDF_VIEWER_SOURCES);
    expect(widened).toBe(
      "default-src 'self';img-src 'self' data: blob:;script-src 'self' 'nonce-abc' 'wasm-unsafe-eval';connect-src 'self' data:;object-src 'none'",
    );
  });

  it("adds each source once, however often it is asked", () => {
    const twice = widenCsp(widenCsp(SITE, PDF_VIEWER_SOURCES), PDF_VIEWER_SOURCES);
    expect(twice.match(/data:/g)).toHaveLength(2); // img-src's and connect-src's
  });

  it("adds a directive the policy lacks, keeping what default-src gave it", () => {
    expect(widenCsp("default-src 'self'", { "connect-src": ["data:"] })).toBe(
      "default-src 'self';connect-src 'self' data:",
    );
    expect(widenCsp("object-src 'none'", { "connect-src": ["data:"] })).toBe(
      "object-src 'none';connect-src data:",
    );
  });

  it("matches directive names in any case", () => {
    expect(widenCsp("CONNECT-SRC 'self'", { "connect-src": ["data:"] })).toBe(
      "CONNECT-SRC 'self' data:",
    );
  });
});
