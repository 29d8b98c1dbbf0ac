/**
 * FAIR Signposting (issue 33, decision 470), over HTTP on SQLite and PostgreSQL, for the small
 * corpus (tests/helpers/small-corpus.ts, and eLife 04490 for its ORCID iDs: journal papers with and without a PDF, a JATS galley,
 * ORCID iDs and a DOI, a paper without a DOI, a conference paper): each paper page sends the
 * Level 1 `Link` header (cite-as, type, author, license, describedby with types, item with
 * types, linkset), the same from the output cache and on another language's URL; its linkset
 * answers in both formats of RFC 9264 with the same links; every link on the site answers 200
 * with the type the link announces, and each galley and metadata file points back to the page.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_HEADER_MAX } from "../../server/features/signposting/signposting.ts";
import { importCorpus } from "../../server/import/corpus.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { listenWithPages } from "../helpers/router-pages.ts";
import { buildSmallCorpus, SMALL_CORPUS_PAPERS } from "../helpers/small-corpus.ts";

type Link = { href: string; rel: string; type?: string; anchor?: string; profile?: string };

/** The links of a `Link` header value or an `application/linkset` document (RFC 8288). */
function parseLinks(value: string): Link[] {
  const links: Link[] = [];
  for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[a-z-]+="[^"]*")*)\s*(?:,|$)/g)) {
    const link: Record<string, string> = { href: match[1] ?? "" };
    for (const [, name = "", value = ""] of (match[2] ?? "").matchAll(/([a-z-]+)="([^"]*)"/g)) {
      link[name] = value;
    }
    links.push(link as Link);
  }
  return links;
}

/** The links of an `application/linkset+json` document, flattened with their anchors. */
function jsonLinks(doc: { linkset: Record<string, unknown>[] }): Link[] {
  const links: Link[] = [];
  for (const context of doc.linkset) {
    const anchor = String(context.anchor);
    for (const [rel, targets] of Object.entries(context)) {
      if (rel === "anchor") continue;
      for (const target of targets as { href: string; type?: string; profile?: string }[]) {
        links.push({ anchor, rel, ...target });
      }
    }
  }
  return links;
}

const key = (l: Link) => `${l.anchor ?? ""} ${l.rel} ${l.href} ${l.type ?? ""} ${l.profile ?? ""}`;

let t: TestContext;
let dir: string;
let server: Server;
let origin: string;
type Row = { id: number; doi: string | null; page: string; file: string | null };
let papers: Row[] = [];

beforeAll(async () => {
  t = await createTestContext();
  // the small corpus and one paper whose JATS gives ORCID iDs
  dir = await buildSmallCorpus(await mkdtemp(path.join(tmpdir(), "athenaeum-signposting-")), [
    ...SMALL_CORPUS_PAPERS,
    "10.7554/eLife.04490",
  ]);
  await importCorpus(t.ctx, dir, { partners: false });
  let port: number;
  ({ server, port } = await listenWithPages(t.ctx, { paperPages: true }));
  origin = `http://127.0.0.1:${port}`;
  const rows = await t.ctx.db
    .selectFrom("papers as p")
    .leftJoin("publications as pub", "pub.id", "p.publication_id")
    .leftJoin("journals as j", "j.id", "pub.journal_id")
    .leftJoin("proceedings as pr", "pr.id", "p.proceeding_id")
    .select(["p.id", "p.doi", "p.file", "j.uri", "pr.slug"])
    .orderBy("p.id")
    .execute();
  papers = rows.map((r) => ({
    id: r.id,
    doi: r.doi,
    file: r.file,
    page: r.slug ? `/proceedings/${r.slug}/${r.id}` : `/journal/${r.uri}/${r.id}`,
  }));
}, 240_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The paper's authors' ORCID iDs as stored. */
async function orcidsOf(paperId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom("paper_authors as pa")
    .select("pa.orcid")
    .where("pa.paper_id", "=", paperId)
    .orderBy("pa.position")
    .execute();
  return rows.map((r) => r.orcid ?? "").filter(Boolean);
}

describe(`FAIR Signposting (${dialectUnderTest})`, () => {
  it("sends Level 1 links on every paper page, a linkset in both formats, and every link answers", async () => {
    expect(papers.length).toBeGreaterThanOrEqual(10);
    const followed = new Map<string, Response>();
    const follow = async (href: string) => {
      const seen = followed.get(href);
      if (seen) return seen;
      const answer = await fetch(href, { redirect: "manual" });
      await answer.arrayBuffer();
      followed.set(href, answer);
      return answer;
    };
    let withOrcid = 0;
    let withoutDoi = 0;
    let withPdf = 0;
    let withJats = 0;
    for (const paper of papers) {
      const pageUrl = `${origin}${paper.page}`;
      const page = await fetch(pageUrl);
      expect(page.status, paper.page).toBe(200);
      const header = page.headers.get("link") ?? "";
      expect(Buffer.byteLength(header)).toBeLessThanOrEqual(LINK_HEADER_MAX);
      const level1 = parseLinks(header);
      const rels = (rel: string) => level1.filter((l) => l.rel === rel);

      // cite-as: the DOI's URL, else the page itself
      expect(
        rels("cite-as").map((l) => l.href),
        paper.page,
      ).toEqual([paper.doi ? `https://doi.org/${paper.doi}` : pageUrl]);
      if (!paper.doi) withoutDoi++;
      expect(rels("type").map((l) => l.href)).toEqual([
        "https://schema.org/ScholarlyArticle",
        "https://schema.org/AboutPage",
      ]);
      const orcids = await orcidsOf(paper.id);
      expect(rels("author").map((l) => l.href)).toEqual(orcids);
      if (orcids.length > 0) withOrcid++;
      const license = await t.ctx.db
        .selectFrom("papers")
        .select("license_url")
        .where("id", "=", paper.id)
        .executeTakeFirstOrThrow();
      expect(rels("license").map((l) => l.href)).toEqual(
        license.license_url ? [new URL(license.license_url).href] : [],
      );
      expect(rels("describedby").map((l) => [l.href, l.type])).toEqual([
        [`${pageUrl}/cite.bib`, "application/x-bibtex"],
        [`${pageUrl}/cite.ris`, "application/x-research-info-systems"],
        [`${pageUrl}/cite.json`, "application/vnd.citationstyles.csl+json"],
        [`${pageUrl}/jats.xml`, "application/xml"],
        [`${pageUrl}/jats-1.1.xml`, "application/xml"],
      ]);
      const items = rels("item");
      const pdf = items.find((l) => l.type === "application/pdf");
      expect(Boolean(pdf), paper.page).toBe(paper.file !== null);
      if (pdf) withPdf++;
      const galley = await t.ctx.db
        .selectFrom("paper_jats")
        .select("paper_id")
        .where("paper_id", "=", paper.id)
        .executeTakeFirst();
      expect(items.filter((l) => l.type !== "application/pdf")).toEqual(
        galley
          ? [
              { href: `${pageUrl}/jats.xml`, rel: "item", type: "application/xml" },
              { href: `${pageUrl}/fulltext`, rel: "item", type: "text/html" },
            ]
          : [],
      );
      if (galley) withJats++;
      expect(rels("linkset")).toEqual([
        { href: `${pageUrl}/linkset.json`, rel: "linkset", type: "application/linkset+json" },
        { href: `${pageUrl}/linkset`, rel: "linkset", type: "application/linkset" },
      ]);

      // the output cache keeps the header; another language's URL sends the same links
      const again = await fetch(pageUrl);
      expect(again.headers.get("x-cache")).toBe("hit");
      expect(again.headers.get("link")).toBe(header);
      const spanish = await fetch(`${origin}/es${paper.page}`);
      expect(spanish.status).toBe(200);
      expect(spanish.headers.get("link")).toBe(header);

      // Level 2: both formats, the same links, the landing page's links among them
      const json = await fetch(`${pageUrl}/linkset.json`);
      expect(json.status).toBe(200);
      expect(json.headers.get("content-type")).toMatch(/^application\/linkset\+json\b/);
      const fromJson = jsonLinks(await json.json());
      const text = await fetch(`${pageUrl}/linkset`);
      expect(text.status).toBe(200);
      expect(text.headers.get("content-type")).toMatch(/^application\/linkset\b/);
      const fromText = parseLinks(await text.text());
      expect(fromText.map(key).sort()).toEqual(fromJson.map(key).sort());
      for (const link of level1) {
        expect(fromJson.map(key)).toContain(key({ ...link, anchor: pageUrl }));
      }
      // the landing page's author and item links are there even if the header had to leave them out
      expect(fromJson.filter((l) => l.rel === "author").map((l) => l.href)).toEqual(orcids);

      // every link answers: the site's own with 200 and the announced type, the others are
      // the DOI resolver's, ORCID's or the licence's URLs
      for (const link of fromJson) {
        for (const href of [link.href, link.anchor ?? pageUrl]) {
          if (!href.startsWith(origin)) {
            expect(href).toMatch(/^https?:\/\/[^/\s]+\/\S*$/);
            continue;
          }
          const answer = await follow(href);
          expect(answer.status, href).toBe(200);
          if (href === link.href && link.type) {
            expect(answer.headers.get("content-type"), href).toMatch(
              new RegExp(`^${link.type.replace(/[+.]/g, "\\$&")}\\b`),
            );
          }
        }
        // a galley points back to its page as `collection`, a metadata file as `describes`
        if (link.anchor === pageUrl && (link.rel === "item" || link.rel === "describedby")) {
          if (link.href.endsWith("/fulltext")) continue; // an HTML page of its own
          const back = parseLinks((await fetch(link.href)).headers.get("link") ?? "");
          const rel = link.rel === "item" ? "collection" : "describes";
          expect(back, link.href).toContainEqual({ href: pageUrl, rel, type: "text/html" });
          expect(back.filter((l) => l.rel === "linkset").length, link.href).toBe(2);
        }
      }
    }
    // the corpus has each case
    expect(withOrcid).toBeGreaterThan(0);
    expect(withoutDoi).toBeGreaterThan(0);
    expect(withPdf).toBeGreaterThan(0);
    expect(withJats).toBeGreaterThan(0);
  }, 240_000);

  it("answers 404 for a linkset of a paper that does not exist", async () => {
    const other = (papers[0]?.page ?? "/journal/plos-one/1").replace(/\/\d+$/, "/999999");
    expect((await fetch(`${origin}${other}/linkset.json`)).status).toBe(404);
    expect((await fetch(`${origin}${other}/linkset`)).status).toBe(404);
  });
});
