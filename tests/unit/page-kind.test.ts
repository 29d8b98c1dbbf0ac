/**
 * The rule of app/lib/page-kind.ts, which decides that a link loads its page as a document
 * (app/components/ui/link.tsx, decision 292), agrees with the routes themselves: a route is
 * hydrated unless its module's `handle` says `hydrate: false` (decision 240), read from the module
 * itself (a handle may be shared between routes, app/components/paper/paper-pages.tsx).
 */
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { isHydratedPath } from "../../app/lib/page-kind.ts";
import type { RouteHandle } from "../../app/root.tsx";
import routes from "../../app/routes.ts";

const APP = path.resolve(import.meta.dirname, "../../app");

/** Every route with a path: its full path (parameters given a sample value) and its module. */
function* pages(entries: RouteConfigEntry[], prefix = ""): Generator<[string, string]> {
  for (const entry of entries) {
    const joined = entry.path ? `${prefix}/${entry.path}` : prefix;
    if (entry.path !== undefined || entry.index) {
      const sample = joined
        .replace(/:(\w+)\?/g, "1")
        .replace(/:(\w+)/g, "x1")
        .replace("*", "x/y");
      yield [sample || "/", entry.file];
    }
    if (entry.children) yield* pages(entry.children, joined);
  }
}

describe("page kinds", () => {
  it("call a page hydrated exactly when its route does not opt out", async () => {
    const seen: string[] = [];
    for (const [sample, file] of pages(await routes)) {
      const route: { handle?: RouteHandle } = await import(path.join(APP, file));
      const unhydrated = route.handle?.hydrate === false;
      expect(isHydratedPath(sample), `${sample} (${file})`).toBe(!unhydrated);
      seen.push(sample);
    }
    expect(seen).toContain("/dashboard");
    expect(seen).toContain("/journal/x1");
  });

  it("read the path without its query or fragment", () => {
    expect(isHydratedPath("/dashboard?x=1")).toBe(true);
    expect(isHydratedPath("/search?q=dashboard")).toBe(false);
    expect(isHydratedPath("/manager#top")).toBe(true);
    expect(isHydratedPath("/dashboardx")).toBe(false);
  });
});
