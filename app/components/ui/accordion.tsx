import { useId, useState } from "react";

export type AccordionItem = { key: string; title: string; content: React.ReactNode };

/**
 * An accordion of docs/product/states.md ("Journal accordion: one open section or none; clicking the
 * open one closes it"): at most one panel open, the first open by default, each header a real
 * `<button aria-expanded aria-controls>` inside a heading (WAI-ARIA Authoring Practices,
 * Accordion pattern). Closed panels carry `hidden`, so they are neither shown nor read.
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
  const [open, setOpen] = useState<number | null>(defaultOpen);
  const baseId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="divide-y divide-slate-200 rounded-sm border border-slate-200 bg-white shadow-xs">
      {items.map((item, index) => {
        const expanded = open === index;
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
                onClick={() => setOpen(expanded ? null : index)}
                className={`flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-serif text-lg font-semibold sm:px-6 ${
                  expanded ? "text-brand-900" : "text-slate-800 hover:bg-brand-50"
                }`}
              >
                <span>{item.title}</span>
                <Chevron up={expanded} />
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
      })}
    </div>
  );
}

/** A chevron pointing down, or up when `up`. */
export function Chevron({ up }: { up: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`size-5 shrink-0 text-brand-700 transition-transform ${up ? "rotate-180" : ""}`}
    >
      <path d="M5 7.5l5 5 5-5" />
    </svg>
  );
}
