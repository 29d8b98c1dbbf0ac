/**
 * /logout (spec section 7, GET /logout: "success goes to /manager; failure ignored"): calls the
 * API to end the session, then loads /manager afresh. A full page load rather than a client-side
 * navigation, so nothing of the signed-in pages (loader data, the menu) survives in memory.
 */
import { redirectDocument } from "react-router";
import { MESSAGES } from "../../shared/constants.ts";
import { Spinner } from "../components/forms/index.ts";
import { apiGet } from "../lib/api.ts";
import type { Route } from "./+types/logout";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    await apiGet("/logout", MESSAGES.somethingWentWrong, { signal: request.signal });
  } catch {
    // spec section 8: a logout failure is ignored
  }
  return redirectDocument("/manager");
}
clientLoader.hydrate = true as const;

export function meta() {
  return [{ title: "Signing out" }, { name: "robots", content: "noindex" }];
}

export function HydrateFallback() {
  return (
    <main className="flex items-center justify-center gap-2 px-4 py-16 text-slate-700">
      <Spinner />
      <p role="status">Signing out…</p>
    </main>
  );
}

export default function Logout() {
  return <HydrateFallback />;
}
