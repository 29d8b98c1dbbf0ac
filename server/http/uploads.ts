/**
 * Multipart bodies of the dashboard forms (spec section 7: covers, logos, paper PDFs). Files stay
 * in memory until a service has checked them by content (DESIGN section 4); nothing is written
 * to disk before that. Bracket field names (`editors[0][name]`, `authors[1][email]`) arrive in
 * `req.body` as arrays of objects, the shape the shared zod schemas parse.
 *
 * Limits: one file per named field, `config.maxPdfBytes` per file (images are held to their own
 * 5 MB limit by the image service), 100 kB per text field, 1000 fields. A larger file is a 413.
 */
import type { Request, RequestHandler } from "express";
import multer from "multer";
import type { AppContext } from "../services/context.ts";

/** Middleware parsing a multipart body whose files are the given field names. */
export function multipart(ctx: AppContext, fileFields: readonly string[]): RequestHandler {
  return multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: ctx.config.maxPdfBytes,
      files: fileFields.length,
      fields: 1000,
      fieldSize: 100 * 1024,
      parts: 1000 + fileFields.length,
    },
  }).fields(fileFields.map((name) => ({ name, maxCount: 1 })));
}

/** The bytes of the uploaded file named `field`, or undefined when none (or an empty one) came. */
export function uploadedFile(req: Request, field: string): Uint8Array | undefined {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  const file = files?.[field]?.[0];
  return file && file.size > 0 ? new Uint8Array(file.buffer) : undefined;
}
