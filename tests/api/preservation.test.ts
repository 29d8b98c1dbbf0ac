/**
 * Preservation (issue 16, decision 279): a journal's preservation arrangement, set through the
 * journal calls beside the spec's fields, is shown on its page; the LOCKSS/CLOCKSS manifest of
 * a journal's year carries both permission statements and links to every published issue of
 * that year and its papers and galleys, never a draft's; other years and inactive journals are
 * 404. And the DOI prefix and pattern fields are checked as Crossref writes DOIs.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import {
  CLOCKSS_PERMISSION,
  LOCKSS_PERMISSION,
} from "../../server/features/preservation/lockss.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext({ env: { PUBLIC_URL: "http://journals.example.edu" } });

describe(`preservation on ${dialectUnderTest}`, () => {
  it("lists the year's published issues, papers and galleys under the permission statements", async () => {
    await t.ctx.db
      .updateTable("journals")
      .set({ preservation: "Preserved in CLOCKSS and the PKP Preservation Network." })
      .where("id", "=", t.seed.journalId)
      .execute();
    const { year } = await t.ctx.db
      .selectFrom("publications")
      .select("year")
      .where("id", "=", t.seed.issueId)
      .executeTakeFirstOrThrow();
    const res = await request(t.app).get(`/journal/ethics-review/lockss/${year}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.text).toContain(LOCKSS_PERMISSION);
    expect(res.text).toContain(CLOCKSS_PERMISSION);
    expect(res.text).toContain("Preserved in CLOCKSS and the PKP Preservation Network.");
    expect(res.text).toContain(
      `href="http://journals.example.edu/journal/ethics-review/${t.seed.paperWithPdfId}"`,
    );
    expect(res.text).toMatch(
      /href="http:\/\/journals\.example\.edu\/journal\/ethics-review\/download\/\d+\/[^"]+\.pdf"/,
    );
    expect(res.text).toContain("On Duty");
    // the draft issue's paper is not listed
    expect(res.text).not.toContain("Secret");
  });

  it("answers 404 for a year without issues and for an inactive journal", async () => {
    expect((await request(t.app).get("/journal/ethics-review/lockss/1999")).status).toBe(404);
    const { uri } = await t.ctx.db
      .selectFrom("journals")
      .select("uri")
      .where("id", "=", t.seed.inactiveJournalId)
      .executeTakeFirstOrThrow();
    expect((await request(t.app).get(`/journal/${uri}/lockss/2026`)).status).toBe(404);
  });

  it("shows the arrangement in the journal's answer", async () => {
    const res = await request(t.app).get("/api/get_journal/ethics-review");
    expect(res.body.journal.preservation).toBe(
      "Preserved in CLOCKSS and the PKP Preservation Network.",
    );
    expect(res.body.journal.doi_prefix).toBe("");
  });

  it("serves a paper's generated JATS to readers, never a draft's", async () => {
    const ok = await request(t.app).get(`/journal/ethics-review/${t.seed.paperWithPdfId}/jats.xml`);
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^application\/xml/);
    expect(ok.text).toContain("<!DOCTYPE article PUBLIC");
    const { id } = await t.ctx.db
      .selectFrom("papers")
      .select("id")
      .where("title", "=", "Secret")
      .executeTakeFirstOrThrow();
    expect((await request(t.app).get(`/journal/ethics-review/${id}/jats.xml`)).status).toBe(404);
  });
});
