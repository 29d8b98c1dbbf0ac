/**
 * Writing a large XML document to a response piece by piece: text escaping and a writer that
 * waits while the client (or the compression stream) is behind, so memory stays bounded by one
 * batch however long the document is.
 */
import type { Response } from "express";
import { stripXmlForbidden } from "../../shared/xml-text.ts";

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * `text` safe inside an XML element or a quoted attribute (XML 1.0 section 2.4), without the
 * characters XML cannot carry at all (shared/xml-text.ts).
 */
export function escapeXml(text: string): string {
  return stripXmlForbidden(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * Options for xmlbuilder2's `create`: the XML declaration, and every character XML forbids
 * removed from text and attribute values instead of throwing (which would turn one bad title
 * into a failed feed or OAI-PMH answer for everyone).
 */
export const XML_DOCUMENT = {
  version: "1.0",
  encoding: "UTF-8",
  invalidCharReplacement: "",
} as const;

export type XmlWriter = {
  /** Writes `chunk`; resolves when the response can take more. False once the client has gone. */
  write: (chunk: string) => Promise<boolean>;
  end: () => void;
};

/**
 * A writer over `res`; headers must be set before the first write. A client that disconnects
 * makes `write` resolve false, so the caller stops reading the database.
 */
export function xmlWriter(res: Response): XmlWriter {
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  return {
    async write(chunk) {
      if (closed) return false;
      if (res.write(chunk)) return true;
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
      return !closed;
    },
    end() {
      if (!closed) res.end();
    },
  };
}
