/**
 * What reading a JATS galley produces for each of its callers (docs/decisions/386-jats-off-the-event-loop.md):
 * the work that parses a galley and walks its document, done in a worker thread of the JATS
 * pool (./jats-pool.ts, ./jats-worker.ts) or, with `JATS_WORKERS=0`, in the calling thread.
 * Every job starts from the galley's bytes and answers plain data (a structured clone crosses
 * threads), never the parsed document:
 *
 * | job | caller | answer |
 * |---|---|---|
 * | `galley` | the upload check (`storeJatsGalley`, ./galley.ts) | {@link GalleyFacts} |
 * | `tree` | the full-text page (./reader.ts) | the {@link FullText} tree |
 * | `metadata` | POST /read_jats | the paper form's {@link JatsMetadata} |
 *
 * Each runs the checks of ./jats-read.ts first and throws its `JatsRefusedError`; `metadata`
 * throws `JatsError` (server/import/jats.ts) for an article without a title. Loaded by Node
 * directly in the worker (never bundled): erasable TypeScript syntax only.
 */

import type { JatsMetadata } from "../../../shared/api.ts";
import { blocksText, type FullText } from "../../../shared/fulltext.ts";
import { readJatsArticle } from "../../import/jats.ts";
import { utf8Prefix } from "../../services/pdf-text.ts";
import { jatsFormMetadata } from "./jats-metadata.ts";
import { readJatsDocument } from "./jats-read.ts";
import { jatsFullText } from "./jats-tree.ts";

/** A job of the JATS pool: the galley's bytes (or text) and what to make of them. */
export type JatsJob =
  | {
      kind: "galley";
      data: Uint8Array | string;
      /** Largest file accepted, bytes (`MAX_JATS_MB`). */
      maxBytes: number;
      /** Most bytes of body text kept for search (`MAX_PDF_TEXT_KB`; decision 289). */
      maxTextBytes: number;
    }
  | {
      kind: "tree";
      data: Uint8Array | string;
      maxBytes: number;
      /** The galley's supplied files: `[name as stored, its public URL]`. */
      files: [string, string][];
    }
  | { kind: "metadata"; data: Uint8Array | string; maxBytes: number };

/** The answer of each kind of {@link JatsJob}. */
export type JatsAnswers = { galley: GalleyFacts; tree: FullText; metadata: JatsMetadata };

/** The job of kind `K`. */
export type JatsJobOf<K extends keyof JatsAnswers> = Extract<JatsJob, { kind: K }>;

/** What the upload check needs of a galley. */
export type GalleyFacts = {
  /** The file names its elements' `xlink:href` give ({@link jatsFileName}), with and without their extension. */
  named: string[];
  /** The body's text for the search index, cut to `maxTextBytes` (decision 289). */
  bodyText: string;
};

/** A file name as the JATS names it: without folders, lower case. */
export function jatsFileName(name: string): string {
  return name
    .replace(/^.*[/\\]/, "")
    .trim()
    .toLowerCase();
}

/**
 * The body text a JATS tree gives the search index: body, floating figures and tables, and
 * the back matter's parts (not the references), in reading order.
 */
export function fullTextSearchText(tree: FullText): string {
  return blocksText([...tree.body, ...tree.floats, ...tree.back.flatMap((p) => p.c)]);
}

/**
 * Does `job` in this thread (the worker's, or the caller's with `JATS_WORKERS=0`).
 * @throws JatsRefusedError (./jats-read.ts) for a refused file; JatsError for `metadata` of an
 *   article without a title.
 */
export function runJatsJob<K extends keyof JatsAnswers>(job: JatsJobOf<K>): JatsAnswers[K] {
  return answer(job as JatsJob) as JatsAnswers[K];
}

function answer(job: JatsJob): JatsAnswers[keyof JatsAnswers] {
  const { article } = readJatsDocument(job.data, job.maxBytes);
  switch (job.kind) {
    case "galley": {
      const named = new Set<string>();
      for (const el of Array.from(article.getElementsByTagName("*"))) {
        const href = el.getAttribute("xlink:href");
        if (!href) continue;
        const name = jatsFileName(href);
        named.add(name);
        named.add(name.replace(/\.[a-z0-9]+$/, ""));
      }
      const text = fullTextSearchText(jatsFullText(article));
      return { named: [...named], bodyText: utf8Prefix(text, job.maxTextBytes) };
    }
    case "tree": {
      const urls = new Map<string, string>();
      for (const [name, url] of job.files) {
        urls.set(name, url);
        urls.set(name.replace(/\.[a-z0-9]+$/, ""), url);
      }
      return jatsFullText(article, urls);
    }
    case "metadata":
      return jatsFormMetadata(readJatsArticle(article));
  }
  throw new Error("unknown JATS job");
}
