/**
 * The viewer's pure rules: the zoom rule of docs/product/states.md and docs/product/constants.md and the load error messages of
 * docs/product/errors.md, as the viewer shows them in English (catalogue messages, decision 382).
 */
import { describe, expect, it } from "vitest";
import { loadErrorMessage } from "../../app/components/pdf-viewer/load-error.ts";
import {
  canZoomIn,
  canZoomOut,
  fitScale,
  zoomIn,
  zoomLevel,
  zoomOut,
} from "../../app/components/pdf-viewer/zoom.ts";
import { serverTranslator } from "../../server/i18n/catalogues.ts";

const t = serverTranslator("en");

describe("zoom rule", () => {
  it("fits min(window width × 0.9, 900) over a base of 800", () => {
    expect(fitScale(1280)).toBe(1.125); // capped at 900 px
    expect(fitScale(1000)).toBe(1.125);
    expect(fitScale(800)).toBe(0.9);
    expect(fitScale(375)).toBe(0.422); // a phone: below the buttons' range, the page still fits
  });

  it("steps by 0.2 and stops exactly at 2.0 and 0.5", () => {
    const up: number[] = [];
    for (let s = 1.2; canZoomIn(s); s = zoomIn(s)) up.push(zoomIn(s));
    expect(up).toEqual([1.4, 1.6, 1.8, 2]);
    const down: number[] = [];
    for (let s = 2; canZoomOut(s); s = zoomOut(s)) down.push(zoomOut(s));
    expect(down).toEqual([1.8, 1.6, 1.4, 1.2, 1, 0.8, 0.6, 0.5]);
    expect(canZoomIn(2)).toBe(false);
    expect(canZoomOut(0.5)).toBe(false);
    expect(canZoomOut(0.422)).toBe(false);
    expect(zoomIn(1.925)).toBe(2);
  });

  it("shows the scale as a whole percentage, in the page's language", () => {
    const shown = (scale: number, tr = t) =>
      tr("{zoom, number, percent}", { zoom: zoomLevel(scale) });
    expect(shown(1.125)).toBe("113%");
    expect(shown(0.5)).toBe("50%");
    expect(shown(2)).toBe("200%");
    expect(shown(1.125, serverTranslator("fr"))).toBe("113\u00a0%");
  });
});

describe("load error messages", () => {
  const url = "http://localhost/journal/x/download/1/a.pdf";
  const response = (status: number) =>
    Object.assign(new Error("x"), { name: "ResponseException", status, missing: status === 404 });

  it("names a missing PDF for a 404", () => {
    expect(t(loadErrorMessage(response(404), url))).toBe(`Missing PDF "${url}".`);
  });

  it("gives the status of any other unexpected answer", () => {
    expect(t(loadErrorMessage(response(500), url))).toBe(
      `Unexpected server response (500) while retrieving PDF "${url}".`,
    );
    expect(t(loadErrorMessage(response(403), url))).toBe(
      `Unexpected server response (403) while retrieving PDF "${url}".`,
    );
  });

  it("falls back to the generic failure, and says when there is no URL", () => {
    expect(t(loadErrorMessage(response(0), url))).toBe("Failed to load PDF file.");
    expect(
      t(loadErrorMessage(Object.assign(new Error("bad"), { name: "InvalidPDFException" }), url)),
    ).toBe("Failed to load PDF file.");
    expect(t(loadErrorMessage(undefined, url))).toBe("Failed to load PDF file.");
    expect(t(loadErrorMessage(response(404), ""))).toBe("No PDF file specified.");
  });
});
