/**
 * `<ath-disclosure>`: the behaviour of the accordion (./accordion.tsx) and of the collapsible
 * section (./disclosure.tsx), as a custom element, so one definition serves the pages React
 * hydrates and those it does not (decision 292), and the components keep no state.
 *
 * Inside the element, each toggle is a `<button aria-expanded aria-controls>` carrying the
 * {@link DISCLOSURE}.toggle attribute (WAI-ARIA Authoring Practices, Accordion and Disclosure
 * patterns): a click flips its `aria-expanded` and the `hidden` of the panel it controls. With
 * the {@link DISCLOSURE}.exclusive attribute, opening one panel closes the others (docs/product/
 * states.md: "one open section or none; clicking the open one closes it"). The looks follow
 * `aria-expanded` through CSS (`group-aria-expanded:`), so nothing else changes.
 *
 * Safe to import anywhere: the class is made only by {@link defineDisclosure}, in a browser.
 */

/** The names the components and the element share. */
export const DISCLOSURE = {
  tag: "ath-disclosure",
  /** On the element: at most one panel open. */
  exclusive: "exclusive",
  /** On each toggle button. */
  toggle: "data-toggle",
} as const;

/** Sets a toggle's state and shows or hides the panel it controls. */
function setExpanded(button: Element, expanded: boolean): void {
  button.setAttribute("aria-expanded", String(expanded));
  const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (panel) panel.hidden = !expanded;
}

/** Defines `<ath-disclosure>` in `registry` (once). */
export function defineDisclosure(registry: CustomElementRegistry = customElements): void {
  if (registry.get(DISCLOSURE.tag)) return;

  class DisclosureElement extends HTMLElement {
    constructor() {
      super();
      this.addEventListener("click", (event) => {
        const button = (event.target as Element).closest(`[${DISCLOSURE.toggle}]`);
        if (!button || button.closest(DISCLOSURE.tag) !== this) return;
        const opening = button.getAttribute("aria-expanded") !== "true";
        const toggles = this.hasAttribute(DISCLOSURE.exclusive) ? this.#toggles() : [button];
        for (const toggle of toggles) setExpanded(toggle, opening && toggle === button);
      });
    }

    /** This element's own toggles (not those of a disclosure nested in a panel). */
    #toggles(): Element[] {
      return [...this.querySelectorAll(`[${DISCLOSURE.toggle}]`)].filter(
        (toggle) => toggle.closest(DISCLOSURE.tag) === this,
      );
    }
  }

  registry.define(DISCLOSURE.tag, DisclosureElement);
}
