/**
 * The full-text tree of JATS (issue 18; decisions 285, 286): hostile files are refused before
 * parsing (entity declarations, nesting, size) or rendered inert (scripts, foreign elements,
 * `javascript:` links, event-handler attributes); corpus files give sections, figures, tables,
 * formulas and references with working in-page links.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FullTextArticle } from "../../app/components/fulltext/full-text-page.tsx";
import {
  JatsRefusedError,
  MAX_DEPTH,
  readJatsDocument,
} from "../../server/features/fulltext/jats-read.ts";
import { jatsFullText, safeHref } from "../../server/features/fulltext/jats-tree.ts";
import { type FullText, tableOfContents } from "../../shared/fulltext.ts";
import { CORPUS_DIR } from "../helpers/corpus.ts";

const MB = 1024 * 1024;

function tree(xml: string): FullText {
  return jatsFullText(readJatsDocument(xml, 10 * MB).article);
}

function refused(xml: string | Uint8Array, max = 10 * MB): JatsRefusedError {
  try {
    readJatsDocument(xml, max);
  } catch (error) {
    if (error instanceof JatsRefusedError) return error;
    throw error;
  }
  throw new Error("the file was accepted");
}

const article = (body: string, back = "") =>
  `<?xml version="1.0"?><article xmlns:xlink="http://www.w3.org/1999/xlink" xml:lang="en"><front><article-meta><title-group><article-title>T</article-title></title-group></article-meta></front><body>${body}</body><back>${back}</back></article>`;

describe("hostile JATS", () => {
  it("refuses entity declarations (billion laughs, external entities) before parsing", () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE article [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><article>&c;</article>`;
    expect(refused(laughs).message).toMatch(/declares its own entities/);
    const external = `<!DOCTYPE article [<!ENTITY x SYSTEM "file:///etc/passwd">]><article><body><p>&x;</p></body></article>`;
    expect(refused(external).message).toMatch(/entities/);
  });

  it("refuses 100,000 nested sections quickly, by their count, before parsing", () => {
    const n = 100_000;
    const deep = `<article>${"<sec>".repeat(n)}${"</sec>".repeat(n)}</article>`;
    const started = performance.now();
    const error = refused(deep);
    expect(error.message).toMatch("more than 2,000 sections (<sec>)");
    expect(error.reason).toBe("too_large");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("takes the nesting from the parsed document: a DOCTYPE holding a '[' does not hide it", () => {
    const nested = (n: number, open = "<sec><title>S</title>", close = "</sec>") =>
      `<?xml version="1.0"?><!DOCTYPE article SYSTEM "["><article><body>${open.repeat(n)}${close.repeat(n)}<p>]</p></body></article>`;
    expect(refused(nested(2000)).message).toMatch(`more than ${MAX_DEPTH} deep`);
    // any prefix: the parser's tree is measured, not names
    const prefixed = nested(MAX_DEPTH, "<x:sec xmlns:x='urn:x'>", "</x:sec>");
    expect(refused(prefixed).message).toMatch(`more than ${MAX_DEPTH} deep`);
    // the deepest file accepted is built and rendered without overflowing the stack
    const deepest = tree(nested(MAX_DEPTH - 3)); // article, body, sections, a title
    const html = renderToStaticMarkup(createElement(FullTextArticle, { text: deepest }));
    expect(html.match(/<section/g)?.length).toBe(MAX_DEPTH - 3);
  });

  it("refuses 50 MB of nesting by its size, with the limit in the message", () => {
    const bytes = new Uint8Array(50 * MB).fill(0x3c); // "<<<<…": never parsed
    const error = refused(bytes);
    expect(error.reason).toBe("too_large");
    expect(error.message).toBe("The JATS file is larger than 10 MB. Upload a smaller file.");
  });

  it("refuses what is not well-formed, not UTF-8 or not an article", () => {
    expect(refused("<article><p></article>").message).toMatch(/not well-formed/);
    expect(refused(new Uint8Array([0x3c, 0x61, 0xff, 0xfe, 0x3e])).message).toMatch(/UTF-8/);
    expect(refused("<html><body/></html>").message).toMatch(/not a JATS article/);
  });

  it("drops scripts, foreign elements and event attributes, and keeps no unsafe link", () => {
    const t = tree(
      article(
        `<sec id="s1" onclick="alert(1)"><title>Intro<script>alert(2)</script></title>
        <p>Safe <script>alert(3)</script><html:iframe xmlns:html="http://www.w3.org/1999/xhtml" src="https://evil.example"/>
        <ext-link xlink:href="javascript:alert(4)">bad</ext-link>
        <ext-link xlink:href="data:text/html,x">data</ext-link>
        <ext-link xlink:href="https://example.org/a">good</ext-link>
        <ext-link ext-link-type="doi" xlink:href="10.7554/eLife.00005">doi</ext-link>
        <email>a@example.org</email>
        <uri xlink:href="mailto:b@example.org">mail</uri>
        <xref ref-type="bibr" rid="missing">[9]</xref>
        <inline-formula><mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:mi href="javascript:x" onclick="y" mathvariant="bold">x</mml:mi><mml:annotation-xml><script>z</script></mml:annotation-xml></mml:math></inline-formula></p></sec>`,
      ),
    );
    const json = JSON.stringify(t);
    expect(json).not.toMatch(/alert|script|iframe|onclick|javascript|data:text|evil/i);
    expect(json).toContain('"href":"https://example.org/a"');
    expect(json).toContain('"href":"https://doi.org/10.7554/eLife.00005"');
    expect(json).toContain('"href":"mailto:a@example.org"');
    expect(json).toContain('"href":"mailto:b@example.org"');
    // a citation of nothing in the page is plain text, not a broken link
    expect(json).not.toContain('"k":"xref"');
    expect(json).toContain('"mathvariant":"bold"');
    expect(t.lang).toBe("en");
  });

  it("checks link targets", () => {
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref(" JAVASCRIPT:alert(1)")).toBeNull();
    expect(safeHref("vbscript:x")).toBeNull();
    expect(safeHref("/relative")).toBeNull();
    expect(safeHref("https://a.example/x y")).toBeNull();
    expect(safeHref("doi:10.1000/182")).toBe("https://doi.org/10.1000/182");
    expect(safeHref("http://dx.doi.org/10.1000/182")).toBe("https://doi.org/10.1000/182");
    expect(safeHref("https://example.org/")).toBe("https://example.org/");
  });

  it("makes ids unique and prefixed, whatever the source gives", () => {
    const t = tree(
      article(
        `<sec id="a b"><title>One</title><p>x</p></sec><sec id="a_b"><title>Two</title><p><xref ref-type="sec" rid="a-b">see</xref></p></sec><sec id="a-b"><title>Three</title><p>y</p></sec>`,
      ),
    );
    const ids = tableOfContents(t.body).map((e) => e.id);
    expect(ids).toEqual(["ft-a-b", "ft-a_b", "ft-a-b-2"]);
    expect(JSON.stringify(t.body[1]).includes('"to":"ft-a-b-2"')).toBe(true);
  });
});

describe("corpus full texts", () => {
  async function corpus(name: string): Promise<FullText> {
    const xml = await readFile(path.join(CORPUS_DIR, "jats", name));
    return jatsFullText(readJatsDocument(xml, 10 * MB).article);
  }

  it("an eLife paper: sections, figures, MathML, references with DOIs, cited in the text", async () => {
    const t = await corpus("elife00005.xml");
    const toc = tableOfContents(t.body);
    expect(toc.map((e) => e.title)).toContain("Introduction");
    const json = JSON.stringify(t);
    expect(json.includes('"k":"fig"')).toBe(true);
    expect(t.references).toHaveLength(46);
    const cited = json.match(/"k":"xref","to":"(ft-[^"]+)","ref":"[^"]+"/);
    expect(cited).not.toBeNull();
    expect(t.references.map((r) => r.id)).toContain(cited?.[1]);
    expect(t.back.map((p) => p.title)).toContain("Acknowledgements");
  });

  it("PLOS papers: display formulas, a table with header cells, funding, references with DOIs", async () => {
    const maths = JSON.stringify(await corpus("journal.pcbi.1004141.xml"));
    expect(maths.includes('"k":"formula"')).toBe(true);
    expect(maths.includes('"display":"block"')).toBe(true);
    const t = await corpus("journal.pone.0114370.xml");
    const json = JSON.stringify(t);
    expect(/"k":"table".*?"head":\[\[\{"h":true/.test(json)).toBe(true);
    expect(t.back.map((p) => p.title)).toEqual(
      expect.arrayContaining(["Funding", "Author contributions", "Data availability"]),
    );
    expect(t.references.some((r) => r.doi?.startsWith("https://doi.org/10."))).toBe(true);
    expect(t.lang).toBe("en");
  });
});
