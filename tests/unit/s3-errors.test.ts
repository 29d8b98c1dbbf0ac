/**
 * How a bucket's failures become HTTP answers (decision 295): a store that cannot be reached,
 * refuses (403) or fails (5xx) is `unavailable` (503 + Retry-After), a full store or a refused
 * size is `no_space` (507), and a request the store finds wrong (400) stays a bug (500).
 */
import { describe, expect, it } from "vitest";
import { asS3StorageError } from "../../server/storage/s3-storage.ts";
import { StorageError } from "../../server/storage/storage-error.ts";

/** An error shaped as the AWS SDK throws them. */
function sdkError(name: string, status?: number, code?: string): Error {
  return Object.assign(new Error(name), {
    name,
    ...(code ? { code } : {}),
    ...(status ? { $metadata: { httpStatusCode: status } } : { $metadata: {} }),
  });
}

describe("S3 errors as storage errors", () => {
  it.each([
    ["connection refused (no answer)", sdkError("Error", undefined, "ECONNREFUSED")],
    ["timed out", sdkError("TimeoutError")],
    ["access denied", sdkError("AccessDenied", 403)],
    ["a missing bucket", sdkError("NoSuchBucket", 404)],
    ["a 503 SlowDown", sdkError("SlowDown", 503)],
    ["an internal error", sdkError("InternalError", 500)],
  ])("%s is unavailable (503)", (_what, error) => {
    const mapped = asS3StorageError(error, "s3://bucket/papers/x.pdf");
    expect(mapped).toBeInstanceOf(StorageError);
    expect(mapped).toMatchObject({ kind: "unavailable", path: "s3://bucket/papers/x.pdf" });
  });

  it.each([
    ["a 507", sdkError("InsufficientStorage", 507)],
    ["EntityTooLarge", sdkError("EntityTooLarge", 400)],
    ["a quota", sdkError("QuotaExceeded", 403)],
  ])("%s is no space (507)", (_what, error) => {
    expect(asS3StorageError(error, "s3://bucket/k")).toMatchObject({ kind: "no_space" });
  });

  it("leaves a request the store finds wrong as it is", () => {
    const error = sdkError("InvalidArgument", 400);
    expect(asS3StorageError(error, "s3://bucket/k")).toBe(error);
  });
});
