/**
 * Focus Not Obscured (WCAG 2.2 SC 2.4.11, issue 34, decision 450). The html element's
 * `scroll-padding-bottom` (app/app.css) keeps what the browser scrolls to on focus clear of the
 * fixed footer, but Chromium reveals a focused textarea only as far as its caret, leaving the
 * rest of the box under the footer. After each focus change this brings the focused element
 * wholly into view (`scrollIntoView`, nearest edge, which honours that padding) when part of it
 * is under the footer's band or above the window; an element taller than the space between the
 * paddings is left where the browser put it.
 */
export function keepFocusInView(doc: Document = document): void {
  doc.addEventListener("focusin", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    requestAnimationFrame(() => {
      if (doc.activeElement !== target) return;
      const style = getComputedStyle(doc.documentElement);
      const top = Number.parseFloat(style.scrollPaddingTop) || 0;
      const bottom = Number.parseFloat(style.scrollPaddingBottom) || 0;
      const box = target.getBoundingClientRect();
      const room = window.innerHeight - top - bottom;
      if (box.height <= 1 || box.height > room) return;
      if (box.bottom > window.innerHeight - bottom || box.top < 0)
        target.scrollIntoView({ block: "nearest", inline: "nearest" });
    });
  });
}
