/**
 * The service context `npm run bench` and `npm run bench:search` measure: a fresh SQLite database
 * (DATABASE_URL is ignored) in a throw-away data folder under the OS temp folder, production
 * settings, a silent log and no seed.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAppContext } from "../../server/bootstrap.ts";
import { loadConfig } from "../../server/config.ts";
import type { AppContext } from "../../server/services/context.ts";

/**
 * Opens the context in a new folder `athenaeum-<name>-XXXXXX`.
 * @returns the context and `close`, which closes it and removes the folder.
 */
export async function scratchAppContext(
  name: string,
): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `athenaeum-${name}-`));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    SEED: "none",
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATABASE_URL: "",
  });
  try {
    const { ctx, close } = await createAppContext(config);
    return {
      ctx,
      async close() {
        await close();
        await removeDataDir();
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}
