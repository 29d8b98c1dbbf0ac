/**
 * Which pages React hydrates (decision 240): the dashboard, the sign-in, registration, password,
 * administrator confirmation and sign-out pages, and the editorial workflow's author and reviewer
 * pages (decision 400). Every other page is rendered on the server and not hydrated (its route
 * says `handle: { hydrate: false }`); a link to one from a hydrated page must load it as a
 * document, since React Router cannot render it in the browser the way the server does
 * (decision 292). tests/unit/page-kind.test.ts checks this rule against every route's handle.
 */

const HYDRATED =
  /^\/(?:dashboard(?:\/|$)|manager$|registration$|forgot-password$|reset-password(?:\/|$)|confirm-admin$|logout$|author-signup$|confirm-email$|submissions(?:\/|$)|submit\/|review$)/;

/** Whether the page at `to` (a path, with or without query and fragment) is hydrated. */
export function isHydratedPath(to: string): boolean {
  const path = to.replace(/[?#].*$/, "");
  return HYDRATED.test(path);
}
