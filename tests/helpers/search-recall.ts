/**
 * Search recall over an imported catalogue (issue 33, decision 472): words sampled from what a
 * reader sees of each paper (its title, abstract, authors' affiliations, its JATS galley's
 * `<body>` as the publisher wrote it, its PDF's text) and the papers each one fails to find.
 *
 * A word is a whitespace-delimited run of letters (4 or more, so not a stop word or an initial)
 * with its surrounding punctuation taken off, as a reader would type it; a stop word of the
 * search (its `ignored` words) is not sampled. The sample is drawn with a fixed seed, the same
 * number from each kind of text, so the test is the same on every run.
 */
import { DOMParser } from "@xmldom/xmldom";
import { searchPapers } from "../../server/features/search/search.ts";
import { parseQuery } from "../../server/features/search/search-query.ts";
import type { AppContext } from "../../server/services/context.ts";
import { prng } from "./fuzz.ts";

/** The kinds of text words are sampled from. */
export const RECALL_SOURCES = [
  "title",
  "abstract",
  "affiliation",
  "jats body",
  "pdf text",
] as const;
export type RecallSource = (typeof RECALL_SOURCES)[number];

/** One sampled word: the paper it was read from, and where. */
export type RecallProbe = { paperId: number; source: RecallSource; word: string };

/** The words of `text` as the module comment defines them, lower-cased, each once. */
export function readerWords(text: string): string[] {
  const out = new Set<string>();
  for (const token of text.split(/\s+/)) {
    const word = token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
    if (word.length >= 4 && /^\p{L}+$/u.test(word)) out.add(word.toLowerCase());
  }
  return [...out];
}

/** JATS elements that run within a line of text; every other element is a block of its own. */
const INLINE = new Set([
  "italic",
  "bold",
  "sup",
  "sub",
  "sc",
  "monospace",
  "underline",
  "overline",
  "roman",
  "sans-serif",
  "strike",
  "xref",
  "ext-link",
  "uri",
  "email",
  "named-content",
  "styled-content",
  "abbrev",
  "inline-formula",
]);

type XmlNode = {
  nodeType: number;
  nodeValue: string | null;
  nodeName: string;
  childNodes: ArrayLike<XmlNode>;
};

/** The text of `node` as a reader sees it: blocks apart, inline elements within their line. */
function readText(node: XmlNode): string {
  if (node.nodeType === 3 || node.nodeType === 4) return node.nodeValue ?? "";
  const inner = Array.from(node.childNodes).map(readText).join("");
  return INLINE.has(node.nodeName) ? inner : ` ${inner} `;
}

/** The text of a JATS article's `<body>` (`""` without one), as its reader sees it. */
function jatsBodyText(xml: string): string {
  const doc = new DOMParser({ onError: () => {} }).parseFromString(xml, "text/xml");
  const body = doc.getElementsByTagName("body")[0];
  return body ? readText(body as unknown as XmlNode) : "";
}

/** Every paper's texts by kind. */
async function textsOf(ctx: AppContext): Promise<Map<number, Record<RecallSource, string>>> {
  const papers = await ctx.db
    .selectFrom("papers")
    .leftJoin("paper_jats", "paper_jats.paper_id", "papers.id")
    .select([
      "papers.id",
      "papers.title",
      "papers.abstract",
      "papers.full_text",
      "paper_jats.storage_key",
    ])
    .execute();
  const affiliations = await ctx.db
    .selectFrom("paper_author_affiliations as af")
    .innerJoin("paper_authors as pa", "pa.id", "af.author_id")
    .select(["pa.paper_id", "af.name"])
    .execute();
  const out = new Map<number, Record<RecallSource, string>>();
  for (const p of papers) {
    const jats = p.storage_key ? (await ctx.storage.read(p.storage_key)).toString("utf8") : "";
    out.set(p.id, {
      title: p.title,
      abstract: p.abstract,
      affiliation: affiliations
        .filter((a) => a.paper_id === p.id)
        .map((a) => a.name)
        .join("\n"),
      "jats body": jats ? jatsBodyText(jats) : "",
      "pdf text": p.full_text ?? "",
    });
  }
  return out;
}

/**
 * `perSource` words of each kind of text, drawn with `seed` from the distinct (paper, word)
 * pairs of the catalogue's papers.
 */
export async function sampleRecallProbes(
  ctx: AppContext,
  perSource: number,
  seed = 33,
): Promise<RecallProbe[]> {
  const random = prng(seed); // seeded, so a sample is the same on every run
  const texts = await textsOf(ctx);
  const probes: RecallProbe[] = [];
  for (const source of RECALL_SOURCES) {
    const pairs: RecallProbe[] = [];
    for (const [paperId, text] of texts) {
      for (const word of readerWords(text[source])) {
        const parsed = parseQuery(word);
        if (parsed.kind === "terms" && parsed.groups.length > 0 && parsed.ignored.length === 0) {
          pairs.push({ paperId, source, word });
        }
      }
    }
    // a partial Fisher-Yates shuffle: the first `perSource` are the sample
    for (let i = 0; i < Math.min(perSource, pairs.length); i++) {
      const j = i + Math.floor(random() * (pairs.length - i));
      [pairs[i], pairs[j]] = [pairs[j] as RecallProbe, pairs[i] as RecallProbe];
    }
    probes.push(...pairs.slice(0, perSource));
  }
  return probes;
}

/** The probes whose word does not find its paper among all the papers it finds. */
export async function missedProbes(ctx: AppContext, probes: RecallProbe[]): Promise<RecallProbe[]> {
  const missed: RecallProbe[] = [];
  for (const probe of probes) {
    const found = new Set<number>();
    for (let page = 1; ; page++) {
      const result = await searchPapers(ctx, probe.word, { page, pageSize: 50 });
      for (const hit of result.hits) found.add(hit.paperID);
      if (found.has(probe.paperId) || page * 50 >= result.total) break;
    }
    if (!found.has(probe.paperId)) missed.push(probe);
  }
  return missed;
}
