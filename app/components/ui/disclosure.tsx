import { createElement, useId } from "react";
import { Chevron } from "./accordion.tsx";
import { DISCLOSURE } from "./disclosure-element.ts";

/**
 * A collapsible section (docs/product/states.md: "Editorial board: collapsed or expanded"): a heading
 * whose `<button aria-expanded aria-controls>` shows or hides the panel; collapsed by default.
 * The server renders that state; clicks are the `<ath-disclosure>` element's
 * (./disclosure-element.ts), the same on hydrated and unhydrated pages (decision 292).
 */
export function Disclosure({
  title,
  children,
  defaultOpen = false,
  headingLevel = 2,
}: {
  title: string;
  children: React.ReactNode;
  defaultOpen?: boolean;
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return createElement(
    DISCLOSURE.tag,
    { className: "block" },
    <section className="rounded-sm border border-slate-200 bg-white shadow-xs">
      <Heading className="m-0 font-sans text-base">
        <button
          type="button"
          aria-expanded={defaultOpen}
          aria-controls={id}
          {...{ [DISCLOSURE.toggle]: "" }}
          className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start font-serif text-xl font-semibold text-slate-900 hover:bg-brand-50 sm:px-6"
        >
          <span>{title}</span>
          <Chevron />
        </button>
      </Heading>
      <div id={id} hidden={!defaultOpen} className="border-t border-slate-200 px-5 py-5 sm:px-6">
        {children}
      </div>
    </section>,
  );
}
