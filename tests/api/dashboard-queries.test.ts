import { describe, expect, it } from "vitest";
import { getPaperForEdit } from "../../server/features/papers/queries.ts";
import {
  getPublicationForEdit,
  listDashboardPublications,
} from "../../server/features/publications/queries.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext();

describe(`dashboard read side on ${dialectUnderTest}`, () => {
  it("lists every issue of a journal, drafts included, with counts and row actions", async () => {
    const rows = await listDashboardPublications(t.ctx, "ethics-review");
    expect(rows?.map((r) => [r.volume, r.number, r.status, r.no_of_papers])).toEqual([
      ["3", "3", "draft", 0],
      ["3", "2", "published", 2],
      ["3", "1", "published", 0],
    ]);
    const draft = rows![0]!;
    expect(draft.uploaded_on).toBe("2026-01-10");
    expect(draft.actions).toContainEqual({
      label: "Publish",
      link: `/publication_action/ethics-review/${t.seed.draftIssueId}/publish`,
      link_type: "api",
    });
    expect(draft.actions.map((a) => a.label)).toContain("Delete");
    const withPapers = rows![1]!;
    expect(withPapers.actions.map((a) => a.label)).toEqual([
      "View",
      "Edit",
      "Add Paper",
      "Unpublish",
    ]);
    expect(withPapers.actions[0]).toEqual({
      label: "View",
      link: "/dashboard/ethics-review/3/2",
      link_type: "link",
    });
    expect(await listDashboardPublications(t.ctx, "nope")).toBeNull();
    expect(await listDashboardPublications(t.ctx, "hidden-annals")).toHaveLength(1);
  });

  it("prefills an issue with its editors in order, only within its journal", async () => {
    const edit = await getPublicationForEdit(t.ctx, "ethics-review", t.seed.issueId);
    expect(edit).toMatchObject({ volume: "3", issue: "2", year: 2025, title: "" });
    expect(edit?.editors.map((e) => e.name)).toEqual(["Chief One", "Assoc One", "Assoc Two"]);
    expect(await getPublicationForEdit(t.ctx, "hidden-annals", t.seed.issueId)).toBeNull();
  });

  it("prefills a paper with authors and emails, drafts and inactive journals included", async () => {
    const paper = await getPaperForEdit(t.ctx, "ethics-review", t.seed.paperWithPdfId);
    expect(paper).toMatchObject({
      title: "A good life",
      publication: String(t.seed.issueId),
      authors: [
        {
          name: "Eve Marder",
          email: "marder@brandeis.edu",
          institution: "Brandeis University; Volen Center",
        },
        { name: "Second Author", email: "", institution: "MIT" },
      ],
    });
    expect(await getPaperForEdit(t.ctx, "hidden-annals", t.seed.inactivePaperId)).not.toBeNull();
    expect(await getPaperForEdit(t.ctx, "ethics-review", t.seed.inactivePaperId)).toBeNull();
  });
});
