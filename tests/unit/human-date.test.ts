import { describe, expect, it } from "vitest";
import { humanDate } from "../../shared/format.ts";
import { formatDateTime } from "../../shared/i18n/intl.ts";

describe("humanDate", () => {
  it("writes days, months and years as readers see them, in UTC", () => {
    expect(humanDate("2026-11-21")).toBe("21 November 2026");
    expect(humanDate("2026-11-21T23:30:00.000Z")).toBe("21 November 2026");
    expect(humanDate("2025-06")).toBe("June 2025");
    expect(humanDate("2025")).toBe("2025");
  });

  it("passes text that is no date through and shows nothing for no value", () => {
    expect(humanDate("n.d.")).toBe("n.d.");
    expect(humanDate(null)).toBe("");
    expect(humanDate("")).toBe("");
  });

  it("gives the same text on every call (the shared formats keep no state between calls)", () => {
    const dates = ["2026-01-02", "2025-12", "2024-02-29", "2026-01-02"];
    expect(dates.map((d) => humanDate(d))).toEqual([
      "2 January 2026",
      "December 2025",
      "29 February 2024",
      "2 January 2026",
    ]);
  });
});

describe("humanDate in the reader's language (decision 382)", () => {
  it("writes day, month and year as each language does", () => {
    expect(humanDate("2026-11-21", "es")).toBe("21 de noviembre de 2026");
    expect(humanDate("2026-11-21", "fr")).toBe("21 novembre 2026");
    expect(humanDate("2025-06", "pt-BR")).toBe("junho de 2025");
    expect(humanDate("2026-11-21", "en-XA")).toBe("21 November 2026");
  });
});

describe("formatDateTime: a moment in the same date format (issue 34)", () => {
  it("writes the day as every date is written, then the time in UTC", () => {
    expect(formatDateTime("2026-11-29T11:08:30.000Z", "en")).toBe("29 November 2026 11:08");
    expect(formatDateTime("2026-11-29T11:08:30.000Z", "es")).toMatch(/^29 de noviembre de 2026/);
    expect(formatDateTime(null, "en")).toBe("");
    expect(formatDateTime("soon", "en")).toBe("soon");
  });
});
