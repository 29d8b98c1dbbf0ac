/**
 * The viewer's zoom rule (docs/product/states.md and docs/product/constants.md, constants in `ZOOM`): the scale starts at 1.2;
 * once the document is loaded it becomes `min(window width × 0.9, 900) / 800`, recomputed when the
 * window width changes; the zoom buttons move it by 0.2 within 0.5 … 2.0.
 *
 * A scale is pdf.js's `currentScale`: 1 draws a page at its size in CSS pixels (96 per inch), so
 * an A4 or Letter page is about 800 px wide at 1, the spec's base width.
 */
import { ZOOM } from "../../../shared/constants.ts";

/** Share of the window width the viewer may use (docs/product/states.md: "window width*0.9"). */
const WINDOW_SHARE = 0.9;

/** Tolerance for comparing scales that went through repeated ±0.2 steps. */
const EPSILON = 1e-6;

const round = (scale: number) => Math.round(scale * 1000) / 1000;

/**
 * The scale that fits a window `windowWidth` CSS pixels wide. It is not clamped to the zoom
 * buttons' range, so a page still fits a 375 px phone screen (0.42); see
 * docs/decisions/031-pdf-viewer-zoom.md and 155 (the "Fit width" button returns to it).
 */
export function fitScale(windowWidth: number): number {
  return round(Math.min(windowWidth * WINDOW_SHARE, ZOOM.maxViewerWidth) / ZOOM.baseWidth);
}

/** One step larger, at most `ZOOM.max`. */
export function zoomIn(scale: number): number {
  return Math.min(round(scale + ZOOM.step), ZOOM.max);
}

/** One step smaller, at least `ZOOM.min`. */
export function zoomOut(scale: number): number {
  return Math.max(round(scale - ZOOM.step), ZOOM.min);
}

/** False once the scale has reached the upper limit (the zoom-in button is disabled). */
export function canZoomIn(scale: number): boolean {
  return scale < ZOOM.max - EPSILON;
}

/** False once the scale is at or below the lower limit (the zoom-out button is disabled). */
export function canZoomOut(scale: number): boolean {
  return scale > ZOOM.min + EPSILON;
}

/**
 * The zoom level the toolbar shows: the scale as a whole percentage, kept as a ratio (`1.125` →
 * `1.13`, shown as "113%") for the message `{zoom, number, percent}`, which writes it in the
 * page's language (`113 %` in French).
 */
export function zoomLevel(scale: number): number {
  return Math.round(scale * 100) / 100;
}
