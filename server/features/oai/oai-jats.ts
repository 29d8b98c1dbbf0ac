/**
 * The `oai_jats` metadata format of `/oai`: a record's JATS 1.1 Journal Publishing (NISO
 * Z39.96) `<article>` with its front matter and reference list, as OJS's OAI JATS plugin and
 * Janeway offer to journal harvesters, written by the site's JATS generator
 * (server/features/deposits/jats.ts). The `<article>` carries no namespace, as the JATS DTD
 * wants (docs/decisions/277-jats-generator.md; decision 152 gave it OJS's namespace, which made
 * every record invalid); the format is still announced under the JATS 1.1 namespace URI.
 */
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import type { AppContext } from "../../services/context.ts";
import { writeJatsArticle } from "../deposits/jats.ts";
import { recordsOfPapers } from "../deposits/records.ts";

export const JATS_PREFIX = "oai_jats";
export const JATS_NS = "https://jats.nlm.nih.gov/publishing/1.1/";
export const JATS_SCHEMA =
  "https://jats.nlm.nih.gov/publishing/1.1/xsd/JATS-journalpublishing1.xsd";

/** Writes a paper's JATS under `parent`; a paper that vanished meanwhile writes nothing. */
export type JatsWriter = (parent: XMLBuilder, paperId: number) => void;

/** A writer of the JATS of papers `ids` (read at once), links on `origin`. */
export async function jatsWriter(
  ctx: AppContext,
  ids: readonly number[],
  origin: string,
): Promise<JatsWriter> {
  const records = new Map((await recordsOfPapers(ctx, ids, origin)).map((r) => [r.paperId, r]));
  return (parent, paperId) => {
    const record = records.get(paperId);
    if (record) writeJatsArticle(parent, record);
  };
}

/**
 * A record written on its own (as text, for the answer's records place) with its `<article>`
 * undeclaring the OAI-PMH default namespace it lands in, so the article stays in no namespace.
 */
export function undeclareOaiNamespace(record: string): string {
  return record.replace(/<article(?=[\s>])(?! xmlns="")/, '<article xmlns=""');
}
