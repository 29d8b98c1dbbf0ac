/**
 * Real parsers for the files the site writes, so tests check a format's structure as its
 * readers see it (issues 15 and 16): BibTeX with `@retorquere/bibtex-parser` (the parser of
 * Better BibTeX for Zotero), RIS with `astrocite-ris`, CSL-JSON with `JSON.parse` and the CSL
 * schema (tests/fixtures/schemas/csl-data, Ajv), XML with `@xmldom/xmldom` (fatal on any error)
 * and `xmllint` against a schema where one is given.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Entry, parse as parseBibtexLibrary } from "@retorquere/bibtex-parser";
import { DOMParser, type Document } from "@xmldom/xmldom";
import { Ajv } from "ajv";
import { parse as parseRisFile } from "astrocite-ris";

const SCHEMAS = path.resolve(import.meta.dirname, "../fixtures/schemas");

/**
 * The entries of a BibTeX file, its LaTeX turned into text and no case conversion (what a
 * reference manager stores). Parse errors fail: they are returned in `errors`.
 */
export function parseBibtex(text: string): { entries: Entry[]; errors: unknown[] } {
  const library = parseBibtexLibrary(text, {
    sentenceCase: false,
    caseProtection: false,
    english: false,
  });
  return { entries: library.entries, errors: library.errors };
}

/** One CSL-JSON item a RIS record reads as (`astrocite-ris`). */
export type RisItem = Record<string, unknown> & {
  type: string;
  title?: string;
  author?: { family?: string; given?: string; literal?: string }[];
  keyword?: string[] | string;
};

/** The records of a RIS file as CSL-JSON items (astrocite-ris). */
export function parseRis(text: string): RisItem[] {
  return parseRisFile(text) as RisItem[];
}

let validateCsl: ((data: unknown) => boolean) & { errors?: unknown } = Object.assign(() => false);
let compiled = false;

/**
 * A CSL-JSON file parsed and checked against the CSL data schema.
 * @returns the items and the schema's errors (null when valid).
 */
export function parseCslJson(text: string): { items: Record<string, unknown>[]; errors: unknown } {
  if (!compiled) {
    const schema = JSON.parse(readFileSync(path.join(SCHEMAS, "csl-data/csl-data.json"), "utf8"));
    validateCsl = new Ajv({ strict: false, allErrors: true }).compile(schema);
    compiled = true;
  }
  const items = JSON.parse(text) as Record<string, unknown>[];
  const valid = validateCsl(items);
  return { items, errors: valid ? null : validateCsl.errors };
}

/** `xml` parsed by xmldom; any warning or error throws (a broken document is never repaired). */
export function parseXml(xml: string, type: "text/xml" | "text/html" = "text/xml"): Document {
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`XML ${level}: ${message}`);
    },
  }).parseFromString(xml, type);
}

/** Whether xmllint is installed here (CI installs it; without it {@link xmllint} passes all). */
export const hasXmllint = spawnSync("xmllint", ["--version"]).status === 0;
const tmp = mkdtempSync(path.join(tmpdir(), "athenaeum-xml-"));
let files = 0;

/**
 * xmllint's verdict on `xml`: well-formed, and valid against `schema` (a `.rng` or `.xsd` under
 * tests/fixtures/schemas) when given; `{status: 0}` where xmllint is not installed (CI has it).
 */
export function xmllint(xml: string, schema?: string): { status: number | null; errors: string } {
  if (!hasXmllint) return { status: 0, errors: "" };
  const file = path.join(tmp, `d${files++}.xml`);
  writeFileSync(file, xml);
  const args = ["--noout", "--nonet"];
  if (schema?.endsWith(".rng")) args.push("--relaxng", path.join(SCHEMAS, schema));
  else if (schema) args.push("--schema", path.join(SCHEMAS, schema));
  const result = spawnSync("xmllint", [...args, file], {
    encoding: "utf8",
    env: { ...process.env, XML_CATALOG_FILES: path.join(SCHEMAS, "catalog.xml") },
  });
  return { status: result.status, errors: result.stderr };
}
