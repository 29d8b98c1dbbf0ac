/**
 * The API server as its own process, for tests that must kill it (SIGKILL cannot be caught, so an
 * in-process server will not do): the start sequence of server/main.ts without the pages and the
 * first-start import. Configuration comes from the environment as in production; the storage
 * sweep at start finishes before the server listens, and the line `listening {port}` on stdout
 * says it is ready. Run with `node tests/helpers/api-server.ts` (see ./child-server.ts).
 */
import { createAppContext } from "../../server/bootstrap.ts";
import { loadConfig } from "../../server/config.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { startStorageSweeps } from "../../server/storage/sweep.ts";

const config = loadConfig();
const { ctx } = await createAppContext(config);
const sweeps = startStorageSweeps(ctx);
await sweeps.first;
const server = createHttpApp(ctx).listen(config.port, "127.0.0.1", (error?: Error) => {
  if (error) {
    process.stderr.write(`cannot listen: ${error.message}\n`);
    process.exit(1);
  }
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" ? address?.port : ""}\n`);
});
