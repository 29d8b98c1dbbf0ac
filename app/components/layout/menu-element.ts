/**
 * `<ath-menu>`: the phone menu of the site header (./site-header.tsx, decision 043) as a custom
 * element, one definition for the pages React hydrates and those it does not (decision 292).
 *
 * It wraps the toggle `<button aria-expanded aria-controls>` and the navigation it controls. A
 * click on the toggle opens or closes the menu: the button's `aria-expanded` and its name
 * ({@link MENU}.openLabel / closeLabel, in the page's language: the server renders both on the
 * button as `data-open-label` and `data-close-label`, decision 382); the navigation and the icons follow `aria-expanded`
 * through CSS (`peer-aria-expanded:`, `group-aria-expanded:`). Escape, following a link of the
 * menu, and going back or forward close it.
 *
 * Safe to import anywhere: the class is made only by {@link defineMenu}, in a browser.
 */

import { msg } from "../../../shared/i18n/messages.ts";

/** The names the header and the element share. */
export const MENU = {
  tag: "ath-menu",
  /** On the toggle button. */
  toggle: "data-menu-toggle",
  openLabel: msg("Open menu"),
  closeLabel: msg("Close menu"),
} as const;

/** Defines `<ath-menu>` in `registry` (once). */
export function defineMenu(registry: CustomElementRegistry = customElements): void {
  if (registry.get(MENU.tag)) return;

  class MenuElement extends HTMLElement {
    #close = () => this.#set(false);
    #onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") this.#set(false);
    };

    constructor() {
      super();
      this.addEventListener("click", (event) => {
        const target = event.target as Element;
        const toggle = target.closest(`[${MENU.toggle}]`);
        if (toggle) this.#set(toggle.getAttribute("aria-expanded") !== "true");
        else if (target.closest("a[href]")) this.#set(false);
      });
    }

    connectedCallback(): void {
      document.addEventListener("keydown", this.#onKey);
      window.addEventListener("popstate", this.#close);
    }

    disconnectedCallback(): void {
      document.removeEventListener("keydown", this.#onKey);
      window.removeEventListener("popstate", this.#close);
    }

    #set(open: boolean): void {
      const toggle = this.querySelector(`[${MENU.toggle}]`);
      toggle?.setAttribute("aria-expanded", String(open));
      const label = open
        ? toggle?.getAttribute("data-close-label")
        : toggle?.getAttribute("data-open-label");
      if (label) toggle?.setAttribute("aria-label", label);
    }
  }

  registry.define(MENU.tag, MenuElement);
}
