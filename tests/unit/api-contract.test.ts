/**
 * The typed API contract (shared/contract.ts, decision 211) bites: the `@ts-expect-error` lines
 * below are checked by `npm run typecheck`, which fails if any of them stops being an error (a
 * wrong path, a wrong field, a wrong answer type compiling). At run time, the route number rule
 * (decision 210) and the contract's own consistency.
 */
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { apiGet, apiPost, apiPostForm } from "../../app/lib/api.ts";
import { toFormData } from "../../app/lib/form-data.ts";
import type { JournalDetail, PaperDetail } from "../../shared/api.ts";
import { API, type ParamNames, type TemplateOf, templateOf } from "../../shared/contract.ts";
import {
  canonicalNumber,
  parseRouteParam,
  ROUTE_NUMBER_PATTERN,
  routeId,
  routeNumberText,
} from "../../shared/route-params.ts";

afterEach(() => vi.unstubAllGlobals());

const ok = () =>
  vi.stubGlobal(
    "fetch",
    async () =>
      new Response(JSON.stringify({ status: 1, msg: "OK" }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
  );

describe("the browser's client is typed by the contract", () => {
  it("answers the contract's payload for a literal or template path", async () => {
    ok();
    const uri = "plos-one";
    const { journal } = await apiGet(`/get_journal/${uri}`, "Page Not Loading");
    expectTypeOf(journal).toEqualTypeOf<JournalDetail>();
    const { paper } = await apiGet(`/get_journal_paper/${uri}/${7}`, "Page Not Loading");
    expectTypeOf(paper).toEqualTypeOf<PaperDetail>();
    // the stub answered no payload: the types are the contract's, not a check of the server
    expect(paper).toBeUndefined();
  });

  it("refuses a path or a field the contract does not have", async () => {
    ok();
    // @ts-expect-error a misspelt path is not a call of the contract
    await apiGet("/get_jornal/plos-one", "Page Not Loading");
    // @ts-expect-error the sign-in is a POST, not a GET
    await apiGet("/login", "Login failed");
    // @ts-expect-error the sign-in's password field is `pword`
    await apiPost("/login", { email: "a@b.org", password: "secret" }, "Login failed");
    await apiPost("/login", { email: "a@b.org", pword: "secret" }, "Login failed");
    const step2 = { journal_uri: "plos-one", submission_guide: "g" };
    // @ts-expect-error create_journal/2 has no field `journal_url`
    await apiPostForm("/create_journal/2", toFormData({ journal_url: "x" }), "failed");
    await apiPostForm("/create_journal/2", toFormData(step2), "failed");
    const cover_img = new File(["x"], "c.png");
    await apiPostForm("/create_journal/1", toFormData({ journal_name: "J" }, { cover_img }), "x");
    // @ts-expect-error the journal's cover is `cover_img`, its logo field belongs to partners
    await apiPostForm("/create_journal/1", toFormData({}, { logo: cover_img }), "x");
    const { journal_uri } = await apiPostForm("/create_journal/1", new FormData(), "x");
    // @ts-expect-error the answer of create_journal/1 is `journal_uri`, a string
    const wrong: number = journal_uri;
    expect(wrong).toBeUndefined();
  });
});

describe("the contract", () => {
  it("names each template's parameters, and registers each call once", () => {
    const keys = Object.keys(API) as (keyof typeof API)[];
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      const names = [...templateOf(key).matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(API[key].params), key).toEqual(names);
    }
    expectTypeOf<
      ParamNames<TemplateOf<"GET /get_publication/:journalUrl/:volume/:issue">>
    >().toEqualTypeOf<"journalUrl" | "volume" | "issue">();
  });
});

describe("the route number rule (decision 210)", () => {
  it("takes 1 to 9 digits without a leading zero, and not zero", () => {
    for (const good of ["1", "7", "10", "2016", "123456789"]) {
      expect(ROUTE_NUMBER_PATTERN.test(good), good).toBe(true);
      expect(parseRouteParam(routeNumberText, good)).toBe(good);
    }
    expect(parseRouteParam(routeId, "42")).toBe(42);
    for (const bad of ["", "0", "00", "07", "1234567890", "-1", "+1", "1e3", "1.0", " 1", "١"]) {
      expect(parseRouteParam(routeId, bad), JSON.stringify(bad)).toBeNull();
    }
    expect(parseRouteParam(routeId, ["1"])).toBeNull();
  });

  it("stores volume and issue numbers so their URL passes it", () => {
    expect(canonicalNumber("007")).toBe("7");
    expect(canonicalNumber("2016")).toBe("2016");
  });
});
