import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { initialsOf, JatsError, parseJats } from "../../server/import/jats.ts";
import { parseManifest } from "../../server/import/manifest.ts";
import { CORPUS_DIR } from "../helpers/corpus.ts";

const manifest = parseManifest(
  JSON.parse(await readFile(path.join(CORPUS_DIR, "manifest.json"), "utf8")),
);

const withJats = manifest.journals.flatMap((journal) =>
  journal.issues.flatMap((issue) =>
    issue.papers
      .filter((paper) => paper.jats)
      .map((paper) => ({ journal, issue, paper, file: paper.jats! })),
  ),
);

/** The manifest's abstract as the site stores it: eLife's trailing "DOI: …" paragraph dropped. */
function expectedAbstract(abstract: string): string {
  return abstract
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p, i, all) => !(i === all.length - 1 && all.length > 1 && /^DOI:/.test(p)))
    .join("\n\n");
}

describe("JATS reader against the corpus manifest", () => {
  it("covers all 24 JATS files of the corpus", () => {
    expect(withJats).toHaveLength(24);
  });

  for (const { journal, issue, paper, file } of withJats) {
    it(`${file}: title, DOI, authors, e-mails, affiliations, abstract, keywords, volume, issue, date`, async () => {
      const article = parseJats(await readFile(path.join(CORPUS_DIR, file), "utf8"));
      expect(article.title).toBe(paper.title);
      expect(article.doi).toBe(paper.doi);
      expect(article.abstract).toBe(expectedAbstract(paper.abstract));
      expect(article.keywords).toEqual(paper.keywords);
      expect(article.volume).toBe(issue.volume);
      expect(article.issue).toBe(issue.number ?? null);
      expect(article.published).toBe(paper.published);
      expect(article.authors.map((a) => a.name)).toEqual(paper.authors.map((a) => a.name));
      expect(article.authors.map((a) => a.email ?? undefined)).toEqual(
        paper.authors.map((a) => a.email),
      );
      expect(article.authors.map((a) => a.affiliations.map((f) => f.text))).toEqual(
        paper.authors.map((a) => a.institutions ?? [a.institution]),
      );
      if (paper.license?.url) expect(article.licenseUrl).toBe(paper.license.url);
      expect(article.journal.title?.toLowerCase()).toBe(journal.name.toLowerCase());
    });
  }

  it("reads the main abstract, not eLife's digest", async () => {
    const article = parseJats(await readFile(path.join(CORPUS_DIR, "jats/elife00005.xml"), "utf8"));
    expect(article.abstract).toMatch(/^Polycomb Repressive Complex 2 \(PRC2\) is essential/);
    expect(article.abstract).not.toMatch(/eLife digest|Protein complexes—stable structures/);
    expect(article.abstract).not.toMatch(/DOI:/);
  });

  it("leaves out eLife's research-organism keywords", async () => {
    const article = parseJats(
      await readFile(path.join(CORPUS_DIR, "jats/elife_poa_e13833.xml"), "utf8"),
    );
    expect(article.keywords).toEqual([]);
  });

  it("reads editors with role and affiliation, including Hindawi's 'Academic Editor' note", async () => {
    const elife = parseJats(await readFile(path.join(CORPUS_DIR, "jats/elife00005.xml"), "utf8"));
    expect(elife.editors).toEqual([
      {
        name: "Kevin Struhl",
        role: "Reviewing editor",
        affiliation: expect.objectContaining({ text: "Harvard Medical School, United States" }),
      },
    ]);
    const plos = parseJats(
      await readFile(path.join(CORPUS_DIR, "jats/journal.pone.0115884.xml"), "utf8"),
    );
    expect(plos.editors[0]).toMatchObject({
      name: "Matthias Stöck",
      role: "Editor",
      affiliation: {
        text: "Leibniz-Institute of Freshwater Ecology and Inland Fisheries, Germany",
      },
    });
    const hindawi = parseJats(
      await readFile(path.join(CORPUS_DIR, "jats/hindawi-grp-2016-2657876.xml"), "utf8"),
    );
    expect(hindawi.editors).toEqual([
      { name: "Lorenzo Mannelli", role: "Academic Editor", affiliation: null },
    ]);
  });

  it("reads pages, article numbers and the volume year", async () => {
    const mdpi = parseJats(
      await readFile(path.join(CORPUS_DIR, "jats/metabolites-04-00932.xml"), "utf8"),
    );
    expect([mdpi.firstPage, mdpi.lastPage, mdpi.year]).toEqual(["932", "945", 2014]);
    const hindawi = parseJats(
      await readFile(path.join(CORPUS_DIR, "jats/hindawi-grp-2016-2657876.xml"), "utf8"),
    );
    // first published online in December 2015, in volume 2016
    expect([hindawi.published, hindawi.year, hindawi.elocationId]).toEqual([
      "2015-12-27",
      2016,
      "2657876",
    ]);
  });

  it("refuses XML that is not well-formed, and XML that is not an article", () => {
    expect(() => parseJats("<article><front><article-meta>")).toThrow(JatsError);
    expect(() => parseJats("<?xml version='1.0'?><html><body/></html>")).toThrow(
      /not a JATS article/,
    );
    expect(() => parseJats("not xml at all")).toThrow(JatsError);
  });

  it("never loads the DTD, and refuses entity declarations as uploads are (decision 385)", () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE article SYSTEM "http://127.0.0.1:9/never.dtd">
<article><front><article-meta><title-group><article-title>T &amp; U</article-title></title-group></article-meta></front></article>`;
    expect(parseJats(xml).title).toBe("T & U");
    const entity = xml.replace(
      'never.dtd">',
      'never.dtd" [<!ENTITY ext SYSTEM "file:///etc/passwd">]>',
    );
    expect(() => parseJats(entity)).toThrow(/declares its own entities/);
  });

  it("matches printed initials such as (F.P.F.) and (JRH)", () => {
    expect(initialsOf("Francesco P.", "Fanizzi")).toBe("FPF");
    expect(initialsOf("Jessica R", "Hughes")).toBe("JRH");
    expect(initialsOf("Wei-Ping", "Tai")).toBe("WPT");
  });
});
