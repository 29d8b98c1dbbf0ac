/**
 * `<ath-reader>`: the switch of a paper page between its abstract and the PDF reader
 * (./paper-reader.tsx, decision 240), as a custom element next to its component (decision 292).
 * 'Open Full Text (PDF)' (the {@link READER}.open button, the PDF's URL and the paper's title in
 * its `data-url` and `data-title`) hides the buttons and the abstract and mounts the viewer
 * (./reader-root.tsx, a React root of its own, fetched on that click, with pdf.js and the
 * viewer's session code alongside) into the empty {@link READER}.slot; the viewer's 'Close'
 * undoes that and gives the focus back to the button. The element carries the reader's texts in
 * the page's language ({@link READER}.messages: the reader's share of the catalogue, compiled
 * on the server; decision 425) and hands them to the viewer, since the page has no catalogue.
 *
 * Safe to import anywhere: the class is made only by {@link defineReader}, in a browser.
 */

/** The names the component and the element share. */
export const READER = {
  tag: "ath-reader",
  open: "data-reader-open",
  slot: "data-reader-slot",
  abstract: "data-reader-abstract",
  /** On the element: the reader's compiled messages in the page's language, as JSON. */
  messages: "data-reader-messages",
} as const;

/** Defines `<ath-reader>` in `registry` (once). */
export function defineReader(registry: CustomElementRegistry = customElements): void {
  if (registry.get(READER.tag)) return;

  class ReaderElement extends HTMLElement {
    constructor() {
      super();
      this.addEventListener("click", (event) => {
        const open = (event.target as Element).closest<HTMLButtonElement>(`[${READER.open}]`);
        if (open) this.#open(open);
      });
    }

    /** Shows the reading view (true) or the abstract view (false). */
    #reading(open: HTMLElement, on: boolean): void {
      // the abstract view's parts that the reading view replaces: the buttons and the abstract
      const parts = [...(open.parentElement?.children ?? [])] as HTMLElement[];
      const abstract = this.querySelector<HTMLElement>(`[${READER.abstract}]`);
      for (const part of [...parts, abstract]) if (part) part.hidden = on;
      const slot = this.querySelector<HTMLElement>(`[${READER.slot}]`);
      if (slot) slot.hidden = !on;
    }

    #open(open: HTMLButtonElement): void {
      const slot = this.querySelector<HTMLElement>(`[${READER.slot}]`);
      if (!slot) return;
      this.#reading(open, true);
      const view = document.createElement("div");
      slot.append(view);
      // pdf.js and the viewer's session code are fetched alongside React and the viewer, not
      // after them (the viewer asks for the same modules once mounted; a failure is its to show).
      import("../pdf-viewer/session.ts").catch(() => {});
      import("../pdf-viewer/pdfjs.ts").then(
        (module) => module.loadPdfjs().catch(() => {}),
        () => {},
      );
      import("./reader-root.tsx").then(
        (module) =>
          module.mountReader(view, {
            url: open.dataset.url ?? "",
            title: open.dataset.title ?? "",
            messages: this.getAttribute(READER.messages) ?? "{}",
            onClose: () => {
              view.remove();
              this.#reading(open, false);
              open.focus();
            },
          }),
        () => {
          // Offline or a stale deployment: back to the abstract, where 'Download PDF' still works.
          view.remove();
          this.#reading(open, false);
        },
      );
    }
  }

  registry.define(READER.tag, ReaderElement);
}
