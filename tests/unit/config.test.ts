import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";

describe("configuration", () => {
  it("has safe defaults", () => {
    const config = loadConfig({ SESSION_SECRET: "x".repeat(32), SEED: "none" }, "/srv/app");
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("/srv/app/data");
    expect(config.filesDir).toBe("/srv/app/data/files");
    expect(config.siteName).toBe("Athenaeum");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminPasscode).toBeUndefined();
    expect(config.maxPdfBytes).toBe(64 * 1024 * 1024);
    expect(config.corpusDir).toBeUndefined();
  });

  it("stops on an invalid value with one line naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });

  it("turns the seed off with SEED=none", () => {
    const config = loadConfig({ SEED: "none", CORPUS_DIR: "/x", SESSION_SECRET: "x".repeat(32) });
    expect(config.corpusDir).toBeUndefined();
  });
});
