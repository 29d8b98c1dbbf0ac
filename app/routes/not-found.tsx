/**
 * Catch-all route: '404 Page Not Found' with HTTP status 404 for every unmatched URL (spec
 * section 2). The loader throws, so the root error boundary renders the page and the root
 * `meta` its title.
 */
import { data } from "react-router";
import { NotFound } from "../components/not-found.tsx";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
