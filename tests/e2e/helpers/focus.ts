/**
 * Focus Not Obscured (WCAG 2.2 SC 2.4.11, issue 34, decision 450): the element that has focus
 * is not hidden, even partly, by a fixed or sticky bar of the page (the site footer, a sticky
 * table head or side panel). `obscuringBars(page)` answers, for the focused element as it is
 * now, the bars that overlap its rectangle; `tabThrough(page, n)` presses Tab `n` times and
 * collects every such overlap with the element's name, so a test can assert the list is empty.
 */
import type { Page } from "@playwright/test";

/**
 * The fixed or sticky elements (other than the focused element's own ancestors or
 * descendants) whose on-screen rectangle overlaps the focused element's, each described as
 * `"<focused> under <bar>"`; empty when nothing is focused or nothing covers it. A focused
 * element outside the viewport (vertically) counts as covered by "the window edge".
 */
export async function obscuringBars(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused === document.documentElement) return [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}` +
      `[${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}]`;
    const box = focused.getBoundingClientRect();
    // visually hidden (sr-only) and zero-size elements have nothing to obscure
    if (box.width <= 1 || box.height <= 1) return [];
    const found: string[] = [];
    if (box.top < 0 || box.bottom > window.innerHeight + 0.5)
      found.push(`${name(focused)} under the window edge`);
    for (const el of document.querySelectorAll("body *")) {
      const position = getComputedStyle(el).position;
      if (position !== "fixed" && position !== "sticky") continue;
      if (el.contains(focused) || focused.contains(el)) continue;
      const bar = el.getBoundingClientRect();
      if (bar.width === 0 || bar.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const overlapX = Math.min(box.right, bar.right) - Math.max(box.left, bar.left);
      const overlapY = Math.min(box.bottom, bar.bottom) - Math.max(box.top, bar.top);
      if (overlapX > 0.5 && overlapY > 0.5) found.push(`${name(focused)} under ${name(el)}`);
    }
    return found;
  });
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
