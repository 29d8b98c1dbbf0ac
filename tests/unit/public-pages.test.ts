/**
 * Rules of the public pages that do not need a browser: the carousel's slides per width (spec
 * section 9), the journal's optional lines (docs/product/screens.md), the issue title line, page
 * metadata, author lines, plain-text rendering and section loads that fail (docs/product/errors.md),
 * and these in the reader's language (decision 382).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { slidesLayout, slidesVisibleAt } from "../../app/components/home/carousel-settings.ts";
import { issueTitleLine } from "../../app/components/journal/issue-title.ts";
import { journalFacts } from "../../app/components/journal/journal-facts.tsx";
import { authorLine } from "../../app/components/ui/authors.ts";
import { PlainText } from "../../app/components/ui/plain-text.tsx";
import { loadSection } from "../../app/lib/public-load.ts";
import { pageMeta } from "../../app/lib/root-data.ts";
import { loadCatalogues } from "../../server/i18n/catalogues.ts";
import type { AppContext } from "../../server/services/context.ts";
import type { JournalDetail } from "../../shared/api.ts";
import { CAROUSEL } from "../../shared/constants.ts";
import {
  localizeIssueLabel,
  publicationLabel,
  publicationLabelIn,
  volumeNumber,
  volumeNumberIn,
} from "../../shared/format.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";

beforeAll(loadCatalogues);
const en = () => translatorFor("en");
const pseudo = () => translatorFor("en-XA");

describe("partner carousel layout (docs/product/constants.md)", () => {
  it("turns '4, 3 below 1024, 2 below 640, 1 below 480' into minimum-width breakpoints", () => {
    expect(slidesLayout(CAROUSEL)).toEqual({
      base: 1,
      breakpoints: {
        480: { slidesPerView: 2 },
        640: { slidesPerView: 3 },
        1024: { slidesPerView: 4 },
      },
    });
  });

  it.each([
    [375, 1],
    [479, 1],
    [480, 2],
    [639, 2],
    [640, 3],
    [1023, 3],
    [1024, 4],
    [1280, 4],
  ])("shows the right number of slides at %i px", (width, slides) => {
    expect(slidesVisibleAt(width)).toBe(slides);
  });

  it("keeps the other settings of the spec", () => {
    expect(CAROUSEL).toMatchObject({ speedMs: 500, autoplayMs: 2000, infinite: true, dots: false });
  });
});

const journal: JournalDetail = {
  name: "PLOS ONE",
  abbreviation: "PLoS One",
  uri: "plos-one",
  image: null,
  issn: "1932-6203",
  eissn: "",
  intro: "",
  sub_guide: "",
  other_guide: "",
  publisher: "Public Library of Science",
  frequency: "quartely",
  email: "",
  cost: "  ",
  contact_name: "Jane Editor",
  contact_email: "",
  active: true,
  subject: "science-technology",
  license_url: "",
  doi_prefix: "",
  doi_pattern: "",
  preservation: "",
  update_policy: "",
  update_policy_doi: "",
  primary_language: "en",
  languages: ["en"],
};

describe("journal optional lines (docs/product/screens.md)", () => {
  it("shows only the lines with a value, frequency by its label", () => {
    expect(journalFacts(journal, en())).toEqual([
      { label: "ISSN", value: "1932-6203" },
      { label: "Publisher", value: "Public Library of Science" },
      { label: "Publication Frequency", value: "Quarterly" },
      { label: "Contact Name", value: "Jane Editor" },
    ]);
  });

  it("names both ISSNs when the journal has a print and an online one, and marks emails", () => {
    const facts = journalFacts(
      {
        ...journal,
        issn: "1553-734X",
        eissn: "1553-7358",
        email: "office@example.org",
        contact_email: "jane@example.org",
      },
      en(),
    );
    expect(facts[0]).toEqual({ label: "ISSN", value: "1553-734X (print), 1553-7358 (online)" });
    expect(facts.filter((f) => f.email).map((f) => f.label)).toEqual([
      "Journal Email",
      "Contact Email",
    ]);
  });

  it("shows nothing for a journal without any of them", () => {
    const bare = { ...journal, issn: "", publisher: "", frequency: "", contact_name: "" };
    expect(journalFacts(bare, en())).toEqual([]);
  });

  it("labels the lines in the reader's language, the journal's own values as typed", () => {
    const facts = journalFacts(journal, pseudo());
    expect(facts.map((f) => f.value)).toContain("Public Library of Science");
    expect(facts.map((f) => f.label)).not.toContain("Publisher");
    expect(facts.map((f) => f.value)).not.toContain("Quarterly");
  });
});

describe("issue title line (docs/product/screens.md)", () => {
  it("is '{abbreviation} Vol. {volume} No. {issue} ,{year}' exactly", () => {
    const issue = {
      journal_abbreviation: "PLoS One",
      volume: "10",
      issue: "1",
      show_number: true,
      year: 2015,
    };
    expect(issueTitleLine(issue, en())).toBe("PLoS One Vol. 10 No. 1 ,2015");
    const foreign = issueTitleLine(issue, pseudo());
    expect(foreign).toMatch(/^PLoS One.*10.*1.*2015/);
    expect(foreign).not.toContain("Vol.");
  });

  it("names no number for an issue without one (continuous publication, decision 185)", () => {
    const line = issueTitleLine(
      {
        journal_abbreviation: "eLife",
        volume: "5",
        issue: "1",
        show_number: false,
        year: 2016,
      },
      en(),
    );
    expect(line).toBe("eLife Vol. 5 ,2016");
  });
});

describe("issue labels on pages (the API's `label` unchanged)", () => {
  it("reads in English as the API's label does", () => {
    for (const show of [true, false]) {
      expect(volumeNumberIn(en(), "3", "2", show)).toBe(volumeNumber("3", "2", show));
      expect(publicationLabelIn(en(), "3", "2", 2025, show)).toBe(
        publicationLabel("3", "2", 2025, show),
      );
    }
  });

  it("puts a label the API gives as a string in the reader's language, and nothing else", () => {
    expect(localizeIssueLabel(en(), "Vol. 3 No. 2 (2025)")).toBe("Vol. 3 No. 2 (2025)");
    const local = localizeIssueLabel(pseudo(), "PLOS ONE Vol. 3 (2025)");
    expect(local).toMatch(/^PLOS ONE .*3.*2025/);
    expect(local).not.toContain("Vol.");
    expect(localizeIssueLabel(pseudo(), "PLDI '09 (2009)")).toBe("PLDI '09 (2009)");
  });
});

describe("page metadata", () => {
  const matches = [{ id: "root", loaderData: { siteName: "Press" } }];

  it("titles a page '{page} | {product}' with description, Open Graph and Twitter tags", () => {
    expect(pageMeta(matches, "Journals", "All our journals.")).toEqual([
      { title: "Journals | Press" },
      { name: "description", content: "All our journals." },
      { property: "og:title", content: "Journals" },
      { property: "og:description", content: "All our journals." },
      { property: "og:site_name", content: "Press" },
      { property: "og:type", content: "website" },
      { name: "twitter:card", content: "summary" },
      { name: "twitter:title", content: "Journals" },
      { name: "twitter:description", content: "All our journals." },
    ]);
  });

  it("makes the image and page URL absolute and links the journal's feed (decisions 187, 188)", () => {
    const origin = "https://journals.example.edu";
    const withOrigin = [{ id: "root", loaderData: { siteName: "Press", origin } }];
    const tags = pageMeta(withOrigin, "Ethics Review", "A journal.", {
      image: "/files/covers/x.png",
      path: "/journal/ethics",
      journal: { uri: "ethics", name: "Ethics Review" },
      jsonLd: { "@context": "https://schema.org", "@type": "Periodical" },
    });
    expect(tags).toContainEqual({ property: "og:url", content: `${origin}/journal/ethics` });
    expect(tags).toContainEqual({ property: "og:image", content: `${origin}/files/covers/x.png` });
    expect(tags).toContainEqual({ name: "twitter:image", content: `${origin}/files/covers/x.png` });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      href: "/journal/ethics/feed.xml",
      title: "Ethics Review: new papers",
    });
    expect(tags).toContainEqual({
      "script:ld+json": { "@context": "https://schema.org", "@type": "Periodical" },
    });
  });

  it("shortens long descriptions at a word boundary", () => {
    const long = `${"word ".repeat(100)}end`;
    const description = pageMeta(matches, "X", long)[1] as { content: string };
    expect(description.content.length).toBeLessThanOrEqual(300);
    expect(description.content).toMatch(/word…$/);
  });

  it("words what it adds in the page's language (decision 382)", () => {
    const pseudoPage = [{ id: "root", loaderData: { siteName: "Press", locale: "en-XA" } }];
    const tags = pageMeta(pseudoPage, "Ethics Review", "A journal.", {
      image: "/files/covers/x.png",
      journal: { uri: "ethics", name: "Ethics Review" },
    });
    const alt = tags.find((tag) => "property" in tag && tag.property === "og:image:alt");
    const feed = tags.find((tag) => "tagName" in tag && tag.tagName === "link");
    expect(alt).toMatchObject({ content: expect.stringContaining("Ethics Review") });
    expect(alt).not.toMatchObject({ content: expect.stringContaining("Cover of") });
    expect(feed).toMatchObject({ title: expect.stringContaining("Ethics Review") });
    expect(feed).not.toMatchObject({ title: expect.stringContaining("new papers") });
  });

  it("falls back to the default product name without root data", () => {
    expect(pageMeta([], "", "d")[0]).toEqual({ title: "Athenaeum" });
  });
});

describe("author line", () => {
  it("joins names with commas and 'and'", () => {
    expect(authorLine([])).toBe("");
    expect(authorLine([{ name: "A" }])).toBe("A");
    expect(authorLine([{ name: "A" }, { name: "B" }])).toBe("A and B");
    expect(authorLine([{ name: "A" }, { name: "B" }, { name: "C" }])).toBe("A, B and C");
  });
});

describe("plain text a manager typed", () => {
  it("keeps paragraphs and line breaks and never renders HTML", () => {
    const html = renderToStaticMarkup(
      createElement(PlainText, { text: "First <b>bold</b>\r\n\r\nSecond line\nthird line\n\n\n" }),
    );
    expect(html).toBe(
      '<div class="space-y-4 leading-relaxed "><p class="whitespace-pre-line">First &lt;b&gt;bold&lt;/b&gt;</p><p class="whitespace-pre-line">Second line\nthird line</p></div>',
    );
  });

  it("renders nothing for blank text", () => {
    expect(renderToStaticMarkup(createElement(PlainText, { text: " \n\n " }))).toBe("");
  });
});

describe("public section loads (docs/product/errors.md)", () => {
  const fakeCtx = () => {
    const error = vi.fn();
    return { ctx: { log: { error } } as unknown as AppContext, error };
  };

  it("answers the section's data when it loads", async () => {
    const { ctx, error } = fakeCtx();
    expect(await loadSection(ctx, "s", async () => [1, 2])).toEqual([1, 2]);
    expect(error).not.toHaveBeenCalled();
  });

  it("answers null and logs when the load fails, so only that section stays empty", async () => {
    const { ctx, error } = fakeCtx();
    const failure = new Error("database is down");
    expect(
      await loadSection(ctx, "home: partners", async () => {
        throw failure;
      }),
    ).toBeNull();
    expect(error).toHaveBeenCalledWith(
      { err: failure, section: "home: partners" },
      "public page section failed to load",
    );
  });
});
