/**
 * `npm run reindex`: rewrites every paper's search row with the current indexing rules
 * (`indexPaper`, server/features/search/search.ts), while the site serves. Run it once after an
 * upgrade that changes what a row holds (decision 472 added the authors' affiliations and the
 * PDF's words a JATS galley lacks; rows written before hold neither), or to repair drift.
 *
 * Uses the configuration the server uses (DATA_DIR, DATABASE_URL). Papers are taken in id
 * order, one at a time (each row is replaced in place, so search never goes empty), with the
 * count done printed every 1,000. The output cache is told the catalogue changed once, at the
 * end. Exits 1 with the reason on a configuration or database error.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "../server/config.ts";
import { migrate, openDatabase } from "../server/db/database.ts";
import { indexPaper } from "../server/features/search/search.ts";
import { bumpCatalogueVersion } from "../server/services/catalogue-version.ts";

try {
  const config = loadConfig();
  const handle = config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ sqliteFile: path.join(config.dataDir, "athenaeum.sqlite") });
  try {
    await migrate(handle);
    const started = performance.now();
    let done = 0;
    let after = 0;
    for (;;) {
      const ids = await handle.db
        .selectFrom("papers")
        .select("id")
        .where("id", ">", after)
        .orderBy("id")
        .limit(1_000)
        .execute();
      if (!ids.length) break;
      for (const { id } of ids) await indexPaper(handle.db, handle.dialect, id);
      done += ids.length;
      after = ids.at(-1)!.id;
      console.log(`${done} papers indexed`);
    }
    await bumpCatalogueVersion(handle.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Search rows of ${done} papers rewritten in ${seconds} s.`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
