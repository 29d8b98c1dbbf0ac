/** The part of `jsonld` (Digital Bazaar, no bundled types) the JSON-LD tests use: `expand`. */
declare module "jsonld" {
  export type JsonLdDocument = object;
  export type RemoteDocument = { contextUrl?: string; documentUrl: string; document: unknown };
  export function expand(
    doc: JsonLdDocument,
    options?: { documentLoader?: (url: string) => Promise<RemoteDocument> },
  ): Promise<object[]>;
  const jsonld: { expand: typeof expand };
  export default jsonld;
}
