/**
 * The client build's files (docs/decisions/106-static-files.md): `/assets/*` and the build's
 * top-level files are served; every other request passes by without looking at the disk.
 */
import fs from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { createTestContext, type TestContext } from "../helpers/context.ts";

let t: TestContext;
let app: Express;
let clientDir: string;

beforeAll(async () => {
  t = await createTestContext();
  clientDir = path.join(t.dataDir, "client");
  await mkdir(path.join(clientDir, "assets"), { recursive: true });
  await writeFile(path.join(clientDir, "favicon.ico"), "icon");
  await writeFile(path.join(clientDir, "assets", "home-abc123.js"), "export {};");
  app = createHttpApp(t.ctx, { clientDir });
});
afterAll(() => t.close());

describe("client build files", () => {
  it("serves hashed assets for a year and top-level files for an hour", async () => {
    const asset = await request(app).get("/assets/home-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await request(app).get("/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers pages and API calls without looking for a file of that name", async () => {
    const stat = vi.spyOn(fs, "stat");
    try {
      expect((await request(app).get("/journals")).status).toBe(404);
      expect((await request(app).get("/api/all_journals")).status).toBe(200);
      expect((await request(app).get("/favicon.ico")).status).toBe(200);
      const looked = stat.mock.calls.map((call) => String(call[0]));
      expect(looked).toEqual([path.join(clientDir, "favicon.ico")]);
    } finally {
      stat.mockRestore();
    }
  });
});
