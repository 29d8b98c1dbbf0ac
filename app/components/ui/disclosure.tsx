import { useId, useState } from "react";
import { Chevron } from "./accordion.tsx";

/**
 * A collapsible section (docs/product/states.md: "Editorial board: collapsed or expanded"): a heading
 * whose `<button aria-expanded aria-controls>` shows or hides the panel; collapsed by default.
 * On pages that are not hydrated app/public/page-script.ts (`[data-disclosure]`) works it.
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
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section data-disclosure="" className="rounded-sm border border-slate-200 bg-white shadow-xs">
      <Heading className="m-0 font-sans text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-serif text-xl font-semibold text-slate-900 hover:bg-brand-50 sm:px-6"
        >
          <span>{title}</span>
          <Chevron />
        </button>
      </Heading>
      <div id={id} hidden={!open} className="border-t border-slate-200 px-5 py-5 sm:px-6">
        {children}
      </div>
    </section>
  );
}
