import { useT } from "../../i18n/use-t.tsx";
import { Link } from "./link.tsx";

export type Crumb = { label: string; to?: string };

/**
 * A breadcrumb trail (WAI-ARIA Authoring Practices, Breadcrumb pattern): links to the pages
 * above this one, the last item (this page) marked `aria-current="page"`. Labels come in the
 * page's language (the caller translates them).
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t("Breadcrumb")} className="mb-6 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={item.to ?? item.label} className="flex items-center gap-2">
              {item.to && !last ? (
                <Link to={item.to} className="hover:text-brand-800 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className="text-slate-800">
                  {item.label}
                </span>
              )}
              {last ? null : (
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
