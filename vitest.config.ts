import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// The child servers (tests/helpers/child-server.ts), the CLI runs and the packages the workers
// load keep their compiled code (and Node's type-stripped TypeScript) between processes: a child
// server's start costs about a third less CPU (docs/performance.md, "Test run").
process.env.NODE_COMPILE_CACHE ??= path.resolve(
  import.meta.dirname,
  "node_modules/.cache/node-compile-cache",
);

// Kept apart from vite.config.ts so the React Router plugin does not load and the Playwright
// specs under tests/e2e are not collected.
export default defineConfig({
  test: {
    // unit/: no database; db/: services and migrations on the database; api/: over HTTP
    include: ["tests/unit/**/*.test.ts", "tests/db/**/*.test.ts", "tests/api/**/*.test.ts"],
    environment: "node",
    // the default report, then the run's wall clock and CPU time and the slowest files (decision 290)
    reporters: ["default", "./tests/reporters/file-timings.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Decision 290: every core runs test files (Vitest's default leaves one to itself, which on
    // two cores ran the files one after another), and a worker keeps the modules it loaded
    // for the next file instead of importing express, kysely, React Router... again per file.
    // Decision 374: one worker more than the cores, as a file often waits on its child servers,
    // PostgreSQL or pdftotext (on 2 cores: 1 min 43 s instead of 1 min 53 s).
    // So a file must leave no process-wide state behind: environment variables, fake timers
    // and spies are restored in its own afterAll/afterEach.
    maxWorkers: Math.max(2, availableParallelism()) + 1,
    isolate: false,
    // one migrated database per run, copied by every test context (decision 290)
    globalSetup: ["tests/setup/template-database.ts"],
    // Cheap password hashes (decision 230): read by tests/helpers/context.ts and inherited by
    // the child servers; tests/db/passwords.test.ts checks production's cost on its own.
    env: { PASSWORD_SCRYPT_COST: "10" },
  },
});
