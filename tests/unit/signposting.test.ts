/**
 * The FAIR Signposting links of a paper (server/features/signposting/signposting.ts, decision
 * 470) where the corpus has no case: a header that would be too long keeps its bound and leaves
 * the author and item links to the linkset, and URLs from outside (a DOI, a licence) cannot end
 * a link early.
 */
import { describe, expect, it } from "vitest";
import {
  LINK_HEADER_MAX,
  landingPageLinkHeader,
  linksetText,
  paperLinkset,
  type SignpostedPaper,
} from "../../server/features/signposting/signposting.ts";

const paper: SignpostedPaper = {
  pageUrl: "https://journals.example.edu/journal/demo/7",
  doi: "10.1002/(SICI)1097-4571<3::AID-ASI6>3.0.CO;2-O",
  pdfUrl: "https://journals.example.edu/journal/demo/download/7/a.pdf",
  hasJatsGalley: true,
  licenseUrl: 'https://example.org/licence?a="b">c, d',
  orcids: ["https://orcid.org/0000-0002-1825-0097"],
};

/** The `<…>` targets of a header value. */
const targets = (value: string) => [...value.matchAll(/<([^>]*)>/g)].map((m) => m[1] ?? "");

describe("FAIR Signposting links", () => {
  it("keeps a DOI's and a licence's special characters inside their links", () => {
    const header = landingPageLinkHeader(paper);
    expect(header).toContain(
      '<https://doi.org/10.1002/(SICI)1097-4571%3C3%3A%3AAID-ASI6%3E3.0.CO%3B2-O>; rel="cite-as"',
    );
    expect(header).toContain('<https://example.org/licence?a=%22b%22%3Ec,%20d>; rel="license"');
    // every link is one `<target>; params` and the targets are whole URLs
    for (const target of targets(header)) expect(() => new URL(target)).not.toThrow();
    expect(header.split(", <").length).toBe(targets(header).length);
  });

  it("leaves out an unusable licence URL", () => {
    const header = landingPageLinkHeader({ ...paper, licenseUrl: "javascript:alert(1)" });
    expect(header).not.toContain('rel="license"');
  });

  it("keeps a page's header within its bound and its links in the linkset", () => {
    const orcids = Array.from(
      { length: 200 },
      (_, i) => `https://orcid.org/0000-0002-${String(1000 + i)}-0097`,
    );
    const many = { ...paper, orcids };
    const header = landingPageLinkHeader(many);
    expect(Buffer.byteLength(header)).toBeLessThanOrEqual(LINK_HEADER_MAX);
    expect(header).not.toContain('rel="author"');
    expect(header).not.toContain('rel="item"');
    expect(header).toContain('rel="cite-as"');
    expect(header).toContain('rel="linkset"');
    const text = linksetText(paperLinkset(many));
    expect(text.match(/rel="author"/g)?.length).toBe(200);
    expect(text).toContain('rel="item"; type="application/pdf"');
  });
});
