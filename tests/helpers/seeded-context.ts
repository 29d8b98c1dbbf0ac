/**
 * The start most API and database test files share, in one call (decision 290): a test context
 * (./context.ts) with the small catalogue of ./fixtures.ts written into it, and on request the
 * conference papers of ./proceeding-fixtures.ts and a signed-in manager.
 *
 * ```ts
 * const t = seededFileContext({ manager: true }); // this file's context, made before its tests
 * it("…", async () => {
 *   await request(t.app).get(`/api/…/${t.seed.issueId}`).set("Cookie", t.cookie);
 * });
 * ```
 *
 * `createSeededContext` is the same without the hooks, for a context of a single test (close
 * it yourself); `managerFileContext` the file's context with a signed-in manager and no catalogue.
 */
import { afterAll, beforeAll } from "vitest";
import { signedInManager } from "./account.ts";
import { createTestContext, type TestContext } from "./context.ts";
import { type SeededCatalogue, seedCatalogue } from "./fixtures.ts";
import { type SeededProceedings, seedProceedingPapers } from "./proceeding-fixtures.ts";

export type SeedOptions = {
  /** Configuration variables beside the test defaults (`{ PUBLIC_URL: "https://…" }`). */
  env?: Record<string, string>;
  /** Also the conference papers of ./proceeding-fixtures.ts (`proceedings`). */
  proceedings?: boolean;
  /** Also a manager signed in (`cookie`, the `Cookie` header value of their session). */
  manager?: boolean;
};

/** A seeded test context: what {@link SeedOptions} asked for is present in its type. */
export type SeededContext<O extends SeedOptions = SeedOptions> = TestContext & {
  seed: SeededCatalogue;
} & (O["proceedings"] extends true ? { proceedings: SeededProceedings } : unknown) &
  (O["manager"] extends true ? { cookie: string } : unknown);

/** A new test context with the catalogue seeded (and what `options` adds). */
export async function createSeededContext<const O extends SeedOptions = Record<never, never>>(
  options?: O,
): Promise<SeededContext<O>> {
  const t = await createTestContext(options?.env);
  try {
    const seed = await seedCatalogue(t.ctx);
    const proceedings = options?.proceedings ? await seedProceedingPapers(t.ctx, seed) : undefined;
    const cookie = options?.manager ? (await signedInManager(t)).cookie : undefined;
    return { ...t, seed, proceedings, cookie } as SeededContext<O>;
  } catch (error) {
    await t.close();
    throw error;
  }
}

/**
 * The file's seeded context, made in `beforeAll` and closed in `afterAll`: the object returned
 * is empty until then, so read it inside tests and hooks only.
 */
export function seededFileContext<const O extends SeedOptions = Record<never, never>>(
  options?: O,
): SeededContext<O> {
  return fileContext(() => createSeededContext(options));
}

/**
 * The file's context with nothing written but a signed-in manager (`cookie`; the file's first
 * account, so the site administrator as well: decision 190), for tests that count or list what
 * they create themselves; made and closed as {@link seededFileContext}.
 */
export function managerFileContext(env?: Record<string, string>): TestContext & { cookie: string } {
  return fileContext(async () => {
    const t = await createTestContext(env);
    try {
      return { ...t, cookie: (await signedInManager(t)).cookie };
    } catch (error) {
      await t.close();
      throw error;
    }
  });
}

/** What `make` answers, made in `beforeAll` and closed in `afterAll` (an empty object before). */
function fileContext<C extends TestContext>(make: () => Promise<C>): C {
  const holder = {} as C;
  beforeAll(async () => {
    Object.assign(holder, await make());
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}
