/**
 * Validation of the site's scholarly XML with libxml2's `xmllint`, offline, against the official
 * schemas copied under tests/fixtures/schemas (SOURCES.md there): Crossref 5.3.1 and DOAJ
 * (W3C XML Schema) and the JATS 1.1 Journal Publishing DTD. `.ci/run` installs xmllint
 * (Debian libxml2-utils); without it the helpers throw, so a missing validator never passes.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const SCHEMAS = path.resolve(import.meta.dirname, "../fixtures/schemas");
export const CROSSREF_XSD = path.join(SCHEMAS, "crossref-5.3.1/crossref5.3.1.xsd");
export const JATS_DTD = path.join(SCHEMAS, "jats-1.1/JATS-journalpublishing1-mathml3.dtd");

const dir = mkdtempSync(path.join(tmpdir(), "xml-validate-"));
let count = 0;

/**
 * xmllint's complaints about each document of `docs` (name → XML), in one run (compiling the
 * Crossref schema takes seconds): the lines naming a document that failed, "" when all are
 * valid.
 */
function xmllint(args: string[], docs: Record<string, string>): string {
  const files = Object.entries(docs).map(([name, xml]) => {
    const file = path.join(dir, `${count++}-${name.replace(/[^a-z0-9.-]+/gi, "_")}.xml`);
    writeFileSync(file, xml);
    return file;
  });
  if (files.length === 0) throw new Error("nothing to validate");
  const result = spawnSync("xmllint", ["--noout", "--nonet", ...args, ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`xmllint could not run: ${result.error.message}`);
  if (result.status === 0) return "";
  return result.stderr
    .split("\n")
    .filter((l) => !l.endsWith(" validates"))
    .join("\n");
}

/** Errors of each document against the W3C XML Schema `xsd` ("" when every one is valid). */
export function schemaErrors(xsd: string, docs: Record<string, string>): string {
  return xmllint(["--schema", xsd], docs);
}

/** Errors of each document against the JATS 1.1 Journal Publishing DTD ("" when all valid). */
export function jatsDtdErrors(docs: Record<string, string>): string {
  return xmllint(["--dtdvalid", JATS_DTD], docs);
}
export const DOAJ_XSD = path.join(SCHEMAS, "doaj/doajArticles.xsd");

const OAI_ARTICLE = /<article xmlns=""[\s\S]*?<\/article>/g;

/**
 * An OAI-PMH answer's `oai_jats` records split for validation (decision 277): each `<article>`
 * is JATS without a namespace, valid against the JATS DTD, which OAI-PMH.xsd's `##other`
 * wildcard cannot take. `articles` holds each article as its own document (name → XML) for
 * `jatsDtdErrors`; `envelope` is the answer with each article stood in for by a namespaced
 * outline (`jatsNs`: the JATS namespace), for the OAI-PMH schema.
 */
export function oaiJatsParts(
  answer: string,
  jatsNs: string,
): { articles: Record<string, string>; envelope: string } {
  const found = answer.match(OAI_ARTICLE) ?? [];
  return {
    articles: Object.fromEntries(
      found.map((a, i) => [`article-${i}`, a.replace(/^<article xmlns=""/, "<article")]),
    ),
    envelope: answer.replace(
      OAI_ARTICLE,
      `<j:article xmlns:j="${jatsNs}"><j:front><j:journal-meta/><j:article-meta/></j:front></j:article>`,
    ),
  };
}
