/**
 * The site's links (decision 292): React Router's `Link` and `NavLink`, which load a page that
 * React does not hydrate as a document (`reloadDocument`, app/lib/page-kind.ts) and navigate in
 * the browser between hydrated pages. On a page that is not hydrated every link is a plain
 * `<a href>` anyway. Import these, not react-router's (`npm run lint` says so).
 */
// biome-ignore lint/style/noRestrictedImports: the one place that wraps them
import { Link as RouterLink, NavLink as RouterNavLink } from "react-router";
import { isHydratedPath } from "../../lib/page-kind.ts";

type Target = { to: string };

/** A link; see the module docstring. */
export function Link(props: React.ComponentProps<typeof RouterLink> & Target) {
  return <RouterLink reloadDocument={!isHydratedPath(props.to)} {...props} />;
}

/** A navigation link that knows when it is the current page; see the module docstring. */
export function NavLink(props: React.ComponentProps<typeof RouterNavLink> & Target) {
  return <RouterNavLink reloadDocument={!isHydratedPath(props.to)} {...props} />;
}
