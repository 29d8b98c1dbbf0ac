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
 * it yourself); `managerFileContext` the file's context with a signed-in manager and no catalogue;
 * `mailFileContext` an empty one whose mail goes to a real SMTP server of ./mailbox.ts;
 * `smallCorpusFileContext` one with the small corpus of ./small-corpus.ts imported, whose journal
 * papers {@link journalPaperOf} finds by DOI.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { importCorpus } from "../../server/import/corpus.ts";
import { signedInManager } from "./account.ts";
import { createTestContext, type TestContext } from "./context.ts";
import { type SeededCatalogue, seedCatalogue } from "./fixtures.ts";
import { type Mailbox, startMailbox } from "./mailbox.ts";
import { type SeededProceedings, seedProceedingPapers } from "./proceeding-fixtures.ts";
import { buildSmallCorpus } from "./small-corpus.ts";

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

/**
 * The file's context with nothing written, its mail sent to `mailbox` (./mailbox.ts, a real
 * SMTP server on a free port, as `SMTP_URL`); `env` adds configuration variables (rate limits,
 * `TRUST_PROXY`…). Made and closed, mailbox too, as {@link seededFileContext}: call it at the
 * top of a file or inside a `describe`.
 */
export function mailFileContext(env: Record<string, string> = {}): TestContext & {
  mailbox: Mailbox;
} {
  return fileContext(async () => {
    const mailbox = await startMailbox();
    try {
      const t = await createTestContext({ SMTP_URL: mailbox.url, ...env });
      return {
        ...t,
        mailbox,
        close: async () => {
          await t.close();
          await mailbox.close();
        },
      };
    } catch (error) {
      await mailbox.close();
      throw error;
    }
  });
}

/**
 * The file's context with the small corpus of ./small-corpus.ts imported as the importer
 * imports a corpus folder (server/import/corpus.ts, partners too); the import must report no
 * problem. Made in `beforeAll` (given 180 s: the import reads PDFs and JATS) and closed, its
 * corpus folder removed, in `afterAll`.
 */
export function smallCorpusFileContext(): TestContext {
  return fileContext(async () => {
    const dir = await buildSmallCorpus(await mkdtemp(path.join(tmpdir(), "athenaeum-corpus-")));
    const removeDir = () => rm(dir, { recursive: true, force: true });
    const t = await createTestContext().catch(async (error) => {
      await removeDir();
      throw error;
    });
    const close = async () => {
      await t.close();
      await removeDir();
    };
    try {
      const report = await importCorpus(t.ctx, dir);
      expect(report.problems).toEqual([]);
    } catch (error) {
      await close();
      throw error;
    }
    return { ...t, close };
  }, 180_000);
}

/**
 * The id of the journal paper whose DOI is `doi` and its journal's URI (its page is
 * `/journal/{uri}/{id}`); throws when no journal paper has that DOI.
 */
export async function journalPaperOf(
  t: Pick<TestContext, "ctx">,
  doi: string,
): Promise<{ id: number; uri: string }> {
  return t.ctx.db
    .selectFrom("papers as p")
    .innerJoin("publications as pub", "pub.id", "p.publication_id")
    .innerJoin("journals as j", "j.id", "pub.journal_id")
    .select(["p.id", "j.uri"])
    .where("p.doi", "=", doi)
    .executeTakeFirstOrThrow();
}

/**
 * What `make` answers, made in `beforeAll` (given `timeout` ms, vitest's default when none) and
 * closed in `afterAll` (an empty object before).
 */
function fileContext<C extends TestContext>(make: () => Promise<C>, timeout?: number): C {
  const holder = {} as C;
  beforeAll(async () => {
    Object.assign(holder, await make());
  }, timeout);
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}
