/**
 * Validation of SUSHI answers against the schemas of the COUNTER_SUSHI API 5.1
 * (tests/fixtures/schemas/counter-r5.1/COUNTER_API.json, an OpenAPI 3.1 document whose schemas
 * are JSON Schema draft 2020-12), with Ajv's 2020-12 validator and ajv-formats (`date`,
 * `date-time`, `uri`).
 *
 * Ajv runs non-strict because the document carries OpenAPI and Stoplight keywords (`x-stoplight`,
 * `x-tags`) beside the schema ones, and without the `u` flag on patterns because one COUNTER
 * pattern (ISIL's `{1,3,4}`) is not a valid Unicode-mode expression.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const file = path.resolve(import.meta.dirname, "../fixtures/schemas/counter-r5.1/COUNTER_API.json");
const api = JSON.parse(readFileSync(file, "utf8")) as {
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
};

const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats.default(ajv);
ajv.addSchema({ $id: "counter", components: api.components });

/**
 * The schema errors of `data` against COUNTER schema `name` (a key of `components.schemas`, such
 * as `IR` or `Exception_3030`, or `200_Status`-style response names), as readable lines; empty
 * when it validates.
 */
export function counterSchemaErrors(name: string, data: unknown): string[] {
  const pointer = name.match(/^\d{3}_/)
    ? `counter#/components/responses/${name}/content/application~1json/schema`
    : `counter#/components/schemas/${name}`;
  const validate = ajv.getSchema(pointer);
  if (!validate) throw new Error(`no COUNTER schema ${name}`);
  if (validate(data)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
  );
}
