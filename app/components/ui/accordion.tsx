import { createElement, useId } from "react";
import { DISCLOSURE } from "./disclosure-element.ts";

export type AccordionItem = { key: string; title: string; content: React.ReactNode };

/**
 * An accordion of docs/product/states.md ("Journal accordion: one open section or none; clicking the
 * open one closes it"): at most one panel open, the first open by default, each header a real
 * `<button aria-expanded aria-controls>` inside a heading (WAI-ARIA Authoring Practices,
 * Accordion pattern). Closed panels carry `hidden`, so they are neither shown nor read.
 *
 * The server renders the first state; clicks are the `<ath-disclosure exclusive>` element's
 * (./disclosure-element.ts), the same on hydrated and unhydrated pages (decision 292).
 */
export function Accordion({
  items,
  defaultOpen = 0,
  headingLevel = 2,
}: {
  items: AccordionItem[];
  /** Index of the panel open at first, or null for none. */
  defaultOpen?: number | null;
  headingLevel?: 2 | 3;
}) {
  const baseId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return createElement(
    DISCLOSURE.tag,
    {
      [DISCLOSURE.exclusive]: "",
      className:
        "block divide-y divide-slate-200 rounded-sm border border-slate-200 bg-white shadow-xs",
    },
    items.map((item, index) => {
      const expanded = defaultOpen === index;
      const buttonId = `${baseId}-button-${index}`;
      const panelId = `${baseId}-panel-${index}`;
      return (
        <div key={item.key}>
          <Heading className="m-0 font-sans text-base">
            <button
              type="button"
              id={buttonId}
              aria-expanded={expanded}
              aria-controls={panelId}
              {...{ [DISCLOSURE.toggle]: "" }}
              className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start font-serif text-lg font-semibold text-slate-800 not-aria-expanded:hover:bg-brand-50 aria-expanded:text-brand-900 sm:px-6"
            >
              <span>{item.title}</span>
              <Chevron />
            </button>
          </Heading>
          <section
            id={panelId}
            aria-labelledby={buttonId}
            hidden={!expanded}
            className="px-5 pt-1 pb-6 sm:px-6"
          >
            {item.content}
          </section>
        </div>
      );
    }),
  );
}

/** A chevron pointing down, or up when the `group` button around it is expanded. */
export function Chevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5 shrink-0 text-brand-700 transition-transform group-aria-expanded:rotate-180"
    >
      <path d="M5 7.5l5 5 5-5" />
    </svg>
  );
}
