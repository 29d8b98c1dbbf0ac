/**
 * The parts of citation-js (https://citation.js.org/, no bundled types) this project uses:
 * `Cite` over CSL-JSON, its output formats (`bibliography` through the CSL plugin, `bibtex`,
 * `ris`, `data`), `Cite.async` to read BibTeX or RIS back, and the CSL plugin's template
 * register. (The BibTeX and RIS plugins only read files back, in tests.)
 */
declare module "@citation-js/core" {
  export type CslName = {
    given?: string;
    family?: string;
    literal?: string;
    "non-dropping-particle"?: string;
    "dropping-particle"?: string;
    suffix?: string;
  };
  export type CslItem = Record<string, unknown> & { id: string; type: string };
  export class Cite {
    constructor(data: unknown);
    static async(data: unknown): Promise<Cite>;
    data: CslItem[];
    format(format: string, options?: Record<string, unknown>): string;
  }
  export const plugins: {
    config: {
      get(name: "@csl"): {
        styles: { has(name: string): boolean; add(name: string, xml: string): void };
      };
    };
  };
}
declare module "@citation-js/plugin-csl";
declare module "@citation-js/plugin-bibtex";
declare module "@citation-js/plugin-ris";
