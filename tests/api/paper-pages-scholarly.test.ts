/**
 * Every paper page of the shipped corpus carries the scholarly model (issue 16; decisions
 * 305–308), on SQLite and PostgreSQL. The corpus (corpus/manifest.json) is imported and each
 * paper's page is rendered as its route renders it (the loader's query, the route's `meta`
 * descriptors written as React Router's `<Meta>` writes them, the page body rendered by React;
 * API tests run without the client build) and parsed as a browser parses it (parse5): its
 * `citation_*`/`DC.*` tags, its
 * licence link, its JSON-LD (expanded with the `jsonld` package and the offline schema.org
 * context) and its body are compared with the manifest (the JATS `<surname>`s, the publication
 * date, the licence, the abstract) and with the database (people, ORCID iDs, references,
 * funding).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import jsonld from "jsonld";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, type MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaperReader } from "../../app/components/paper/paper-reader.tsx";
import { paperMeta, proceedingPaperMeta } from "../../app/lib/citation-meta.ts";
import { getJournalPaper, getProceedingPaper } from "../../server/features/papers/queries.ts";
import { papersWithVenues } from "../../server/features/papers/with-venues.ts";
import { effectivePaperDate } from "../../shared/dates.ts";
import { canonicalLicenceUrl, isCreativeCommonsUrl } from "../../shared/licences.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import {
  type CorpusPaper,
  corpusPapers,
  type ImportedPaper,
  importPapers,
  jatsSurnames,
  words,
} from "../helpers/corpus-papers.ts";

type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

/** Every element under `node`, depth first. */
function elements(node: Node): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    if ("tagName" in n) out.push(n);
    if ("childNodes" in n) for (const c of n.childNodes) walk(c);
  };
  walk(node);
  return out;
}
const attr = (e: Element, name: string) => e.attrs.find((a) => a.name === name)?.value ?? "";
const textOf = (e: Node): string =>
  "value" in e && typeof e.value === "string"
    ? e.value
    : "childNodes" in e
      ? e.childNodes.map(textOf).join("")
      : "";

/**
 * `<head>` descriptors as React Router's `<Meta>` writes them: `<title>`, `<link>` for
 * `tagName: "link"`, the JSON-LD script (its `<` escaped, as React Router does), `<meta>` else.
 */
function headHtml(tags: MetaDescriptor[]): string {
  return tags
    .map((tag) => {
      if ("title" in tag)
        return renderToStaticMarkup(createElement("title", null, String(tag.title)));
      if ("script:ld+json" in tag) {
        const json = JSON.stringify(tag["script:ld+json"]).replace(/</g, "\\u003c");
        return `<script type="application/ld+json">${json}</script>`;
      }
      if ("tagName" in tag) {
        const { tagName, ...rest } = tag as { tagName: string } & Record<string, string>;
        return renderToStaticMarkup(createElement(tagName, rest));
      }
      return renderToStaticMarkup(createElement("meta", tag as Record<string, string>));
    })
    .join("");
}

/** A paper's page as its route renders it (see the module comment), as HTML. */
async function renderPaperPage(c: { id: number; uri: string | null; slug: string | null }) {
  const origin = "https://journals.example.edu";
  if (c.slug) {
    const paper = await getProceedingPaper(t.ctx, c.slug, c.id);
    if (!paper) throw new Error(`no paper ${c.id}`);
    const body = createElement(PaperReader, {
      paper,
      source: { label: paper.citation_line, link: paper.proceeding_link },
    });
    return `<!DOCTYPE html><html><head>${headHtml(proceedingPaperMeta(paper, origin, "Athenaeum"))}</head><body>${renderToStaticMarkup(createElement(MemoryRouter, null, body))}</body></html>`;
  }
  const paper = await getJournalPaper(t.ctx, c.uri ?? "", c.id);
  if (!paper) throw new Error(`no paper ${c.id}`);
  const body = createElement(PaperReader, {
    paper,
    source: { label: paper.journal_title, link: paper.issue_link },
  });
  return `<!DOCTYPE html><html><head>${headHtml(paperMeta(paper, origin, "Athenaeum"))}</head><body>${renderToStaticMarkup(createElement(MemoryRouter, null, body))}</body></html>`;
}

/** A parsed paper page: its meta tags by name, its elements and its JSON-LD. */
type Page = {
  meta: (name: string) => string[];
  all: Element[];
  jsonLd: Record<string, unknown>;
};
function readPage(html: string): Page {
  const all = elements(parse(html));
  const metas = all.filter((e) => e.tagName === "meta");
  const script = all.find(
    (e) => e.tagName === "script" && attr(e, "type") === "application/ld+json",
  );
  return {
    meta: (name) => metas.filter((m) => attr(m, "name") === name).map((m) => attr(m, "content")),
    all,
    jsonLd: JSON.parse(script ? textOf(script) : "{}") as Record<string, unknown>,
  };
}

/** The schema.org context, served offline (tests/fixtures/schemaorg-context.jsonld). */
let schemaContext: unknown;
const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, "") === "https://schema.org") {
    return { contextUrl: undefined, documentUrl: url, document: schemaContext };
  }
  throw new Error(`no network in tests: ${url}`);
};
const S = "https://schema.org/";
type LdNode = Record<string, unknown>;
const ld = (node: LdNode, key: string) => (node[`${S}${key}`] as LdNode[] | undefined) ?? [];
const ldValue = (v: LdNode) => (v["@value"] ?? v["@id"]) as string;

type Case = ImportedPaper & {
  manifest: CorpusPaper;
  families: string[];
  conference: boolean;
};

let t: TestContext;
let remove = async () => {};
let cases: Case[] = [];
const pages = new Map<number, Page>();

beforeAll(async () => {
  t = await createTestContext();
  schemaContext = JSON.parse(
    await readFile(
      path.resolve(import.meta.dirname, "../fixtures/schemaorg-context.jsonld"),
      "utf8",
    ),
  );
  const listed = await corpusPapers();
  const corpus = await importPapers(
    t.ctx,
    listed.map((l) => l.paper),
    "athenaeum-scholarly-pages-",
  );
  remove = corpus.remove;
  cases = await Promise.all(
    listed.map(async ({ paper, conference }, i) => ({
      ...corpus.imported[i]!,
      manifest: paper,
      families: await jatsSurnames(paper),
      conference,
    })),
  );
  for (const c of cases) pages.set(c.id, readPage(await renderPaperPage(c)));
}, 240_000);
afterAll(async () => {
  await t.close();
  await remove();
});

/** What the database holds of a paper: people, dates, licence, abstract, references, funding. */
async function stored(id: number) {
  const paper = await papersWithVenues(t.ctx.db)
    .select([
      "p.abstract",
      "p.license_url",
      "p.published_on",
      "p.funding_statement",
      "pub.publication_date",
      "pub.year",
      "pr.year as proceeding_year",
    ])
    .where("p.id", "=", id)
    .executeTakeFirstOrThrow();
  const authors = await t.ctx.db
    .selectFrom("paper_authors")
    .select(["name", "given_names", "family_name", "orcid"])
    .where("paper_id", "=", id)
    .orderBy("position")
    .execute();
  const references = await t.ctx.db
    .selectFrom("paper_references")
    .select(["citation", "doi"])
    .where("paper_id", "=", id)
    .orderBy("position")
    .execute();
  const funding = await t.ctx.db
    .selectFrom("paper_funding")
    .select(["funder_name"])
    .where("paper_id", "=", id)
    .execute();
  const date =
    paper.year !== null
      ? effectivePaperDate({
          published_on: paper.published_on,
          issue: { publication_date: paper.publication_date, year: paper.year },
        })
      : effectivePaperDate({
          published_on: paper.published_on,
          proceeding: { year: paper.proceeding_year ?? 0 },
        });
  return { paper, authors, references, funding, date };
}

describe(`the corpus's paper pages carry the scholarly model on ${dialectUnderTest}`, () => {
  it("has every paper of the manifest", () => {
    expect(cases).toHaveLength(26);
  });

  it("citation_author and DC.creator: 'Family, Given' from the JATS surnames, in order", async () => {
    let split = 0;
    for (const c of cases) {
      const page = pages.get(c.id)!;
      const { authors } = await stored(c.id);
      const expected = authors.map((a) =>
        a.family_name ? [a.family_name, a.given_names].filter(Boolean).join(", ") : a.name,
      );
      expect(page.meta("citation_author"), c.page).toEqual(expected);
      expect(page.meta("DC.creator"), c.page).toEqual(expected);
      if (c.families.length > 0) {
        // the family names are the JATS <surname>s, particles kept ("Di Matteo")
        expect(
          page.meta("citation_author").map((a) => a.split(", ")[0]),
          c.page,
        ).toEqual(c.families);
        split++;
      }
    }
    // the corpus's JATS papers are people, not strings
    expect(split).toBeGreaterThan(20);
    const all = cases.flatMap((c) => pages.get(c.id)!.meta("citation_author"));
    for (const family of ["Di Matteo", "Del Coco", "Sanaei Dashti"]) {
      expect(
        all.some((a) => a.startsWith(`${family}, `)),
        family,
      ).toBe(true);
    }
  });

  it("dates: the manifest's publication date in every date tag and in JSON-LD", async () => {
    for (const c of cases) {
      const page = pages.get(c.id)!;
      const { date } = await stored(c.id);
      const published = c.manifest.published ?? "";
      expect(date.iso, c.page).toBe(published);
      const scholar = published.replaceAll("-", "/");
      expect(page.meta("citation_publication_date"), c.page).toEqual([scholar]);
      expect(page.meta("citation_date"), c.page).toEqual([scholar]);
      expect(page.meta("DC.date"), c.page).toEqual([published]);
      const [article] = (await jsonld.expand(page.jsonLd, { documentLoader })) as LdNode[];
      expect(ld(article!, "datePublished").map(ldValue), c.page).toEqual([published]);
    }
  });

  it("licence: <link rel=license>, DC.rights, JSON-LD and the page's badge name the stored licence", async () => {
    let licensed = 0;
    for (const c of cases) {
      const page = pages.get(c.id)!;
      const { paper } = await stored(c.id);
      const url = paper.license_url ?? "";
      const links = page.all.filter((e) => e.tagName === "link" && attr(e, "rel") === "license");
      expect(
        links.map((l) => attr(l, "href")),
        c.page,
      ).toEqual(url ? [url] : []);
      expect(page.meta("DC.rights"), c.page).toEqual(url ? [url] : []);
      const [article] = (await jsonld.expand(page.jsonLd, { documentLoader })) as LdNode[];
      expect(ld(article!, "license").map(ldValue), c.page).toEqual(url ? [url] : []);
      const bodyLinks = page.all.filter(
        (e) => e.tagName === "a" && attr(e, "rel").split(" ").includes("license"),
      );
      expect(
        bodyLinks.map((a) => attr(a, "href")),
        c.page,
      ).toEqual(url ? [url] : []);
      // the manifest's Creative Commons licence is the one stored, in its canonical form
      const given = c.manifest.license?.url;
      if (given && isCreativeCommonsUrl(given)) {
        expect(url, c.page).toBe(canonicalLicenceUrl(given));
        expect(textOf(bodyLinks[0]!), c.page).toMatch(/^Creative Commons /);
        licensed++;
      }
    }
    expect(licensed).toBeGreaterThan(15);
  });

  it("abstract: citation_abstract holds the whole stored abstract, the description a summary", async () => {
    for (const c of cases) {
      const page = pages.get(c.id)!;
      const { paper } = await stored(c.id);
      const abstract = words(paper.abstract);
      expect(page.meta("citation_abstract"), c.page).toEqual(abstract ? [abstract] : []);
      if (c.manifest.abstract) {
        // the manifest's abstract opens the stored one (JATS may add a second paragraph)
        expect(abstract.slice(0, 80), c.page).toBe(words(c.manifest.abstract).slice(0, 80));
      }
      expect(page.meta("description")[0]!.length, c.page).toBeLessThanOrEqual(300);
    }
  });

  it("people in JSON-LD: family and given names and ORCID iDs as the database has them", async () => {
    let orcids = 0;
    for (const c of cases) {
      const page = pages.get(c.id)!;
      const { authors } = await stored(c.id);
      const [article] = (await jsonld.expand(page.jsonLd, { documentLoader })) as LdNode[];
      const people = ld(article!, "author");
      expect(
        people.map((p) => ld(p, "familyName").map(ldValue)[0] ?? ""),
        c.page,
      ).toEqual(authors.map((a) => a.family_name ?? ""));
      expect(
        people.map((p) => ld(p, "sameAs").map(ldValue)[0] ?? ""),
        c.page,
      ).toEqual(authors.map((a) => a.orcid ?? ""));
      // and on the page: each iD linked (icon and full URL), as ORCID's guidelines ask
      const shown = new Set(
        page.all
          .filter((e) => e.tagName === "a" && attr(e, "href").startsWith("https://orcid.org/"))
          .map((a) => attr(a, "href")),
      );
      expect(shown, c.page).toEqual(new Set(authors.map((a) => a.orcid).filter(Boolean)));
      orcids += shown.size;
    }
    expect(orcids).toBeGreaterThan(0);
  });

  it("references: the page's numbered list, citation_reference and JSON-LD citation", async () => {
    let total = 0;
    for (const c of cases) {
      const page = pages.get(c.id)!;
      const { references } = await stored(c.id);
      total += references.length;
      expect(page.meta("citation_reference"), c.page).toHaveLength(references.length);
      const [article] = (await jsonld.expand(page.jsonLd, { documentLoader })) as LdNode[];
      expect(ld(article!, "citation"), c.page).toHaveLength(references.length);
      const section = page.all.find(
        (e) => e.tagName === "section" && attr(e, "aria-labelledby") === "references-heading",
      );
      if (references.length === 0) {
        expect(section, c.page).toBeUndefined();
        continue;
      }
      const items = elements(section!).filter((e) => e.tagName === "li");
      expect(items, c.page).toHaveLength(references.length);
      const doiLinks = elements(section!)
        .filter((e) => e.tagName === "a" && attr(e, "href").startsWith("https://doi.org/"))
        .map((a) => attr(a, "href"));
      expect(doiLinks, c.page).toEqual(
        references.filter((r) => r.doi).map((r) => `https://doi.org/${r.doi}`),
      );
    }
    // about 1,000 references in the corpus (issue 16)
    expect(total).toBeGreaterThan(500);
  });

  it("funding: a Funding section exactly when the paper names funding", async () => {
    let funded = 0;
    for (const c of cases) {
      const page = pages.get(c.id)!;
      const { funding, paper } = await stored(c.id);
      const has = funding.length > 0 || Boolean(paper.funding_statement);
      const section = page.all.find(
        (e) => e.tagName === "section" && attr(e, "aria-labelledby") === "funding-heading",
      );
      expect(Boolean(section), c.page).toBe(has);
      const [article] = (await jsonld.expand(page.jsonLd, { documentLoader })) as LdNode[];
      expect(ld(article!, "funding").length > 0, c.page).toBe(has);
      if (has) funded++;
    }
    // 16 corpus papers have a <funding-group> (issue 16)
    expect(funded).toBe(16);
  });

  it("a paper without its own date is dated by its issue, never by the day the issue went online", async () => {
    // issue 16: an issue created for 2025 and put online later cited as the later year
    const c = cases.find((x) => !x.conference)!;
    const paper = await t.ctx.db
      .selectFrom("papers")
      .select("publication_id")
      .where("id", "=", c.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable("papers")
      .set({ published_on: null })
      .where("id", "=", c.id)
      .execute();
    await t.ctx.db
      .updateTable("publications")
      .set({ year: 2013, publication_date: null, published_on: "2026-11-25" })
      .where("id", "=", paper.publication_id!)
      .execute();
    const page = readPage(await renderPaperPage(c));
    expect(page.meta("citation_publication_date")).toEqual(["2013"]);
    expect(page.meta("citation_date")).toEqual(["2013"]);
    expect(page.meta("DC.date")).toEqual(["2013"]);
    const [article] = (await jsonld.expand(page.jsonLd, { documentLoader })) as LdNode[];
    expect(ld(article!, "datePublished").map(ldValue)).toEqual(["2013"]);
    const times = page.all.filter((e) => e.tagName === "time").map((e) => attr(e, "datetime"));
    expect(times).toContain("2013");
    expect(times).not.toContain("2026-11-25");
    // with a month chosen for the issue, the month too
    await t.ctx.db
      .updateTable("publications")
      .set({ publication_date: "2013-04" })
      .where("id", "=", paper.publication_id!)
      .execute();
    const dated = readPage(await renderPaperPage(c));
    expect(dated.meta("citation_publication_date")).toEqual(["2013/04"]);
    expect(dated.meta("DC.date")).toEqual(["2013-04"]);
  });

  it("the proceeding's conference: its place for Zotero and its acronym as alternateName", async () => {
    const conference = cases.filter((c) => c.conference);
    expect(conference.length).toBeGreaterThan(0);
    for (const c of conference) {
      const page = pages.get(c.id)!;
      expect(page.meta("eprints.event_location"), c.page).toEqual(["Dublin, Ireland"]);
      const [article] = (await jsonld.expand(page.jsonLd, { documentLoader })) as LdNode[];
      const book = ld(article!, "isPartOf")[0]!;
      expect(ld(book, "alternateName").map(ldValue), c.page).toEqual(["PLDI '09"]);
    }
  });
});
