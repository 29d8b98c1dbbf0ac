/**
 * Catch-all route: '404 Page Not Found' with HTTP status 404 for every unmatched URL.
 */
import { data } from "react-router";
import { NotFound } from "../components/not-found.tsx";

export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: "404 Page Not Found" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
