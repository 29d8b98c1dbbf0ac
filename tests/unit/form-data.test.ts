import { describe, expect, it } from "vitest";
import { toFormData } from "../../app/lib/form-data.ts";

describe("toFormData", () => {
  it("writes arrays of people with the spec's bracket names, in order", () => {
    const body = toFormData({
      volume: "3",
      year: 2025,
      editors: [
        { name: "Ada", email: "", institution: "Oxford", role: "Editor" },
        { name: "Alan", email: "a@b.c", institution: null, role: "Reviewer" },
      ],
    });
    expect([...body.entries()]).toEqual([
      ["volume", "3"],
      ["year", "2025"],
      ["editors[0][name]", "Ada"],
      ["editors[0][email]", ""],
      ["editors[0][institution]", "Oxford"],
      ["editors[0][role]", "Editor"],
      ["editors[1][name]", "Alan"],
      ["editors[1][email]", "a@b.c"],
      ["editors[1][institution]", ""],
      ["editors[1][role]", "Reviewer"],
    ]);
  });

  it("sends flags as Y/N and leaves out empty files and missing values", () => {
    const body = toFormData(
      { journal_active: true, other: undefined },
      { cover_img: new File([], "empty.png"), paper_file: new File(["%PDF-"], "p.pdf") },
    );
    expect(body.get("journal_active")).toBe("Y");
    expect(body.has("other")).toBe(false);
    expect(body.has("cover_img")).toBe(false);
    expect((body.get("paper_file") as File).name).toBe("p.pdf");
  });

  it("writes nested lists one bracket deeper (authors' affiliations, award numbers)", () => {
    const body = toFormData({
      authors: [
        {
          family_name: "Del Coco",
          affiliations: [{ name: "Salento", ror: "https://ror.org/03fc1k060" }],
        },
      ],
      funding: [{ funder_name: "NSF", award_ids: ["A1", "B2"] }],
    });
    expect([...body.entries()]).toEqual([
      ["authors[0][family_name]", "Del Coco"],
      ["authors[0][affiliations][0][name]", "Salento"],
      ["authors[0][affiliations][0][ror]", "https://ror.org/03fc1k060"],
      ["funding[0][funder_name]", "NSF"],
      ["funding[0][award_ids][0]", "A1"],
      ["funding[0][award_ids][1]", "B2"],
    ]);
  });
});
