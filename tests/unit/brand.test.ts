/**
 * server/brand.ts: errors made by the bootstrap's copy of a module are recognised by the site's
 * copy (docs/decisions/235-one-server-module-graph.md), the way two module instances would see them.
 */
import { describe, expect, it } from "vitest";
import { brandClass, processWide } from "../../server/brand.ts";

/** What each copy of a module defining the error would do. */
function copyOfModule() {
  class TestStorageError extends Error {}
  brandClass(TestStorageError, "TestStorageError");
  class Detail extends TestStorageError {}
  return { TestStorageError, Detail };
}

describe("brandClass", () => {
  it("counts an instance of another copy of the class", () => {
    const bootstrap = copyOfModule();
    const site = copyOfModule();
    expect(new bootstrap.TestStorageError("disk full")).toBeInstanceOf(site.TestStorageError);
    expect(new bootstrap.Detail("disk full")).toBeInstanceOf(site.TestStorageError);
  });

  it("keeps other errors and subclasses apart", () => {
    const { TestStorageError, Detail } = copyOfModule();
    expect(new Error("other")).not.toBeInstanceOf(TestStorageError);
    expect((null as unknown as object) instanceof TestStorageError).toBe(false);
    expect(new TestStorageError("base")).not.toBeInstanceOf(Detail);
    expect(new Detail("sub")).toBeInstanceOf(Detail);
  });
});

describe("processWide", () => {
  it("gives every caller the value the first one made", () => {
    const first = processWide("test.map", () => new Map<string, number>());
    first.set("a", 1);
    expect(processWide("test.map", () => new Map<string, number>()).get("a")).toBe(1);
  });
});
