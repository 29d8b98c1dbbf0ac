/**
 * Running React Router loaders straight against a test context: the arguments a loader gets
 * ({@link loaderArgs}), its answer as status and payload whether returned or thrown
 * ({@link runLoader}), and a service context whose database fails on chosen tables
 * ({@link failing}), for the "a failed load leaves the page empty" rules of docs/product/errors.md.
 */
import { RouterContextProvider } from "react-router";
import { appContext, requestContext } from "../../app/context.ts";
import type { AppContext } from "../../server/services/context.ts";
import type { SignedInUser } from "../../shared/api.ts";

/** The service context with every query on one of `tables` failing ("database is down"). */
export function failing(ctx: AppContext, tables: string[] | "all"): AppContext {
  const db = new Proxy(ctx.db, {
    get(target, prop) {
      if (prop === "selectFrom") {
        return (from: string) => {
          const table = String(from).split(" ")[0] ?? "";
          if (tables === "all" || tables.includes(table)) throw new Error("database is down");
          return target.selectFrom(from as never);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...ctx, db };
}

/**
 * A loader's arguments: `ctx` in the router context, route `params`, and the signed-in `user`
 * (a signed-out reader unless given).
 */
export function loaderArgs(
  ctx: AppContext,
  params: Record<string, string> = {},
  user: SignedInUser | null = null,
) {
  const context = new RouterContextProvider();
  context.set(appContext, ctx);
  context.set(requestContext, {
    nonce: "n",
    user,
    origin: "http://localhost",
    locale: "en",
    allowPdfViewer: () => {},
    setLinkHeader: () => {},
  });
  return {
    context,
    params,
    request: new Request("http://localhost/"),
    unstable_pattern: "",
  } as never;
}

/** Status and payload of a loader's answer, thrown or returned (`data()` or a plain object). */
export async function runLoader(
  load: () => Promise<unknown>,
): Promise<{ status: number; data: unknown }> {
  try {
    const out = (await load()) as { init?: { status?: number }; data?: unknown; type?: string };
    if (out && out.type === "DataWithResponseInit") {
      return { status: out.init?.status ?? 200, data: out.data };
    }
    return { status: 200, data: out };
  } catch (thrown) {
    const out = thrown as { init?: { status?: number }; data?: unknown };
    if (out?.init?.status) return { status: out.init.status, data: out.data };
    throw thrown;
  }
}
