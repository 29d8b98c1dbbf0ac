import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiGet,
  apiPost,
  apiPostForm,
  apiUrl,
  errorMessage,
  isAbort,
} from "../../app/lib/api.ts";
import { contractPath } from "../../shared/contract.ts";

type Call = { url: string; init: RequestInit };

function stubFetch(answer: () => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("apiUrl", () => {
  it("puts spec paths under /api and keeps /api paths", () => {
    expect(apiUrl("/login")).toBe("/api/login");
    expect(apiUrl("dashboard/all_journals")).toBe("/api/dashboard/all_journals");
    expect(apiUrl("/api/publication_action/1/publish")).toBe("/api/publication_action/1/publish");
    expect(apiUrl("/apiary")).toBe("/api/apiary");
  });

  it("refuses URLs of other sites", () => {
    expect(() => apiUrl("https://evil.example/x")).toThrow();
    expect(() => apiUrl("//evil.example/x")).toThrow();
    expect(() => apiUrl("javascript:alert(1)")).toThrow();
  });
});

describe("calls", () => {
  it("GETs with the cookie and answers the envelope with its payload", async () => {
    const calls = stubFetch(() => json(200, { status: 1, msg: "OK", journals: [{ id: 1 }] }));
    const answer = await apiGet("/all_journals", "Page Not Loading");
    // the stub's rows are not JournalCards: the test checks what was sent and passed on
    expect(answer.journals as unknown).toEqual([{ id: 1 }]);
    expect(calls[0]!.url).toBe("/api/all_journals");
    expect(calls[0]!.init.credentials).toBe("include");
    expect(calls[0]!.init.method).toBe("GET");
  });

  it("POSTs JSON", async () => {
    const calls = stubFetch(() => json(200, { status: 1, msg: "Signed in." }));
    await apiPost("/login", { email: "a@b.org", pword: "x" }, "Login failed");
    expect(calls[0]!.init.method).toBe("POST");
    expect(new Headers(calls[0]!.init.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ email: "a@b.org", pword: "x" });
  });

  it("POSTs FormData as it is, leaving the multipart boundary to the browser", async () => {
    const calls = stubFetch(() => json(200, { status: 1, msg: "Created." }));
    const form = new FormData();
    form.append("editors[0][name]", "Ada");
    await apiPostForm("/create_publication/j", form, "Publication Submission failed");
    expect(calls[0]!.init.body).toBe(form);
    expect(new Headers(calls[0]!.init.headers).has("content-type")).toBe(false);
  });

  it("calls an api-type action link the server sent by GET, once checked against the contract", async () => {
    const calls = stubFetch(() => json(200, { status: 1, msg: "Done." }));
    const link = "/publication_action/plos-one/3/unpublish";
    await apiGet(contractPath("GET", link), "Something went wrong.");
    await apiGet(contractPath("GET", `/api${link}`), "Something went wrong.");
    expect(calls.map((c) => c.url)).toEqual([`/api${link}`, `/api${link}`]);
    expect(calls[0]!.init.method).toBe("GET");
    // a link that is no GET call of the contract is never sent
    for (const bad of ["/publication_action/3/unpublish", "/delete_partner/3", "/login", ""]) {
      expect(() => contractPath("GET", bad), bad).toThrow(/Not a GET call of the API contract/);
    }
    expect(calls).toHaveLength(2);
  });
});

describe("failures", () => {
  it("carries the server's msg, errors and HTTP status", async () => {
    stubFetch(() =>
      json(400, { status: 0, msg: "Passwords you entered do not match!", errors: { cpword: "x" } }),
    );
    const fields = { fname: "A", lname: "B", phone: "12345", email: "a@b.org" };
    const body = { ...fields, pword: "x", cpword: "y", admincode: "c" };
    const error = await apiPost("/register", body, "Registration failed").catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("Passwords you entered do not match!");
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ cpword: "x" });
  });

  it("treats status 0 in a 200 answer as a failure", async () => {
    stubFetch(() => json(200, { status: 0, msg: "Not allowed." }));
    await expect(apiGet("/all_journals", "Page Not Loading")).rejects.toMatchObject({
      message: "Not allowed.",
      status: 200,
    });
  });

  it("uses the caller's default message when the server gives none", async () => {
    stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(apiPost("/login", { email: "", pword: "" }, "Login failed")).rejects.toMatchObject(
      {
        message: "Login failed",
        status: 502,
      },
    );
    stubFetch(() => json(401, { status: 0, msg: "" }));
    const error = await apiGet("/dashboard/admin_nav_items", "Menu Not Loading").catch((e) => e);
    expect(error.message).toBe("Menu Not Loading");
    expect(error.unauthorised).toBe(true);
  });

  it("turns a network failure into the default message with status 0", async () => {
    stubFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    const error = await apiGet("/all_journals", "Page Not Loading").catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(errorMessage(error, "unused")).toBe("Page Not Loading");
  });

  it("lets an aborted call reject with the AbortError itself", async () => {
    const controller = new AbortController();
    stubFetch(() => {
      controller.abort();
      throw new DOMException("The operation was aborted.", "AbortError");
    });
    const error = await apiGet("/all_journals", "Page Not Loading", {
      signal: controller.signal,
    }).catch((e) => e);
    expect(isAbort(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it("errorMessage falls back for errors that are not API errors", () => {
    expect(errorMessage(new Error("boom"), "Something went wrong.")).toBe("Something went wrong.");
  });
});
