/**
 * Characters XML forbids (decision 189) are removed from text where it enters (the forms' zod
 * schemas) and where XML is written (escapeXml), and nothing else is touched.
 */
import { describe, expect, it } from "vitest";
import { escapeXml } from "../../server/http/xml-stream.ts";
import { paperSchema, publicationSchema } from "../../shared/schemas.ts";
import { stripXmlForbidden } from "../../shared/xml-text.ts";

describe("characters XML forbids", () => {
  it("are removed: C0 controls but tab/LF/CR, lone surrogates, U+FFFE and U+FFFF", () => {
    const text = "a\u0000b\u0001c\u0008d\u000be\u000cf\u000eg\u001fh\ud800i\udc00j\ufffek\uffff";
    expect(stripXmlForbidden(text)).toBe("abcdefghijk");
  });

  it("keep tab, line breaks, astral characters and ordinary text", () => {
    const text = "Tab\there\nline\r\nÉmile 😀 — ∑";
    expect(stripXmlForbidden(text)).toBe(text);
    expect(escapeXml("<a\u0001 & 'b'>")).toBe("&lt;a &amp; &apos;b&apos;&gt;");
  });

  it("never reach the database through a form", () => {
    const issue = publicationSchema.parse({
      volume: "5",
      issue: "1",
      title: "Special\u0001 issue",
      year: "2016",
      editors: [],
    });
    expect(issue.title).toBe("Special issue");
    expect(issue.show_number).toBe(true);
    expect(publicationSchema.parse({ ...issue, year: "2016", show_number: "N" }).show_number).toBe(
      false,
    );
    const paper = paperSchema.safeParse({
      sel_publication: "1",
      title: "\u0002Stability of a circuit\u001f",
      abstract: "An\u000b abstract.",
      doi: "10.7554/eLife.13833\u0001",
      authors: [{ name: "Ada\u0003 Lovelace", email: "", institution: "" }],
    });
    expect(paper.success, JSON.stringify(paper.error?.issues)).toBe(true);
    expect(paper.data?.title).toBe("Stability of a circuit");
    expect(paper.data?.abstract).toBe("An abstract.");
    expect(paper.data?.doi).toBe("10.7554/eLife.13833");
    expect(paper.data?.authors[0]?.name).toBe("Ada Lovelace");
  });
});
