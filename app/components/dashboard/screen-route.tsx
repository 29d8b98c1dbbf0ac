/**
 * The skeleton exports of a dashboard route module besides its `clientLoader` (`screenLoader`
 * in app/lib/dashboard-load.ts; decision 215): the `HydrateFallback` shown while the browser
 * loads the screen's data ({@link screenFallback}) and the `ErrorBoundary` that shows a failed
 * load's message full-page ({@link ScreenErrorBoundary}).
 *
 * ```ts
 * export const HydrateFallback = screenFallback(msg("Loading the journals…"));
 * export const ErrorBoundary = ScreenErrorBoundary;
 * ```
 */
import { isRouteErrorResponse } from "react-router";
import { DashboardFailure, DashboardLoading } from "./screen.tsx";

/**
 * A route's `HydrateFallback`: {@link DashboardLoading} saying `what` is loading (a catalogue
 * message, `msg("…")`, shown translated).
 */
export function screenFallback(what?: string) {
  return function HydrateFallback() {
    return <DashboardLoading what={what} />;
  };
}

/**
 * A dashboard route's `ErrorBoundary`: the message of a load that `screenLoader` threw
 * (app/lib/dashboard-load.ts), full-page inside the dashboard frame. Any other error (a
 * defect) goes on to the root's boundary.
 */
export function ScreenErrorBoundary({ error }: { error: unknown }) {
  return <DashboardFailure message={screenFailure(error)} />;
}

/**
 * The message of a failed load that `screenLoader` threw: the server's msg (in the page's
 * language) or the screen's default (a catalogue message, to be translated where shown).
 * @throws `error` itself when it is anything else, for the next boundary up.
 */
export function screenFailure(error: unknown): string {
  if (isRouteErrorResponse(error) && typeof error.data === "string") return error.data;
  throw error;
}
