/**
 * A checkbox with its label beside it (the whole label is the click target), plus an optional
 * hint. Other props go to the `<input>`, so react-hook-form's `register(name)` spreads in.
 */
import { type ComponentProps, type ReactNode, useId } from "react";
import { hintClass } from "./styles.ts";

export type CheckboxFieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
} & Omit<ComponentProps<"input">, "type" | "className">;

export function CheckboxField({ label, hint, className, id, ...input }: CheckboxFieldProps) {
  const auto = useId();
  const controlId = id ?? auto;
  const hintId = `${controlId}-hint`;
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={controlId}
          type="checkbox"
          className="size-4 shrink-0 rounded-sm border-slate-400 accent-brand-800"
          aria-describedby={hint ? hintId : undefined}
          {...input}
        />
        <label htmlFor={controlId} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className={`${hintClass} ps-6`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
