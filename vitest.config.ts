import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin does not load and the Playwright
// specs under tests/e2e are not collected.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Cheap password hashes (decision 230): read by tests/helpers/context.ts and inherited by
    // the child servers; tests/unit/passwords.test.ts checks production's cost on its own.
    env: { PASSWORD_SCRYPT_COST: "10" },
  },
});
