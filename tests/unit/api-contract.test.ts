/**
 * The typed API contract (shared/contract.ts, decision 211) bites: the `@ts-expect-error` lines
 * below are checked by `npm run typecheck`, which fails if any of them stops being an error (a
 * wrong path, a wrong field, a wrong answer type compiling). At run time, the route number rule
 * (decision 210) and the contract's own consistency.
 */
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { formAction, mirrorAction } from "../../app/components/dashboard/form-action.ts";
import { apiGet, apiPost, apiPostForm } from "../../app/lib/api.ts";
import { screenLoader } from "../../app/lib/dashboard-load.ts";
import { toFormData } from "../../app/lib/form-data.ts";
import type { JournalDetail, PaperDetail, PaperEdit, PublicationOption } from "../../shared/api.ts";
import {
  API,
  contractPath,
  type ParamNames,
  pathOf,
  type TemplateOf,
  templateOf,
} from "../../shared/contract.ts";
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

describe("no call escapes the contract (decision 291)", () => {
  it("takes no answer type and no unchecked path from the caller", async () => {
    ok();
    // @ts-expect-error a caller cannot name the answer type (and so skip the path check)
    await apiGet<{ journals: JournalDetail[] }>("/all_journals", "Page Not Loading");
    const somePath: string = "/all_journals";
    // @ts-expect-error a path typed only `string` is not a path of the contract
    await apiGet(somePath, "Page Not Loading");
    // @ts-expect-error nor for a POST
    await apiPost(somePath, {}, "failed");
    // @ts-expect-error nor for a multipart POST
    await apiPostForm(somePath, new FormData(), "failed");
    // a path known only at run time is checked against the contract first
    await apiGet(contractPath("GET", somePath), "Page Not Loading");
    expect(() => contractPath("GET", "/get_jornal/plos-one")).toThrow(/Not a GET call/);
  });

  it("builds paths from a contract key and the parameters it names", async () => {
    ok();
    const path = pathOf("GET /get_paper/:journal/:paper", { journal: "a b", paper: 7 });
    expect(path).toBe("/get_paper/a%20b/7");
    const { paper } = await apiGet(path, "failed");
    expectTypeOf(paper).toEqualTypeOf<PaperEdit>();
    // the key decides where the path alone matches two calls (`/get_publications/:journal`)
    const options = pathOf("GET /get_publications/:journalUrl/Y", { journalUrl: "plos-one" });
    const { publications } = await apiGet(options, "failed");
    expectTypeOf(publications).toEqualTypeOf<PublicationOption[]>();
    // type checks only (each would also throw at run time)
    const refused = () => [
      // @ts-expect-error the call's parameter is `paper`, not `id`
      pathOf("GET /get_paper/:journal/:paper", { journal: "j", id: 7 }),
      // @ts-expect-error not a call of the contract
      pathOf("GET /get_papers/:journal", { journal: "j" }),
    ];
    expect(refused).toBeTypeOf("function");
    expect(() => pathOf("GET /get_paper/:journal/:paper", { journal: "j", paper: "" })).toThrow();
  });

  it("types the dashboard's loads and form actions by the contract too", () => {
    screenLoader(async (get) => {
      // @ts-expect-error a screen loads only paths of the contract
      await get("/dashboard/all_journal");
      // @ts-expect-error and names no answer type
      await get<{ journals: JournalDetail[] }>("/dashboard/all_journals");
      return (await get("/dashboard/all_journals")).journals;
    });
    // @ts-expect-error a form posts only to a POST call of the contract
    formAction(() => ({ path: "/edit_jornal/1", failure: "failed" }));
    // @ts-expect-error a row action GETs only a GET call
    formAction(() => ({ path: "/edit_journal/1", failure: "failed", method: "GET" }));
    formAction(() => ({ path: "/edit_journal/1", failure: "failed" }));
    // @ts-expect-error a mirrored screen names its POST call by its contract key
    mirrorAction("edit_paper", "failed");
    // @ts-expect-error a GET call is no form's action
    mirrorAction("GET /get_paper/:journal/:paper", "failed");
    mirrorAction("POST /edit_paper/:journal/:paper", "failed");
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
