import { humanDate } from "../../../shared/format.ts";

/** A date as `<time datetime>` with the human form (`21 November 2026`, UTC) as its text. */
export function DateText({ value, className = "" }: { value: string; className?: string }) {
  if (!value) return null;
  return (
    <time dateTime={value} className={className}>
      {humanDate(value)}
    </time>
  );
}
