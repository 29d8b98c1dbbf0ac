/**
 * The server answers every call of the API contract (shared/contract.ts, decision 211) at its
 * path: none falls through to 'No such API call.'. And the route number rule (decision 210)
 * holds on the API as on the pages: a volume, issue or id with a leading zero or of ten digits
 * is the call's 404, the same as an unknown one.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { API, type CallKey, templateOf } from "../../shared/contract.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext();

/** A concrete path of `key`: each parameter given a value its rule accepts. */
function samplePath(key: CallKey): string {
  return templateOf(key).replace(/:(\w+)/g, (_m, name: string) =>
    /^(journalUrl|journal)$/.test(name) ? "ethics-review" : name === "slug" ? "a-slug" : "1",
  );
}

describe(`API contract on ${dialectUnderTest}`, () => {
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
