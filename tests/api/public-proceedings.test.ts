/**
 * The public proceedings pages (docs/decisions/090-public-proceedings.md) on a real database:
 * the API calls and the route loaders (shapes, header text, 404s, 503 on a failed load), the
 * conference paper galley (Range/206, ETag, 404s), the sitemap entries and the search hits.
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as proceedingLoader } from "../../app/routes/proceeding.tsx";
import { loader as proceedingPaperLoader } from "../../app/routes/proceeding-paper.tsx";
import { loader as proceedingsLoader } from "../../app/routes/proceedings.tsx";
import { rebuildSearchIndex } from "../../server/features/search/search.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { PLDI_2009 } from "../helpers/fixtures.ts";
import { galleyTests } from "../helpers/galley-tests.ts";
import { loaderArgs as args, failing, runLoader as run } from "../helpers/loaders.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";
import { sitemapLocs } from "../helpers/sitemap.ts";

const t = seededFileContext({
  env: { PUBLIC_URL: "https://journals.example.edu" },
  proceedings: true,
});

beforeAll(async () => {
  await rebuildSearchIndex(t.ctx);
});

const api = (path: string) => request(t.app).get(`/api${path}`);
const GALLEY = /^\/proceedings\/pldi-2009\/download\/(\d+)\/trace-based-[a-z0-9-]+\.pdf$/;

describe(`public proceedings API on ${dialectUnderTest}`, () => {
  it("lists every proceeding, newest year first, with its page link and no buttons", async () => {
    const res = await api("/all_proceedings");
    expect(res.status).toBe(200);
    expect(res.body.proceedings.map((p: { slug: string }) => p.slug)).toEqual([
      "icfp-2010",
      "pldi-2009",
    ]);
    expect(res.body.proceedings[1]).toMatchObject({
      event_name: "PLDI '09",
      event_start_date: "2009-06-15",
      event_end_date: "2009-06-20",
      title: "Proceedings of PLDI '09",
      sub_title: "Programming Language Design and Implementation",
      intro: "The proceedings.",
      link: "/proceedings/pldi-2009",
      year: 2009,
      buttons: [],
    });
  });

  it("gives a proceeding's page: event, facts, board by role and papers in order", async () => {
    const res = await api("/get_proceeding_page/pldi-2009");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    const p = res.body.proceeding;
    expect(p).toMatchObject({ ...PLDI_2009, title: "Proceedings of PLDI '09", cover_img: null });
    expect(p.editors).toEqual({
      "General Chair": [
        { name: "Michael Hind", institution: "IBM Research" },
        { name: "Second Chair", institution: "" },
      ],
      "Program Chair": [{ name: "Amer Diwan", institution: "University of Colorado" }],
    });
    expect(Object.keys(p.editors)).toEqual(["General Chair", "Program Chair"]);
    expect(p.papers).toEqual([
      {
        paperID: t.proceedings.tracePaperId,
        title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
        link: `/proceedings/pldi-2009/${t.proceedings.tracePaperId}`,
        authors: [{ name: "Andreas Gal" }, { name: "Brendan Eich" }],
        first_page: "465",
        last_page: "478",
      },
      {
        paperID: t.proceedings.noPdfPaperId,
        title: "Tracing the Meta-Level",
        link: `/proceedings/pldi-2009/${t.proceedings.noPdfPaperId}`,
        authors: [{ name: "Carl Friedrich Bolz" }],
        first_page: "",
        last_page: "",
      },
    ]);
  });

  it("answers 404 for an unknown or malformed proceeding slug", async () => {
    for (const slug of ["no-such-proceeding", "PLDI-2009", "pldi_2009", "-pldi", "x".repeat(91)]) {
      const res = await api(`/get_proceeding_page/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.body).toEqual({ status: 0, msg: "No such proceeding." });
    }
  });

  it("gives a conference paper with its proceeding, event, citation line and galley", async () => {
    const res = await api(`/get_proceeding_paper/pldi-2009/${t.proceedings.tracePaperId}`);
    expect(res.status).toBe(200);
    const paper = res.body.paper;
    expect(paper).toMatchObject({
      paperID: t.proceedings.tracePaperId,
      title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
      authors: [
        {
          name: "Andreas Gal",
          institution: "Mozilla Corporation; University of California, Irvine",
        },
        { name: "Brendan Eich", institution: "Mozilla Corporation" },
      ],
      doi: "10.1145/1542476.1542528",
      keywords: "JavaScript; just-in-time compilation; trace trees",
      year: 2009,
      publisher: "ACM",
      published_on: "2009-06",
      first_page: "465",
      last_page: "478",
      page_count: 2,
      proceeding_slug: "pldi-2009",
      proceeding_title: "Proceedings of PLDI '09",
      proceeding_link: "/proceedings/pldi-2009",
      event_name: "PLDI '09",
      event_location: "Dublin, Ireland",
      isbn: "978-1-60558-392-1",
      // The title already names the event, so it is not repeated.
      citation_line: "Proceedings of PLDI '09, 2009",
    });
    expect(paper.file_url).toMatch(GALLEY);
    expect(paper.file_url).toContain(`/download/${t.proceedings.tracePaperId}/`);

    const other = (await api(`/get_proceeding_paper/icfp-2010/${t.proceedings.otherPaperId}`)).body
      .paper;
    expect(other.citation_line).toBe("Proceedings of ICFP 2010, 2010");
    expect(other.issn).toBe("0362-1340");
  });

  it("dates a paper without its own date by its event, and has no galley without a PDF", async () => {
    const res = await api(`/get_proceeding_paper/pldi-2009/${t.proceedings.noPdfPaperId}`);
    expect(res.body.paper).toMatchObject({ file_url: "", published_on: "2009-06-20", doi: "" });
  });

  it("answers 404 for another proceeding's paper, a journal paper and malformed ids", async () => {
    const paths = [
      `/get_proceeding_paper/pldi-2009/${t.proceedings.otherPaperId}`,
      `/get_proceeding_paper/icfp-2010/${t.proceedings.tracePaperId}`,
      `/get_proceeding_paper/pldi-2009/${t.seed.paperWithPdfId}`,
      "/get_proceeding_paper/pldi-2009/999999",
      "/get_proceeding_paper/pldi-2009/abc",
      "/get_proceeding_paper/pldi-2009/0",
      `/get_proceeding_paper/no-such/${t.proceedings.tracePaperId}`,
    ];
    for (const path of paths) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(res.body.status).toBe(0);
    }
    // Nor is a conference paper reachable as a journal's paper.
    const asJournal = await api(`/get_journal_paper/ethics-review/${t.proceedings.tracePaperId}`);
    expect(asJournal.status).toBe(404);
  });
});

describe(`conference paper galleys on ${dialectUnderTest}`, () => {
  let galley = "";
  beforeAll(async () => {
    galley = (await api(`/get_proceeding_paper/pldi-2009/${t.proceedings.tracePaperId}`)).body.paper
      .file_url;
  });

  galleyTests(() => ({ app: t.app, url: galley, pdf: t.seed.pdfBytes }));

  it("answers 404 for a paper without PDF, elsewhere, or a malformed place", async () => {
    const paths = [
      `/proceedings/pldi-2009/download/${t.proceedings.noPdfPaperId}/tracing-the-meta-level.pdf`,
      `/proceedings/icfp-2010/download/${t.proceedings.tracePaperId}/trace.pdf`,
      `/proceedings/pldi-2009/download/${t.seed.paperWithPdfId}/a-good-life.pdf`,
      `/proceedings/no-such/download/${t.proceedings.tracePaperId}/trace.pdf`,
      `/proceedings/PLDI/download/${t.proceedings.tracePaperId}/trace.pdf`,
      `/proceedings/pldi-2009/download/abc/trace.pdf`,
      `/proceedings/pldi-2009/download/${t.proceedings.tracePaperId}/trace.txt`,
      // The journal galley does not serve a conference paper either.
      `/journal/ethics-review/download/${t.proceedings.tracePaperId}/trace.pdf`,
    ];
    for (const path of paths) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toBe("404 Page Not Found");
    }
  });
});

describe(`finding proceedings on ${dialectUnderTest}`, () => {
  it("the sitemap lists the proceedings list, each proceeding and its papers", async () => {
    const base = "https://journals.example.edu";
    const locs = await sitemapLocs(t.app, base);
    for (const path of [
      "/proceedings",
      "/proceedings/pldi-2009",
      "/proceedings/icfp-2010",
      `/proceedings/pldi-2009/${t.proceedings.tracePaperId}`,
      `/proceedings/pldi-2009/${t.proceedings.noPdfPaperId}`,
      `/proceedings/icfp-2010/${t.proceedings.otherPaperId}`,
    ]) {
      expect(locs, path).toContain(`${base}${path}`);
    }
    expect(locs).not.toContain(`${base}/journal/ethics-review/${t.proceedings.tracePaperId}`);
  });

  it("the search API finds a conference paper and links its page and proceeding", async () => {
    const res = await api("/search?q=JavaScript");
    expect(res.status).toBe(200);
    expect(res.body.results.hits).toEqual([
      expect.objectContaining({
        paperID: t.proceedings.tracePaperId,
        kind: "proceeding",
        link: `/proceedings/pldi-2009/${t.proceedings.tracePaperId}`,
        authors: ["Andreas Gal", "Brendan Eich"],
        journal_name: "Proceedings of PLDI '09",
        publication: "PLDI '09 (2009)",
        publication_link: "/proceedings/pldi-2009",
      }),
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Route loaders

describe(`proceedings page loaders (${dialectUnderTest})`, () => {
  it("/proceedings: the cards, or an empty section when the load fails", async () => {
    const ok = await run(() => proceedingsLoader(args(t.ctx)));
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({
      proceedings: [{ slug: "icfp-2010" }, { slug: "pldi-2009", link: "/proceedings/pldi-2009" }],
    });
    const down = await run(() => proceedingsLoader(args(failing(t.ctx, ["proceedings"]))));
    expect(down).toEqual({ status: 200, data: { proceedings: null } });
  });

  it("/proceedings/{slug}: the proceeding with its title as the banner's header text", async () => {
    const { status, data } = await run(() => proceedingLoader(args(t.ctx, { slug: "pldi-2009" })));
    expect(status).toBe(200);
    expect(data).toMatchObject({
      headerText: "Proceedings of PLDI '09",
      proceeding: { event_name: "PLDI '09", papers: [{ paperID: t.proceedings.tracePaperId }, {}] },
    });
  });

  it("/proceedings/{slug}: 404 for unknown and malformed slugs, 503 on a failed load", async () => {
    for (const slug of ["no-such", "Bad_Slug"]) {
      expect((await run(() => proceedingLoader(args(t.ctx, { slug })))).status).toBe(404);
    }
    const down = await run(() =>
      proceedingLoader(args(failing(t.ctx, ["proceedings"]), { slug: "pldi-2009" })),
    );
    expect(down).toEqual({ status: 503, data: { proceeding: null, headerText: "" } });
  });

  it("/proceedings/{slug}/{paper}: the paper, with the proceeding's title as header", async () => {
    const { status, data } = await run(() =>
      proceedingPaperLoader(
        args(t.ctx, { slug: "pldi-2009", paper: String(t.proceedings.tracePaperId) }),
      ),
    );
    expect(status).toBe(200);
    expect(data).toMatchObject({
      headerText: "Proceedings of PLDI '09",
      paper: { paperID: t.proceedings.tracePaperId, proceeding_link: "/proceedings/pldi-2009" },
    });
  });

  it("/proceedings/{slug}/{paper}: 404 for a paper elsewhere or a bad id, 503 on a failed load", async () => {
    const cases = [
      { slug: "pldi-2009", paper: String(t.proceedings.otherPaperId) },
      { slug: "pldi-2009", paper: String(t.seed.paperWithPdfId) },
      { slug: "pldi-2009", paper: "abc" },
      { slug: "Bad_Slug", paper: String(t.proceedings.tracePaperId) },
    ];
    for (const params of cases) {
      const { status } = await run(() => proceedingPaperLoader(args(t.ctx, params)));
      expect(status, JSON.stringify(params)).toBe(404);
    }
    const down = await run(() =>
      proceedingPaperLoader(
        args(failing(t.ctx, ["papers"]), {
          slug: "pldi-2009",
          paper: String(t.proceedings.tracePaperId),
        }),
      ),
    );
    expect(down).toEqual({
      status: 503,
      data: {
        paper: null,
        headerText: "",
        link: "",
        source: null,
        citations: null,
        usage: null,
        fullText: "",
        readerMessages: "{}",
      },
    });
  });
});
