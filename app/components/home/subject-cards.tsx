import { SUBJECTS } from "../../../shared/constants.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";
import { useT } from "../../i18n/use-t.tsx";
import { Link } from "../ui/link.tsx";

/** A small line drawing per subject, in the accent colour. */
const SUBJECT_ICONS: Record<(typeof SUBJECTS)[number]["key"], React.ReactNode> = {
  philosophy: <path d="M12 3v18M5 8h14M7 8l-3 7h6zM17 8l-3 7h6zM8 21h8" />,
  "science-technology": (
    <path d="M9 3h6M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3M7.5 14h9" />
  ),
  "arts-humanities": <path d="M4 20V9l8-5 8 5v11M4 20h16M8 20v-7M12 20v-7M16 20v-7M3 9h18" />,
  more: (
    <path d="M4 5h6a2 2 0 0 1 2 2v13a2 2 0 0 0-2-2H4zM20 5h-6a2 2 0 0 0-2 2v13a2 2 0 0 1 2-2h6z" />
  ),
};

/** The card's link text: how many journals the subject has, when known. */
function browseLabel(count: number | undefined, t: Translate): string {
  if (count === undefined) return t("Browse the journals");
  return t(
    "{count, plural, =0 {No journals yet} one {Browse its journal} other {Browse its # journals}}",
    { count },
  );
}

/**
 * The four subject cards of the home page (docs/product/screens.md: "Four subject cards with a blurb"),
 * each linking to its part of the About page (`/categories#{key}`), with how many journals it
 * has (`counts`, by subject key; null when that count failed to load: the line is left out).
 */
export function SubjectCards({ counts }: { counts: Record<string, number> | null }) {
  const t = useT();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {SUBJECTS.map((subject) => (
        <li key={subject.key}>
          <Link
            to={`/categories#${subject.key}`}
            className="group flex h-full flex-col rounded-sm border border-slate-200 border-t-3 border-t-brand-800 bg-white p-5 shadow-xs transition-shadow hover:shadow-md sm:p-6"
          >
            {/* a div, not a span: the heading is flow content, which a span may not hold */}
            <div className="flex items-center gap-3 sm:flex-col sm:items-start sm:gap-0">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
                strokeLinejoin="round"
                className="size-7 shrink-0 text-brand-700 sm:size-8"
              >
                {SUBJECT_ICONS[subject.key]}
              </svg>
              <h3 className="text-xl font-semibold group-hover:text-brand-800 sm:mt-4">
                {t(subject.name)}
              </h3>
            </div>
            <p className="mt-2 flex-1 text-[0.95rem] leading-relaxed text-slate-600">
              {t(subject.blurb)}
            </p>
            <span className="mt-4 text-sm font-semibold text-brand-800 group-hover:underline">
              {browseLabel(counts?.[subject.key], t)}
              <span aria-hidden="true">
                {"\u00a0"}
                <span className="inline-block rtl:-scale-x-100">→</span>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
