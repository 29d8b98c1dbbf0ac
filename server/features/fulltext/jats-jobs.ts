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
 * | `page` | the full-text page (./reader.ts), in a worker only | its article rendered, {@link RenderedFullText} |
 *
 * Each runs the checks of ./jats-read.ts first and throws its `JatsRefusedError`; `metadata`
 * throws `JatsError` (server/import/jats.ts) for an article without a title. Loaded by Node
 * directly in the worker (never bundled): erasable TypeScript syntax only.
 */

import type { JatsMetadata } from "../../../shared/api.ts";
import { blocksText, type FullText, type RenderedFullText } from "../../../shared/fulltext.ts";
import { readJatsArticle } from "../../import/jats.ts";
import { utf8Prefix } from "../../services/pdf-text.ts";
import { jatsFormMetadata } from "./jats-metadata.ts";
import type { GalleyFacts, JatsAnswers, JatsJob, JatsJobOf } from "./jats-pool-types.ts";
import { readJatsDocument } from "./jats-read.ts";
import { jatsFullText } from "./jats-tree.ts";

export type { JatsAnswers, JatsJob, JatsJobOf };

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
 * Does `job` in this thread (the worker's, or the caller's with `JATS_WORKERS=0`). A `page` job
 * needs `render` (the article's renderer, ./jats-renderer.ts), which only a worker loads: the
 * serving thread renders with its own copy (app/lib/fulltext-html.ts).
 * @throws JatsRefusedError (./jats-read.ts) for a refused file; JatsError for `metadata` of an
 *   article without a title; Error for a `page` job without `render`.
 */
export function runJatsJob<K extends keyof JatsAnswers>(
  job: JatsJobOf<K>,
  render?: (text: FullText, locale: JatsJobOf<"page">["locale"]) => RenderedFullText,
): JatsAnswers[K] {
  return answer(job as JatsJob, render) as JatsAnswers[K];
}

/** The supplied files' URLs by name as stored, and by that name without its extension. */
function fileUrls(files: [string, string][]): Map<string, string> {
  const urls = new Map<string, string>();
  for (const [name, url] of files) {
    urls.set(name, url);
    urls.set(name.replace(/\.[a-z0-9]+$/, ""), url);
  }
  return urls;
}

function answer(
  job: JatsJob,
  render?: (text: FullText, locale: JatsJobOf<"page">["locale"]) => RenderedFullText,
): JatsAnswers[keyof JatsAnswers] {
  if (job.kind === "page" && !render) throw new Error("a page job needs the article's renderer");
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
    case "tree":
      return jatsFullText(article, fileUrls(job.files));
    case "page": {
      // the tree never leaves this thread: the serving thread gets the strings it shows
      const page = render!(jatsFullText(article, fileUrls(job.files)), job.locale);
      return { lang: page.lang, contents: page.contents, html: page.html };
    }
    case "metadata":
      return jatsFormMetadata(readJatsArticle(article));
  }
  throw new Error("unknown JATS job");
}
