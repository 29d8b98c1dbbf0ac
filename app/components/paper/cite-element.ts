/**
 * `<ath-cite>`: the moving part of 'Cite this paper' (./cite-panel.tsx; decisions 186 and 245),
 * as a custom element next to its component (decision 292). When the panel comes within 400 px
 * of the viewport it fetches the references from `{paper page}/citations.json` (the URL in
 * {@link CITE}.references), shows the chosen style's reference in the `p[data-style]`, 'Loading
 * references…' meanwhile and an error with 'Try again' when the fetch fails; 'Copy citation'
 * copies the reference shown and says so in the status line.
 *
 * What it says is in the page's language, rendered by the server into its attributes ({@link
 * CITE}'s `…Label` names, written by ./cite-panel.tsx; decision 382): the page has no catalogue
 * in the browser, and this script carries no text of its own.
 *
 * Safe to import anywhere: the class is made only by {@link defineCite}, in a browser.
 */
import type { CitationReferences } from "../../../shared/api.ts";
import { fetchFileJson } from "../../lib/file-fetch.ts";

/** The names the component and the element share. */
export const CITE = {
  tag: "ath-cite",
  /** On the element: the URL of the paper's citations.json. */
  references: "data-references",
  /** On the element: 'Loading references…', the failure, the copy failure, translated. */
  loadingLabel: "data-loading-label",
  failedLabel: "data-failed-label",
  copyFailedLabel: "data-copy-failed-label",
  /** On each style's radio button: 'APA citation copied.', translated. */
  copiedLabel: "data-copied-label",
  /** On the paragraph of the reference: the style shown (and `data-state`). */
  style: "data-style",
  retry: "data-cite-retry",
  copy: "data-cite-copy",
} as const;

/** One style's reference, as the server formats it (shared/api.ts). */
type StyleText = CitationReferences["styles"][number];

/** How close (px) the panel comes to the viewport before its references are fetched. */
const LOAD_MARGIN = "400px 0px";

/**
 * GETs `url` (decision 245's citations.json, a call of shared/file-calls.ts) and returns its
 * styles.
 * @throws Error when `url` is not a citations.json path, on a failure, or on another shape.
 */
async function fetchReferences(url: string): Promise<StyleText[]> {
  const key = url.startsWith("/proceedings/")
    ? "GET /proceedings/:slug/:paper/citations.json"
    : "GET /journal/:journalUrl/:paper/citations.json";
  const styles: unknown = (await fetchFileJson(key, url))?.styles;
  const valid =
    Array.isArray(styles) &&
    styles.every(
      (s: Record<string, unknown>) =>
        typeof s?.key === "string" && typeof s.label === "string" && typeof s.text === "string",
    );
  if (!valid) throw new Error("Unexpected answer");
  return styles as StyleText[];
}

/** A short note in the reference's place (loading, or the failure), in the sans font. */
function note(text: string, colour: string): HTMLSpanElement {
  const span = document.createElement("span");
  span.className = `font-sans text-sm ${colour}`;
  span.textContent = text;
  return span;
}

/** Defines `<ath-cite>` in `registry` (once). */
export function defineCite(registry: CustomElementRegistry = customElements): void {
  if (registry.get(CITE.tag)) return;

  class CiteElement extends HTMLElement {
    #styles: StyleText[] | null = null;
    #observer: IntersectionObserver | null = null;

    constructor() {
      super();
      this.addEventListener("change", () => {
        this.#show();
        const status = this.querySelector("[role=status]");
        if (status) status.textContent = "";
      });
      this.addEventListener("click", (event) => {
        const target = event.target as Element;
        if (target.closest(`[${CITE.retry}]`)) this.#load();
        else if (target.closest(`[${CITE.copy}]`)) void this.#copy();
      });
    }

    connectedCallback(): void {
      if (this.#styles) return;
      this.#observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          this.#observer?.disconnect();
          this.#load();
        },
        { rootMargin: LOAD_MARGIN },
      );
      this.#observer.observe(this);
    }

    disconnectedCallback(): void {
      this.#observer?.disconnect();
    }

    /** The text the server rendered into `attribute`. */
    #say(attribute: string): string {
      return this.getAttribute(attribute) ?? "";
    }

    get #text() {
      return this.querySelector<HTMLElement>(`p[${CITE.style}]`);
    }

    #chosen() {
      return this.querySelector<HTMLInputElement>("input[type=radio]:checked");
    }

    #buttons() {
      return {
        retry: this.querySelector<HTMLButtonElement>(`[${CITE.retry}]`),
        copy: this.querySelector<HTMLButtonElement>(`[${CITE.copy}]`),
      };
    }

    #load(): void {
      const url = this.getAttribute(CITE.references);
      const text = this.#text;
      if (!url || !text) return;
      const { retry, copy } = this.#buttons();
      text.dataset.state = "loading";
      text.setAttribute("aria-busy", "true");
      text.replaceChildren(note(this.#say(CITE.loadingLabel), "text-slate-600"));
      if (retry) retry.hidden = true;
      if (copy) copy.hidden = true;
      fetchReferences(url).then(
        (styles) => {
          this.#styles = styles;
          text.dataset.state = "ready";
          text.setAttribute("aria-busy", "false");
          this.#show();
        },
        () => {
          text.dataset.state = "failed";
          text.setAttribute("aria-busy", "false");
          text.replaceChildren(note(this.#say(CITE.failedLabel), "text-red-800"));
          if (retry) retry.hidden = false;
        },
      );
    }

    /** Shows the chosen style's reference, once the references are there. */
    #show(): void {
      const input = this.#chosen();
      const text = this.#text;
      if (!input || !text) return;
      text.dataset.style = input.value;
      if (!this.#styles) return;
      const found = this.#styles.find((s) => s.key === input.value);
      if (found) text.textContent = found.text;
      else {
        text.replaceChildren(note(this.#say(CITE.failedLabel), "text-red-800"));
      }
      const { copy } = this.#buttons();
      if (copy) copy.hidden = !found;
    }

    async #copy(): Promise<void> {
      const status = this.querySelector("[role=status]");
      const copied = this.#chosen()?.getAttribute(CITE.copiedLabel) ?? "";
      if (!status) return;
      try {
        await navigator.clipboard.writeText(this.#text?.textContent ?? "");
        status.textContent = copied;
      } catch {
        status.textContent = this.#say(CITE.copyFailedLabel);
      }
    }
  }

  registry.define(CITE.tag, CiteElement);
}
