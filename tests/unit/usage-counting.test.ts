/**
 * The counting rules of COUNTER Release 5.1 (server/features/usage/counting.ts) on hand-made
 * event sequences, each expected figure derived from the Code of Practice's text; and the URL,
 * range, address and robot rules of the request hook (server/features/usage/usage-observer.ts,
 * server/features/usage/robots.ts).
 */
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import {
  type CountedEvent,
  countEvents,
  deltaKey,
  emptyDelta,
  type MetricDelta,
} from "../../server/features/usage/counting.ts";
import { isRobot } from "../../server/features/usage/robots.ts";
import {
  clientIp,
  observeUsage,
  rangeStartsAtZero,
  usageTarget,
} from "../../server/features/usage/usage-observer.ts";
import type { AppContext } from "../../server/services/context.ts";

const T0 = Date.UTC(2026, 10, 20, 10, 1, 0); // 2026-11-20 10:01:00 UTC
const s = (seconds: number) => T0 + seconds * 1000;
let next = 0;
const ev = (
  at: number,
  kind: CountedEvent["kind"] = "abstract",
  userKey = "reader",
  paperId: number | null = 7,
): CountedEvent => ({ id: `e${++next}`, at, userKey, paperId, kind, counted: false });

/** Every event counted one at a time, in the given order, as batches from several flushes. */
function countInOrder(events: CountedEvent[]): { total: MetricDelta; stored: CountedEvent[] } {
  const stored: CountedEvent[] = [];
  const total = emptyDelta();
  for (const event of events) {
    const { flags, deltas } = countEvents(stored, [event]);
    stored.push({ ...event });
    for (const e of stored) {
      const flag = flags.get(e.id);
      if (flag !== undefined) e.counted = flag;
    }
    for (const delta of deltas.values()) {
      for (const name of Object.keys(total) as (keyof MetricDelta)[]) total[name] += delta[name];
    }
  }
  return { total, stored };
}

describe("double-click filtering (COUNTER R5.1 section 7.2)", () => {
  it('"a click at 10:01:00 and a second click at 10:01:29 would be considered a double-click (one action)"', () => {
    const { total } = countInOrder([ev(s(0)), ev(s(29))]);
    expect(total.totalItemInvestigations).toBe(1);
  });

  it('"a click at 10:01:00 and a second click at 10:01:35 would count as two separate single clicks"', () => {
    const { total } = countInOrder([ev(s(0)), ev(s(35))]);
    expect(total.totalItemInvestigations).toBe(2);
  });

  it('"the first request MUST be removed and the second retained", and so on for each further one', () => {
    // 0, 20, 40, 60: each within 30 s of the one before: one action, the last one retained
    const { total, stored } = countInOrder([ev(s(0)), ev(s(20)), ev(s(40)), ev(s(60))]);
    expect(total.totalItemInvestigations).toBe(1);
    expect(stored.filter((e) => e.counted).map((e) => e.at)).toEqual([s(60)]);
  });

  it("gives the same figures whatever order the processes report the clicks in", () => {
    const clicks = [s(0), s(20), s(40), s(75), s(100), s(200)];
    const expected = countInOrder(clicks.map((at) => ev(at))).total;
    expect(expected.totalItemInvestigations).toBe(3); // runs 0–40, 75–100, 200
    for (const order of [
      [5, 4, 3, 2, 1, 0],
      [2, 0, 4, 1, 5, 3],
      [1, 3, 5, 0, 2, 4],
    ]) {
      const { total } = countInOrder(order.map((i) => ev(clicks[i]!)));
      expect(total).toEqual(expected);
    }
  });

  it("counts a reader's flood of clicks in one batch as one action per run", () => {
    // 20,000 clicks a second apart, as one process flushes them (a reload loop, a script)
    const clicks = Array.from({ length: 20_000 }, (_, i) => ev(s(i)));
    const { deltas } = countEvents([], clicks);
    const sum = (name: keyof MetricDelta) =>
      [...deltas.values()].reduce((total, d) => total + d[name], 0);
    expect(sum("totalItemInvestigations")).toBe(1);
    // 10:01:00 plus 20,000 s reaches into 15h: six hourly sessions (section 7.3)
    expect(sum("uniqueItemInvestigations")).toBe(6);
  });

  it("keeps the abstract page and the PDF apart (two URLs), and readers apart", () => {
    const { total } = countInOrder([
      ev(s(0), "abstract"),
      ev(s(5), "pdf"),
      ev(s(6), "abstract", "another reader"),
    ]);
    // a Request is an Investigation too (section 3.3.5)
    expect(total.totalItemInvestigations).toBe(3);
    expect(total.totalItemRequests).toBe(1);
  });

  it("counts the same access reported twice (same reader, URL and millisecond) once", () => {
    const a = ev(s(0));
    const { total } = countInOrder([a, { ...a, id: "copy" }]);
    expect(total.totalItemInvestigations).toBe(1);
    expect(total.uniqueItemInvestigations).toBe(1);
  });
});

describe("unique items per user-session (COUNTER R5.1 section 7.3)", () => {
  it("counts a paper once per reader and hour, double-clicks or not", () => {
    const { total } = countInOrder([ev(s(0)), ev(s(29)), ev(s(600)), ev(s(601), "pdf")]);
    expect(total.uniqueItemInvestigations).toBe(1);
    expect(total.uniqueItemRequests).toBe(1);
    expect(total.totalItemInvestigations).toBe(3); // 29 s and 600 s and the PDF
    expect(total.totalItemRequests).toBe(1);
  });

  it("starts a new session each hour of the day", () => {
    const hour = 3_600_000;
    const start = Date.UTC(2026, 10, 20, 10, 59, 50);
    // 10:59:50, 11:00:10, 12:00:10
    const { total } = countInOrder([ev(start), ev(start + 20_000), ev(start + 20_000 + hour)]);
    // 10:59:50 and 11:00:10 are one click (section 7.2) but two sessions (section 7.3)
    expect(total.totalItemInvestigations).toBe(2);
    expect(total.uniqueItemInvestigations).toBe(3); // sessions 10h, 11h and 12h
  });

  it("counts a search as one Searches_Platform, with no paper", () => {
    const { deltas } = countEvents([], [ev(s(0), "search", "reader", null)]);
    expect(deltas.get(deltaKey("2026-11-20", null))?.searchesPlatform).toBe(1);
  });
});

describe("the request hook", () => {
  it("counts abstract pages, galleys and first pages of searches, nothing else", () => {
    expect(usageTarget("/journal/elife/18")).toEqual({ kind: "abstract", paperId: 18 });
    expect(usageTarget("/proceedings/pldi-09/3?utm=x")).toEqual({ kind: "abstract", paperId: 3 });
    expect(usageTarget("/journal/elife/download/18/a-paper.pdf")).toEqual({
      kind: "pdf",
      paperId: 18,
    });
    expect(usageTarget("/search?banner_search=cell")).toEqual({ kind: "search", paperId: null });
    expect(usageTarget("/search?q=cell&page=1")).toEqual({ kind: "search", paperId: null });
    for (const url of [
      "/search?q=cell&page=2", // the same results, further on (section 7.6)
      "/search?q=",
      "/journal/elife",
      "/journal/elife/1/1",
      "/journal/elife/18.data",
      "/journal/elife/018",
      "/journal/elife/18/cite.bib",
      "/api/get_journal_paper/elife/18",
      "/dashboard/statistics",
    ]) {
      expect(usageTarget(url), url).toBeNull();
    }
  });

  it("counts a PDF range only from byte 0 (pdf.js reads a file as many ranges)", () => {
    expect(rangeStartsAtZero("bytes=0-65535")).toBe(true);
    expect(rangeStartsAtZero("bytes=0-")).toBe(true);
    expect(rangeStartsAtZero("bytes=65536-131071")).toBe(false);
    expect(rangeStartsAtZero("bytes=-500")).toBe(false);
  });

  it("reads the reader's address as Express's trust proxy does", () => {
    const req = (forwarded?: string) =>
      ({
        socket: { remoteAddress: "10.0.0.2" },
        headers: forwarded ? { "x-forwarded-for": forwarded } : {},
      }) as unknown as IncomingMessage;
    expect(clientIp(req("203.0.113.9"), 0)).toBe("10.0.0.2");
    expect(clientIp(req("203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientIp(req("198.51.100.1, 203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientIp(req("198.51.100.1, 203.0.113.9"), 2)).toBe("198.51.100.1");
    expect(clientIp(req(), 1)).toBe("10.0.0.2");
  });

  it("knows COUNTER's robots (section 7.8), case-insensitively, and no real browser", () => {
    expect(
      isRobot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
    ).toBe(true);
    expect(isRobot("curl/8.5.0")).toBe(true);
    expect(isRobot("python-requests/2.31")).toBe(true);
    expect(isRobot("")).toBe(true); // the list's ^.?$
    expect(isRobot(undefined)).toBe(true);
    expect(
      isRobot(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36",
      ),
    ).toBe(true);
    expect(
      isRobot(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      ),
    ).toBe(false);
    expect(
      isRobot(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0",
      ),
    ).toBe(false);
  });

  it("notes an access only once answered with a counted status, and never a manager's", () => {
    const recorded: unknown[] = [];
    const ctx = {
      config: { trustProxy: 0 },
      usage: { record: (event: unknown) => recorded.push(event) },
    } as unknown as AppContext;
    const browser = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    /** Sends one request through the hook and answers it `status`. */
    const send = (
      url: string,
      status: number,
      headers: Record<string, string> = {},
      method = "GET",
    ) => {
      const req = {
        method,
        url,
        headers: { "user-agent": browser, ...headers },
        socket: { remoteAddress: "203.0.113.7" },
      } as unknown as IncomingMessage;
      const res = Object.assign(new EventEmitter(), {
        statusCode: status,
        headersSent: true,
        writableFinished: false,
      }) as unknown as ServerResponse;
      observeUsage(ctx, req, res);
      res.emit("close");
    };
    const pdf = "/journal/elife/download/18/a.pdf";
    send("/journal/elife/18", 200);
    send(pdf, 206, { range: "bytes=0-65535" });
    send(pdf, 206, { range: "bytes=65536-131071" }); // a further range of the same opening
    send(pdf, 200);
    send("/journal/elife/18", 304); // a revalidation
    send("/journal/elife/18", 404);
    send("/journal/elife/18", 200, {}, "HEAD");
    send("/journal/elife/18", 200, { cookie: "athenaeum_session=abc" }); // a manager
    send("/journal/elife/18", 200, { "user-agent": "Googlebot/2.1" });
    send(pdf, 206, { range: "bytes=0-99" }, "GET");
    expect(recorded).toEqual([
      expect.objectContaining({
        kind: "abstract",
        paperId: 18,
        ip: "203.0.113.7",
        userAgent: browser,
      }),
      expect.objectContaining({ kind: "pdf", paperId: 18 }),
      expect.objectContaining({ kind: "pdf", paperId: 18 }),
      expect.objectContaining({ kind: "pdf", paperId: 18 }),
    ]);
  });
});
