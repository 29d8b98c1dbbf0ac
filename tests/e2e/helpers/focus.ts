/**
 * Focus Not Obscured (WCAG 2.2 SC 2.4.11, issue 34, decision 450): the element that has focus
 * is not hidden, even partly, by a fixed or sticky bar of the page (the site footer, a sticky
 * table head or side panel). `obscuringBars(page)` answers, for the focused element as it is
 * now, the bars that overlap its rectangle; `tabThrough(page, n)` presses Tab `n` times and
 * collects every such overlap with the element's name, so a test can assert the list is empty.
 */
import type { Locator, Page } from "@playwright/test";

/**
 * The fixed or sticky elements (other than `element`'s own ancestors or descendants) whose
 * on-screen rectangle overlaps `element`'s (the focused element when null), each described as
 * `"<element> under <bar>"`; empty when nothing covers it. An element reaching outside the
 * window (vertically) counts as under "the window edge". Runs in the page: self-contained.
 */
export function barsOver(element: Element | null): string[] {
  const target = element ?? document.activeElement;
  if (!target || target === document.body || target === document.documentElement) return [];
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.classList[0] ? `.${el.classList[0]}` : ""}` +
    `[${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}]`;
  const box = target.getBoundingClientRect();
  // visually hidden (sr-only) and zero-size elements have nothing to obscure
  if (box.width <= 1 || box.height <= 1) return [];
  const found: string[] = [];
  if (box.top < 0 || box.bottom > window.innerHeight + 0.5)
    found.push(`${name(target)} under the window edge`);
  for (const el of document.querySelectorAll("body *")) {
    const style = getComputedStyle(el);
    if (style.position !== "fixed" && style.position !== "sticky") continue;
    if (el.contains(target) || target.contains(el)) continue;
    if (style.visibility === "hidden" || style.display === "none") continue;
    const bar = el.getBoundingClientRect();
    if (bar.width === 0 || bar.height === 0) continue;
    const overlapX = Math.min(box.right, bar.right) - Math.max(box.left, bar.left);
    const overlapY = Math.min(box.bottom, bar.bottom) - Math.max(box.top, bar.top);
    if (overlapX > 0.5 && overlapY > 0.5) found.push(`${name(target)} under ${name(el)}`);
  }
  return found;
}

/** {@link barsOver} the focused element of `page` as it is now. */
export async function obscuringBars(page: Page): Promise<string[]> {
  return page.evaluate(barsOver, null);
}

/** {@link barsOver} the element of `locator` (a message, a button): empty when wholly seen. */
export async function barsOverElement(locator: Locator): Promise<string[]> {
  return locator.evaluate(barsOver);
}

/**
 * Presses Tab `steps` times from where focus is (stopping early once focus leaves the page);
 * after each press, waits for the scroll to settle and returns every overlap
 * {@link obscuringBars} finds, deduplicated.
 */
export async function tabThrough(page: Page, steps: number): Promise<string[]> {
  const found = new Set<string>();
  for (let i = 0; i < steps; i += 1) {
    await page.keyboard.press("Tab");
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    for (const line of await obscuringBars(page)) found.add(line);
    if (await page.evaluate(() => document.activeElement === document.body)) break;
  }
  return [...found];
}
