import { humanDate } from "../../../shared/format.ts";
import { useLocale } from "../../i18n/use-t.tsx";

/**
 * A date as `<time datetime>` with the human form (`21 November 2026`, UTC) in the page's
 * language as its text.
 */
export function DateText({ value, className = "" }: { value: string; className?: string }) {
  const locale = useLocale();
  if (!value) return null;
  return (
    <time dateTime={value} className={className}>
      {humanDate(value, locale)}
    </time>
  );
}
