import { describe, expect, it } from "vitest";
import {
  IMAGE_ACCEPT,
  imageFileProblem,
  MAX_IMAGE_BYTES,
} from "../../app/components/dashboard/image-file-field.tsx";
import { uriFromName } from "../../app/components/dashboard/journal-fields.tsx";
import { applyServerErrors } from "../../app/components/dashboard/server-errors.ts";
import { ApiError } from "../../app/lib/api.ts";
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
