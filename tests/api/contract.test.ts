/**
 * The server answers every call of the API contract (shared/contract.ts, decision 211) at its
 * path: none falls through to 'No such API call.'. And the route number rule (decision 210)
 * holds on the API as on the pages: a volume, issue or id with a leading zero or of ten digits
 * is the call's 404, the same as an unknown one. And every `/api` route the server mounts is a
 * call of the contract: of `API`, or of the calls outside the envelope (shared/file-calls.ts,
 * issue 35), which answer as the contract says.
 */
import type { Router } from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApiRouter } from "../../server/api/index.ts";
import { API, type CallKey, templateOf } from "../../shared/contract.ts";
import { FILE_CALLS, fileCallAt, pathOfFile } from "../../shared/file-calls.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext();

/** A concrete path of `key`: each parameter given a value its rule accepts. */
function samplePath(key: CallKey): string {
  return templateOf(key).replace(/:(\w+)/g, (_m, name: string) =>
    /^(journalUrl|journal)$/.test(name) ? "ethics-review" : name === "slug" ? "a-slug" : "1",
  );
}

/** `METHOD path` of every route of `router` and of the routers mounted in it. */
function routesOf(router: Router): string[] {
  const found: string[] = [];
  for (const layer of router.stack as unknown as {
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: unknown };
  }[]) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        found.push(`${method.toUpperCase()} ${layer.route.path}`);
      }
    } else if (layer.handle?.stack) found.push(...routesOf(layer.handle as unknown as Router));
  }
  return found;
}

describe(`API contract on ${dialectUnderTest}`, () => {
  it("has every /api route the server mounts in the contract", () => {
    const routes = routesOf(createApiRouter(t.ctx));
    expect(routes.length).toBeGreaterThan(50);
    const outside = routes.filter((route) => {
      const [method, path] = route.split(" ") as [string, string];
      return !(route in API) && !(`${method} /api${path}` in FILE_CALLS);
    });
    expect(outside, "routes under /api that are not calls of the contract").toEqual([]);
  });

  it("answers the calls outside the envelope as the contract says", async () => {
    const paper = t.seed.paperWithPdfId;
    const url = pathOfFile("GET /journal/:journalUrl/:paper/citations.json", {
      journalUrl: "ethics-review",
      paper,
    });
    expect(fileCallAt("GET", url)).toBe("GET /journal/:journalUrl/:paper/citations.json");
    const refs = await request(t.app).get(url);
    expect(refs.status).toBe(200);
    expect(refs.body.styles.map((s: { key: string }) => s.key)).toContain("apa");
    for (const style of refs.body.styles) {
      expect(Object.keys(style).sort()).toEqual(["key", "label", "text"]);
    }
    // a download for signed-in managers: without a session, the envelope's refusal, not a 404
    const csv = await request(t.app).get(pathOfFile("GET /api/dashboard/statistics_csv"));
    expect(csv.body.msg).not.toBe("No such API call.");
    expect(csv.status).toBe(401);
  });

  it("has a handler for every call at its contract path", async () => {
    for (const key of Object.keys(API) as CallKey[]) {
      const path = `/api${samplePath(key)}`;
      const res = key.startsWith("GET ")
        ? await request(t.app).get(path)
        : await request(t.app).post(path).send({});
      expect(res.body.msg, `${key} → ${res.status}`).not.toBe("No such API call.");
      expect(typeof res.body.status, key).toBe("number");
    }
  });

  it("answers a number breaking the route rule as the call's 404", async () => {
    const paper = { id: t.seed.paperWithPdfId };
    const good = await request(t.app).get(`/api/get_journal_paper/ethics-review/${paper.id}`);
    expect(good.status).toBe(200);
    for (const bad of [`0${paper.id}`, "0", "1234567890"]) {
      const res = await request(t.app).get(`/api/get_journal_paper/ethics-review/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.body.msg).toBe("No such paper in this journal.");
    }
    const issue = await request(t.app).get("/api/get_publication/ethics-review/01/1");
    expect(issue.status).toBe(404);
    expect(issue.body.msg).toBe("No issue Vol. 01 No. 1 in this journal.");
  });
});
