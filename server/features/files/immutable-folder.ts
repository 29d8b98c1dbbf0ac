/**
 * A folder served as files whose URL never names other content (uploaded files under their
 * content-derived keys, a pdf.js version's data): cached for a year and `immutable`, no
 * directory index, no dotfiles, and a missing file answered 404 here rather than passed on.
 */
import express, { type RequestHandler } from "express";

/** `root` served as above, every answer with `headers` besides. */
export function immutableFolder(root: string, headers: Record<string, string>): RequestHandler {
  return express.static(root, {
    index: false,
    dotfiles: "deny",
    fallthrough: false,
    immutable: true,
    maxAge: "1y",
    setHeaders(res) {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    },
  });
}
