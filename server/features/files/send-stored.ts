/**
 * Serves a stored file that is not on the local disk (an S3 object, decision 295) with what
 * `send` gives a file on disk: `ETag`, `Last-Modified`, `Accept-Ranges`, 304 on `If-None-Match`
 * or `If-Modified-Since`, 412 on a failed `If-Match`, one `Range` as 206 (several ranges get the
 * whole file, as RFC 9110 section 14.2 allows), 416 for a range past the end, `If-Range`
 * honoured only with the current strong tag (section 13.1.5). The bytes stream from the store
 * (only the asked range is fetched); nothing is held in memory.
 */
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import type { ByteRange, Storage, StoredFile } from "../../storage/storage.ts";

/** Whether `If-Match` (a list of tags or `*`) lets the request go on with `etag`. */
function matches(header: string, etag: string): boolean {
  return header
    .split(",")
    .map((t) => t.trim())
    .some((t) => t === "*" || t === etag);
}

/**
 * Answers `req` with `key` of `storage` (its `stat` given) tagged `etag`, with `headers` besides.
 * Resolves when the answer is sent; a client that goes away mid-body is not an error.
 * @throws what {@link Storage.open} throws before any byte was sent (StorageError, ENOENT).
 */
export async function sendStored(
  storage: Storage,
  key: string,
  stat: StoredFile,
  etag: string,
  req: Request,
  res: Response,
  headers: Record<string, string>,
): Promise<void> {
  res.set(headers);
  res.set("ETag", etag);
  res.set("Last-Modified", stat.modified.toUTCString());
  res.set("Accept-Ranges", "bytes");
  const ifMatch = req.get("If-Match");
  if (ifMatch && !matches(ifMatch, etag)) {
    res.status(412).end();
    return;
  }
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  let range: ByteRange | undefined;
  const ifRange = req.get("If-Range")?.trim();
  if (req.get("Range") && (!ifRange || ifRange === etag)) {
    const parsed = req.range(stat.size, { combine: true });
    if (parsed === -1) {
      res.status(416).set("Content-Range", `bytes */${stat.size}`).end();
      return;
    }
    if (Array.isArray(parsed) && parsed.type === "bytes" && parsed.length === 1) range = parsed[0];
  }
  const length = range ? range.end - range.start + 1 : stat.size;
  if (range) res.status(206).set("Content-Range", `bytes ${range.start}-${range.end}/${stat.size}`);
  res.set("Content-Length", String(length));
  if (req.method === "HEAD" || length === 0) {
    res.end();
    return;
  }
  const body = await storage.open(key, range);
  try {
    await pipeline(body, res);
  } catch (error) {
    // the client went away (ERR_STREAM_PREMATURE_CLOSE): nothing left to answer
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
