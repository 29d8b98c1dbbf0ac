import { describe, expect, it } from "vitest";
import { z } from "zod";
import { authorRowOf, authorToWire } from "../../app/components/dashboard/author-rows.tsx";
import { listErrors } from "../../app/components/dashboard/list-rows.tsx";
import { referencesFromLines } from "../../app/components/dashboard/reference-rows.tsx";
import { authorSchema } from "../../shared/schemas.ts";

describe("the paper form's rows (decision 251)", () => {
  it("sends a stored person back as the same person, and a literal name unsplit", () => {
    const stored = {
      name: "Laura Del Coco",
      email: "laura@example.org",
      institution: "University of Salento",
      given_names: "Laura",
      family_name: "Del Coco",
      suffix: "",
      orcid: "https://orcid.org/0000-0002-1825-0097",
      affiliations: [{ name: "University of Salento", ror: "https://ror.org/052gg0110" }],
      corresponding: true,
    };
    const parsed = authorSchema.parse(authorToWire(authorRowOf(stored)));
    expect(parsed).toMatchObject({ ...stored, structured: true });
    const organisation = authorRowOf({ name: "The Wheat Consortium", email: "", institution: "" });
    expect(organisation.literal).toBe(true);
    expect(authorSchema.parse(authorToWire(organisation))).toMatchObject({
      name: "The Wheat Consortium",
      family_name: "",
      given_names: "",
    });
  });

  it("keys a row's messages by wire path, as the server does", () => {
    const row = authorToWire({ ...authorRowOf({ name: "", email: "", institution: "" }) });
    const errors = listErrors("authors", z.array(authorSchema), [
      { ...row, family_name: "Coco", orcid: "0000-0002-1825-0098" },
    ]);
    expect(errors["authors.0.orcid"]).toMatch(/check digit/);
  });

  it("splits pasted references into rows with their label, DOI, PMID and URL", () => {
    const rows = referencesFromLines(
      "1. Smith J. Volatiles. Nature. 2001. doi:10.1038/35057062.\n\n[2] Doe J. PMID: 19356974 https://example.org/x.\nPlain reference https://doi.org/10.1000/abc",
    );
    expect(rows.map(({ key: _, ...r }) => r)).toEqual([
      {
        ref_id: "",
        label: "1",
        // the DOI goes to its field only: the paper page would show it twice (issue 34)
        citation: "Smith J. Volatiles. Nature. 2001.",
        doi: "10.1038/35057062",
        pmid: "",
        url: "",
      },
      {
        ref_id: "",
        label: "2",
        citation: "Doe J. PMID: 19356974 https://example.org/x.",
        doi: "",
        pmid: "19356974",
        url: "https://example.org/x",
      },
      {
        ref_id: "",
        label: "",
        citation: "Plain reference",
        doi: "10.1000/abc",
        pmid: "",
        url: "",
      },
    ]);
  });
});
