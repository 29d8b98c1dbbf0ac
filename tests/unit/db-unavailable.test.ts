/**
 * Which errors count as a database outage (server/db/unavailable.ts), and how a page whose
 * loader met one is answered (app/entry.server.tsx, app/lib/public-load.ts): decision 130.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { appContext, requestContext } from "../../app/context.ts";
import handleRequest, { handleError } from "../../app/entry.server.tsx";
import { loadSection } from "../../app/lib/public-load.ts";
import { isDatabaseUnavailable } from "../../server/db/unavailable.ts";
import {
  databaseWasUnavailable,
  markDatabaseUnavailable,
  withOutageScope,
} from "../../server/http/outage-scope.ts";
import type { AppContext } from "../../server/services/context.ts";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["PostgreSQL shutting down (57P01)", withCode("57P01", "terminating connection")],
    ["PostgreSQL crashed (57P02)", withCode("57P02")],
    ["PostgreSQL starting up (57P03)", withCode("57P03", "the database system is starting up")],
    ["connection exception class 08", withCode("08006")],
    [
      "statement timeout (57014)",
      withCode("57014", "canceling statement due to statement timeout"),
    ],
    ["too many connections (53300)", withCode("53300")],
    ["connection refused", withCode("ECONNREFUSED")],
    ["connection reset", withCode("ECONNRESET")],
    ["socket timeout", withCode("ETIMEDOUT")],
    ["pg: server closed the socket", new Error("Connection terminated unexpectedly")],
    ["pg-pool: no connection in time", new Error("timeout exceeded when trying to connect")],
    [
      "pg-pool: connect timeout",
      new Error("Connection terminated due to connection timeout", { cause: new Error("x") }),
    ],
    [
      "every address of localhost refused",
      Object.assign(new AggregateError([withCode("ECONNREFUSED")]), { code: undefined }),
    ],
    ["wrapped", new Error("query failed", { cause: withCode("57P01") })],
    [
      "SQLite busy",
      Object.assign(new Error("database is locked"), { code: "ERR_SQLITE_ERROR", errcode: 5 }),
    ],
    [
      "SQLite locked (extended code)",
      Object.assign(new Error("database table is locked"), {
        code: "ERR_SQLITE_ERROR",
        errcode: 6 | (1 << 8),
      }),
    ],
  ])("counts %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", withCode("23505", "duplicate key value")],
    ["a syntax error (42601)", withCode("42601")],
    [
      "a SQLite constraint failure",
      Object.assign(new Error("UNIQUE constraint failed"), {
        code: "ERR_SQLITE_ERROR",
        errcode: 19,
      }),
    ],
    ["a plain error", new Error("Something else")],
    ["a string", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("does not count %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("a public page during a database outage", () => {
  const outage = withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");

  it("loadSection leaves the section empty, warns once, and marks the page 503", async () => {
    const error = vi.fn();
    const warn = vi.fn();
    const ctx = { log: { error, warn } } as unknown as AppContext;
    await withOutageScope(async () => {
      const section = await loadSection(ctx, "home: partners", async () => {
        throw outage;
      });
      expect(section).toBeNull();
      expect(databaseWasUnavailable()).toBe(true);
    });
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      { reason: outage.message, section: "home: partners" },
      "database unavailable",
    );
  });

  it("loadSection does not mark the page for any other failure", async () => {
    const ctx = { log: { error: vi.fn() } } as unknown as AppContext;
    await withOutageScope(async () => {
      await loadSection(ctx, "s", async () => {
        throw new Error("bug");
      });
      expect(databaseWasUnavailable()).toBe(false);
    });
  });

  const loadContext = () => {
    const context = new RouterContextProvider();
    const warn = vi.fn();
    context.set(appContext, { log: { warn } } as unknown as AppContext);
    context.set(requestContext, {
      nonce: "n",
      user: null,
      origin: "http://x",
      locale: "en",
      allowPdfViewer: () => {},
      setLinkHeader: () => {},
    });
    return { context, warn };
  };
  const render = (context: RouterContextProvider, status: number) =>
    handleRequest(
      new Request("http://x/journals", { method: "HEAD" }),
      status,
      new Headers(),
      {} as never,
      context,
    ) as Response;

  it("a loader's outage error is answered 503 with Retry-After, uncached, and logged as one warning", () => {
    const { context, warn } = loadContext();
    const request = new Request("http://x/journals");
    const res = withOutageScope(() => {
      handleError(outage, { request, context, params: {} } as never);
      return render(context, 500);
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(warn).toHaveBeenCalledWith(
      { reason: outage.message, url: "http://x/journals" },
      "database unavailable",
    );
  });

  it("a page whose sections met an outage is answered 503 though React Router says 200", () => {
    const { context } = loadContext();
    const res = withOutageScope(() => {
      markDatabaseUnavailable();
      return render(context, 200);
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
  });

  it("keeps React Router's status for any other error", () => {
    const { context } = loadContext();
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = withOutageScope(() => {
      handleError(new Error("bug"), { request: new Request("http://x/"), context } as never);
      return render(context, 500);
    });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    expect(res.status).toBe(500);
    expect(res.headers.get("retry-after")).toBeNull();
  });
});
