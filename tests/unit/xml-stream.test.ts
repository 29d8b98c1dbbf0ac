import { EventEmitter } from "node:events";
import type { Response } from "express";
import { describe, expect, it } from "vitest";
import { escapeXml, xmlWriter } from "../../server/http/xml-stream.ts";

/** A response whose buffer is "full" after each write until it emits `drain`. */
function slowResponse() {
  const res = new EventEmitter() as EventEmitter & { written: string[]; ended: boolean };
  res.written = [];
  res.ended = false;
  Object.assign(res, {
    write(chunk: string) {
      res.written.push(chunk);
      return false;
    },
    end() {
      res.ended = true;
    },
  });
  return res;
}

describe("streamed XML", () => {
  it("escapes the five XML special characters in text and attributes", () => {
    expect(escapeXml(`a&b <c> "d" 'e'`)).toBe("a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos;");
  });

  it("waits for the client to drain before the next chunk, and stops when it goes away", async () => {
    const res = slowResponse();
    const out = xmlWriter(res as unknown as Response);
    let settled = false;
    const first = out.write("<a>").then((open) => {
      settled = true;
      return open;
    });
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    res.emit("drain");
    expect(await first).toBe(true);

    const second = out.write("<b>");
    res.emit("close");
    expect(await second).toBe(false);
    expect(await out.write("<c>")).toBe(false);
    out.end();
    expect(res.written).toEqual(["<a>", "<b>"]);
    expect(res.ended).toBe(false);
  });
});
