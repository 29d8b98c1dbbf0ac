/**
 * Files in an S3-compatible bucket (issue 19, decision 295): `STORAGE_URL=s3://BUCKET[/prefix]`
 * through the AWS SDK for JavaScript v3, configured by the SDK's standard variables plus
 * `S3_ENDPOINT` and `S3_FORCE_PATH_STYLE=1` for stores other than AWS (server/config.ts).
 *
 * - Writes go through `@aws-sdk/lib-storage`'s `Upload`: one PUT for a small file, a multipart
 *   upload in 8 MB parts for a large one; an S3 object appears whole or not at all, so there are
 *   no temp objects. A multipart upload a crash leaves unfinished is an entry the sweep aborts.
 * - Each object carries the base64url SHA-256 of its bytes in its metadata (`x-amz-meta-sha256`),
 *   so galleys keep the strong ETag they have on disk (server/features/files/pdf-etag.ts) without a read.
 * - Multipart bodies still arrive in the local `{filesDir}/.uploads/` folder (server/http/uploads.ts),
 *   listed among the entries so the sweep removes what a crash leaves there.
 * - A store that refuses (403, a missing bucket), cannot be reached, or answers 5xx is a
 *   StorageError `unavailable` (503 + Retry-After); 507 and quota or size refusals are `no_space`.
 *   Every call is a new request, so the site recovers by itself when the store is back.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Config } from "../config.ts";
import { IMAGE_TYPES } from "./content-type.ts";
import type { ByteRange, Storage, StorageEntry } from "./storage.ts";
import { assertKey, localEntries, UPLOADS_FOLDER } from "./storage.ts";
import { StorageError, type StorageErrorKind } from "./storage-error.ts";

/** Part size of multipart uploads (S3's minimum is 5 MB). */
const PART_BYTES = 8 * 1024 * 1024;
/** Seconds a presigned galley URL stays valid (`S3_PRESIGN=1`). */
export const PRESIGN_SECONDS = 300;

const NO_SPACE_CODES = new Set(["EntityTooLarge", "QuotaExceeded", "XMinioStorageFull"]);

/** Content type of a stored key, by the extension the application gave it. */
function contentTypeOf(key: string): string {
  if (key.endsWith(".pdf")) return "application/pdf";
  for (const [mime, ext] of Object.entries(IMAGE_TYPES)) if (key.endsWith(ext)) return mime;
  return "application/octet-stream";
}

/** `"base64url SHA-256"` of `data`, the strong ETag of server/features/files/pdf-etag.ts. */
export function sha256Etag(data: Uint8Array): string {
  return `"${createHash("sha256").update(data).digest("base64url")}"`;
}

type SdkError = Error & { code?: string; $metadata?: { httpStatusCode?: number } };

function isSdkError(error: unknown): error is SdkError {
  return error instanceof Error;
}

/** HTTP status of an SDK error's response, or undefined when no response came. */
function statusOf(error: unknown): number | undefined {
  return isSdkError(error) ? error.$metadata?.httpStatusCode : undefined;
}

function isNotFound(error: unknown): boolean {
  return (
    isSdkError(error) &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || statusOf(error) === 404)
  );
}

/**
 * `error` of an S3 call as a StorageError: no answer at all (refused, reset, timed out, name not
 * found), 403, 5xx and a missing bucket are `unavailable`; 507 and size or quota refusals
 * `no_space`. Anything else (a bug, 400) is returned unchanged.
 */
export function asS3StorageError(error: unknown, where: string): unknown {
  if (!isSdkError(error) || error instanceof StorageError) return error;
  const status = statusOf(error);
  const code = error.code ?? error.name;
  let kind: StorageErrorKind | undefined;
  if (status === 507 || NO_SPACE_CODES.has(code)) kind = "no_space";
  else if (
    status === undefined ||
    status === 403 ||
    status >= 500 ||
    code === "NoSuchBucket" ||
    error.name === "TimeoutError"
  )
    kind = "unavailable";
  return kind ? new StorageError(kind, where, code, error) : error;
}

/** The `ENOENT` error callers of {@link Storage.read} and {@link Storage.open} expect. */
function missing(key: string, cause: unknown): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored file ${key}`, { cause }), { code: "ENOENT" });
}

/**
 * The bucket of `s3` as a {@link Storage}; `spoolDir` is the local folder holding `.uploads/`.
 * The client is built here, once; nothing is sent until the first call.
 */
export function createS3Storage(s3: S3Config, spoolDir: string): Storage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // an unreachable store answers 503 in seconds, not after the OS's connect timeout
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
    maxAttempts: 2,
  });
  const Bucket = s3.bucket;
  const base = s3.prefix ? `${s3.prefix}/` : "";
  const objectKey = (key: string) => {
    assertKey(key);
    return `${base}${key}`;
  };
  const location = `s3://${s3.bucket}${s3.prefix ? `/${s3.prefix}` : ""}`;
  const where = (key: string) => `${location}/${key}`;

  async function* objects(): AsyncGenerator<StorageEntry> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: base, ContinuationToken }),
      );
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        const Key = o.Key;
        yield {
          name: Key.slice(base.length),
          size: o.Size ?? 0,
          modified: o.LastModified ?? new Date(0),
          partial: false,
          etag: o.ETag,
          remove: async () => {
            await client.send(new DeleteObjectCommand({ Bucket, Key }));
          },
        };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function* unfinishedUploads(): AsyncGenerator<StorageEntry> {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await client.send(
          new ListMultipartUploadsCommand({ Bucket, Prefix: base, KeyMarker, UploadIdMarker }),
        );
      } catch (error) {
        // stores without the call (s3rver): a lifecycle rule AbortIncompleteMultipartUpload
        // is then the only cleaner of unfinished uploads (docs/deployment.md, decision 295)
        if (statusOf(error) === 501) return;
        throw error;
      }
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId) continue;
        const { Key, UploadId } = u;
        yield {
          name: Key.slice(base.length),
          size: 0,
          modified: u.Initiated ?? new Date(0),
          partial: true,
          remove: async () => {
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
          },
        };
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
  }

  return {
    kind: "s3",
    location,
    root: spoolDir,
    uploadsDir: `${spoolDir}/${UPLOADS_FOLDER}`,
    absolutePath: null,
    async put(key, data) {
      const Key = objectKey(key);
      try {
        await new Upload({
          client,
          params: {
            Bucket,
            Key,
            Body: data,
            ContentType: contentTypeOf(key),
            Metadata: { sha256: sha256Etag(data).slice(1, -1) },
          },
          partSize: PART_BYTES,
          queueSize: 2,
          leavePartsOnError: false,
        }).done();
      } catch (error) {
        throw asS3StorageError(error, where(key));
      }
    },
    async read(key) {
      const stream = await this.open(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    },
    async open(key, range?: ByteRange) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(res.Body instanceof Readable)) throw new Error("S3 answered without a body stream");
        return res.Body;
      } catch (error) {
        if (isNotFound(error)) throw missing(key, error);
        throw asS3StorageError(error, where(key));
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        const sha = head.Metadata?.sha256;
        return {
          size: head.ContentLength ?? 0,
          modified: head.LastModified ?? new Date(0),
          sha256Etag: sha ? `"${sha}"` : undefined,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw asS3StorageError(error, where(key));
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        throw asS3StorageError(error, where(key));
      }
    },
    async *entries() {
      try {
        yield* objects();
        yield* unfinishedUploads();
      } catch (error) {
        throw asS3StorageError(error, location);
      }
      for await (const entry of localEntries(spoolDir)) {
        // only the spool's uploads: files of an earlier local storage are not the bucket's
        if (entry.name.startsWith(`${UPLOADS_FOLDER}/`)) yield entry;
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw asS3StorageError(error, location);
      }
    },
    presign: s3.presign
      ? (key, headers) =>
          getSignedUrl(
            client,
            new GetObjectCommand({
              Bucket,
              Key: objectKey(key),
              ResponseContentType: headers.contentType,
              ResponseContentDisposition: headers.contentDisposition,
              ResponseCacheControl: "private, max-age=60",
            }),
            { expiresIn: PRESIGN_SECONDS },
          )
      : null,
  };
}
