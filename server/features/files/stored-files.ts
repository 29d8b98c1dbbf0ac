/**
 * `/files/{key}` from a bucket (decision 295): covers, logos and their WebP derivatives, with the
 * headers the local folder's `express.static` gives them (server/http/app.ts): a year of
 * immutable caching (keys are random and never reused), `nosniff`, a sandboxing CSP and a
 * same-origin resource policy. Range and conditional requests as in ./send-stored.ts; a name
 * that is not a storage key, or without an object, is a 404.
 */
import express, { type Router } from "express";
import { sendNotFoundText } from "../../http/client-errors.ts";
import type { AppContext } from "../../services/context.ts";
import { assertKey } from "../../storage/storage.ts";
import { sendStored } from "./send-stored.ts";

/** Headers of every stored file answer, on disk and in a bucket alike. */
export const STORED_FILE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

function validKey(key: string): boolean {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The router answering `/files/*` (mounted at `/files`) from `ctx.storage`. */
export function storedFilesRouter(ctx: AppContext): Router {
  const router = express.Router();
  router.get("/{*key}", async (req, res, next) => {
    const key = req.path.slice(1);
    try {
      const stat = validKey(key) ? await ctx.storage.stat(key) : null;
      if (!stat) {
        sendNotFoundText(res);
        return;
      }
      // objects this site wrote carry their hash; others get a tag of size and time
      const etag =
        stat.sha256Etag ?? `W/"${stat.size.toString(16)}-${stat.modified.getTime().toString(16)}"`;
      await sendStored(ctx.storage, key, stat, etag, req, res, {
        ...STORED_FILE_HEADERS,
        "Content-Type":
          res.type(key.slice(key.lastIndexOf("."))).get("Content-Type") ??
          "application/octet-stream",
        "Cache-Control": "public, max-age=31536000, immutable",
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
