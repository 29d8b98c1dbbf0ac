/**
 * Tabs (WAI-ARIA Authoring Practices, Tabs pattern with automatic activation): a `tablist` of
 * `tab` buttons, each controlling its `tabpanel`. Only the selected tab is in the Tab order;
 * Left/Right arrows move between tabs (wrapping; mirrored in a right-to-left page, where the next
 * tab is on the left), Home/End go to the first/last. Every panel
 * stays mounted and inactive ones are `hidden`, so a half-filled form in one tab keeps its
 * values while the manager looks at another (docs/product/screens.md, Edit journal: 'Main Details' and
 * 'Submission Info').
 */
import { type ReactNode, useId, useRef, useState } from "react";
import { directionOf } from "../../../shared/i18n/locales.ts";
import { useLocale } from "../../i18n/use-t.tsx";

/** A tab: its `label` and the tablist's `label` come translated. */
export type TabItem = { key: string; label: string; content: ReactNode };

export function Tabs({ items, label }: { items: TabItem[]; label: string }) {
  const forward = directionOf(useLocale()) === "rtl" ? -1 : 1;
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + items.length) % items.length;
    setSelected(next);
    refs.current[next]?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + forward,
      ArrowLeft: selected - forward,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-slate-300"
      >
        {items.map((item, index) => {
          const active = index === selected;
          return (
            <button
              key={item.key}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${index}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(index)}
              onKeyDown={onKeyDown}
              className={`-mb-px shrink-0 border-b-2 px-4 py-3 text-sm font-semibold whitespace-nowrap sm:text-base ${
                active
                  ? "border-brand-800 text-brand-900"
                  : "border-transparent text-slate-600 hover:border-slate-400 hover:text-slate-900"
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== selected}
          className="pt-6"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
