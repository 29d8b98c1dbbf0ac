/**
 * The site's links (decision 292): React Router's `Link`, which loads a page that React does
 * not hydrate as a document (`reloadDocument`, app/lib/page-kind.ts) and navigates in the
 * browser between hydrated pages. On a page that is not hydrated every link is a plain
 * `<a href>` anyway. A link to a public page goes to its version in the page's language
 * (`/es/journals` on a Spanish page; decision 382). Import these, not react-router's (`npm run
 * lint` says so).
 */
import type { ReactNode } from "react";
// biome-ignore lint/style/noRestrictedImports: the one place that wraps them
import { Link as RouterLink, useLocation } from "react-router";
import { localizedPath } from "../../../shared/i18n/locales.ts";
import { useLocale } from "../../i18n/use-t.tsx";
import { isHydratedPath } from "../../lib/page-kind.ts";

type Target = { to: string };

/** A link; see the module docstring. */
export function Link(props: React.ComponentProps<typeof RouterLink> & Target) {
  const to = localizedPath(useLocale(), props.to);
  return <RouterLink reloadDocument={!isHydratedPath(props.to)} {...props} to={to} />;
}

type NavLinkProps = Omit<React.ComponentProps<typeof RouterLink>, "className" | "children"> &
  Target & {
    /** Current only on `to` itself, not on the pages below it. */
    end?: boolean;
    className?: string | ((state: { isActive: boolean }) => string);
    children?: ReactNode;
  };

/**
 * A navigation link that knows when it is the current page (`aria-current="page"`), as React
 * Router's `NavLink` does; the page is compared without its language prefix, which the server
 * takes off before React Router sees the URL (server/http/locale.ts).
 */
export function NavLink({ end = false, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = props.to.replace(/[?#].*$/, "").replace(/(.)\/$/, "$1");
  const isActive =
    pathname === target || (!end && target !== "/" && pathname.startsWith(`${target}/`));
  return (
    <Link
      {...props}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}
