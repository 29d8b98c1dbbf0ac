import { afterEach, describe, expect, it, vi } from "vitest";
import { formAction, mirrorAction } from "../../app/components/dashboard/form-action.ts";
import {
  IMAGE_ACCEPT,
  imageFileProblem,
  MAX_IMAGE_BYTES,
} from "../../app/components/dashboard/image-file-field.tsx";
import { uriFromName } from "../../app/components/dashboard/journal-fields.tsx";
import { applyServerErrors } from "../../app/components/dashboard/server-errors.ts";
import { ApiError } from "../../app/lib/api.ts";
import { screenLoader } from "../../app/lib/dashboard-load.ts";
import { MAX_IMAGE_BYTES as SERVER_MAX_IMAGE_BYTES } from "../../server/services/images.ts";
import { JOURNAL_URI_PATTERN } from "../../shared/constants.ts";
import { journalUriSchema } from "../../shared/schemas.ts";

describe("the Journal URI offered from the name", () => {
  it.each([
    ["Journal of Applied Ethics", "journal-of-applied-ethics"],
    ["  Études Françaises: Revue  ", "etudes-francaises-revue"],
    ["PLOS ONE", "plos-one"],
    ["2049: A Journal", "2049-a-journal"],
    ["—", ""],
    ["", ""],
  ])("%j → %j", (name, uri) => {
    expect(uriFromName(name)).toBe(uri);
  });

  it("always satisfies the slug rule and the schema, however long the name", () => {
    const uri = uriFromName(`The ${"Very ".repeat(40)}Long Journal`);
    expect(uri.length).toBeLessThanOrEqual(60);
    expect(uri).toMatch(JOURNAL_URI_PATTERN);
    expect(journalUriSchema.safeParse(uri).success).toBe(true);
  });
});

describe("image files checked in the browser before sending", () => {
  const file = (type: string, size: number, name = "cover") =>
    new File([new Uint8Array(size)], name, { type });

  it("accepts the image types of docs/product/files.md up to the server's limit", () => {
    expect(MAX_IMAGE_BYTES).toBe(SERVER_MAX_IMAGE_BYTES);
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]) {
      expect(IMAGE_ACCEPT).toContain(type);
      expect(imageFileProblem(file(type, 1000))).toBeNull();
    }
    expect(imageFileProblem(file("image/png", MAX_IMAGE_BYTES))).toBeNull();
  });

  it("refuses other types, empty files and files over 5 MB", () => {
    expect(imageFileProblem(file("application/pdf", 1000))).toBe(
      "Choose a JPEG, PNG, WebP, GIF or AVIF image.",
    );
    expect(imageFileProblem(file("image/svg+xml", 1000))).not.toBeNull();
    expect(imageFileProblem(file("image/png", MAX_IMAGE_BYTES + 1))).toMatch(/at most 5 MB/);
    expect(imageFileProblem(file("image/png", 0))).toMatch(/empty/);
  });

  it("falls back to the extension when the system reports no type", () => {
    expect(imageFileProblem(file("", 10, "logo.JPG"))).toBeNull();
    expect(imageFileProblem(file("", 10, "setup.exe"))).not.toBeNull();
  });
});

describe("server field messages", () => {
  it("go to the form's own fields; the others (files, lists) are returned", () => {
    const set: Record<string, string> = {};
    const error = new ApiError("Invalid", 400, {
      issn: "Enter a valid ISSN such as 2049-3630.",
      cover_img: "Choose a cover image.",
      "editors.0.role": "Enter each editor's role, such as Editor.",
    });
    const rest = applyServerErrors(error, ["issn", "journal_uri"] as const, (name, e) => {
      set[name] = e.message;
    });
    expect(set).toEqual({ issn: "Enter a valid ISSN such as 2049-3630." });
    expect(rest).toEqual({
      cover_img: "Choose a cover image.",
      "editors.0.role": "Enter each editor's role, such as Editor.",
    });
    expect(applyServerErrors(new Error("network"), ["issn"] as const, () => {})).toEqual({});
  });
});

describe("a form action's field messages", () => {
  it("go to the form's own fields like those of a failed call", () => {
    const set: Record<string, string> = {};
    const rest = applyServerErrors(
      { doi: "This DOI is already used.", paper_file: "Choose a PDF." },
      ["doi", "title"] as const,
      (name, e) => {
        set[name] = e.message;
      },
    );
    expect(set).toEqual({ doi: "This DOI is already used." });
    expect(rest).toEqual({ paper_file: "Choose a PDF." });
  });
});

/** Answers every fetch with `body` and `status`, and records the calls. */
function stubApi(body: object, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status });
  });
  return calls;
}

const multipart = (url: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return new Request(url, { method: "POST", body: form });
};

describe("dashboard form actions (decision 215)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("post a screen's form to the API path mirroring its address, without the intent", async () => {
    const calls = stubApi({ status: 1, msg: "Paper Updated Successfully.", paperID: 7 });
    const action = mirrorAction("POST /edit_paper/:journal/:paper", "Paper Update failed");
    const request = multipart("http://x/dashboard/edit_paper/plos-one/7", {
      intent: "paper",
      title: "On Light",
    });
    const result = await action({ request, params: { journal: "plos-one", paper: "7" } });
    expect(result).toMatchObject({ ok: true, msg: "Paper Updated Successfully.", paperID: 7 });
    expect(calls[0]!.url).toBe("/api/edit_paper/plos-one/7");
    const sent = calls[0]!.init.body as FormData;
    expect(sent.get("title")).toBe("On Light");
    expect(sent.has("intent")).toBe(false);
  });

  it("answer a failure with the server's msg, field messages and status, so nothing reloads", async () => {
    stubApi({ status: 0, msg: "This DOI is already used.", errors: { doi: "Taken." } }, 409);
    const action = mirrorAction("POST /create_paper/:journal", "Paper Submission failed");
    const request = multipart("http://x/dashboard/paper_submission/plos-one", { intent: "paper" });
    const answer = (await action({ request, params: { journal: "plos-one" } })) as unknown as {
      data: unknown;
      init: { status: number };
    };
    expect(answer.init.status).toBe(409);
    expect(answer.data).toEqual({
      ok: false,
      msg: "This DOI is already used.",
      errors: { doi: "Taken." },
    });
  });

  it("send JSON forms as JSON to the call their intent names, with the screen's default message", async () => {
    const calls = stubApi({}, 500);
    const action = formAction((intent) => ({
      path: intent === "password" ? "/change_password" : "/update_account",
      failure: "Something went wrong.",
      reloadOnFailure: true,
    }));
    const request = new Request("http://x/dashboard/account", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "name", fname: "Ada", lname: "Lovelace" }),
    });
    const result = await action({ request });
    expect(calls[0]!.url).toBe("/api/update_account");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ fname: "Ada", lname: "Lovelace" });
    // reloadOnFailure: a plain answer, so the list reloads
    expect(result).toEqual({ ok: false, msg: "Something went wrong.", errors: {} });
  });
});

describe("dashboard screen loads (decision 215)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answer the data, or throw the server's msg as a route error", async () => {
    const load = screenLoader(async (get) => (await get("/dashboard/partners")).partners.length);
    expect(load.hydrate).toBe(true);
    stubApi({ status: 1, msg: "", partners: [{}, {}, {}] });
    await expect(load({ request: new Request("http://x/") })).resolves.toBe(3);
    stubApi({ status: 0, msg: "Not yours." }, 403);
    await expect(load({ request: new Request("http://x/") })).rejects.toMatchObject({
      data: "Not yours.",
      init: { status: 403 },
    });
  });
});

describe("dashboard form modules", () => {
  // Each derives its fields' schema from the server's when it loads; zod throws there (and every
  // page of the server bundle answers 500) when a derived schema is refined, e.g. `.omit` on a
  // `.superRefine`d object.
  const modules = {
    "paper-form": () => import("../../app/components/dashboard/paper-form.tsx"),
    "publication-form": () => import("../../app/components/dashboard/publication-form.tsx"),
    "proceeding-form": () => import("../../app/components/dashboard/proceeding-form.tsx"),
    "journal-fields": () => import("../../app/components/dashboard/journal-fields.tsx"),
    "partner-form": () => import("../../app/components/dashboard/partner-form.tsx"),
  };
  it.each(Object.entries(modules))("%s loads", async (_, load) => {
    await expect(load()).resolves.toBeDefined();
  });
});
