import { describe, expect, it } from "vitest";
import { defaultLanguageText } from "../../server/i18n/catalogues.ts";
import { yearChoices } from "../../shared/constants.ts";
import {
  isValidIssn,
  journalEditSchema,
  journalStep1Schema,
  journalStep2Schema,
  normaliseDoi,
  paperSchema,
  partnerSchema,
  proceedingEditSchema,
  proceedingSchema,
  publicationSchema,
} from "../../shared/schemas.ts";

/**
 * Field → message of a failed parse (the shape `parseInput` sends as `errors`), in English as a
 * reader gets it (a message with values is carried with them: shared/i18n/messages.ts).
 */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return Object.fromEntries(
    result.error!.issues.map((i) => [i.path.join("."), defaultLanguageText(i.message)]),
  );
}

const step1 = {
  journal_name: "  PLOS ONE ",
  abbreviation: "PLoS One",
  journal_uri: "plos-one",
  publisher: "Public Library of Science",
  pub_frequency: "monthly",
  issn: "1932-6203",
  journal_intro: "An inclusive journal.",
};

describe("ISSN (ISO 3297 check digit)", () => {
  it("accepts the real corpus ISSNs, including X check digits", () => {
    for (const issn of [
      "2049-3630",
      "1932-6203",
      "1553-734X",
      "1687-630X",
      "2050-084X",
      "1535-6078",
    ]) {
      expect(isValidIssn(issn), issn).toBe(true);
    }
  });

  it("refuses a wrong check digit with a message naming the format", () => {
    const errors = errorsOf(journalStep1Schema.safeParse({ ...step1, issn: "1932-6204" }));
    expect(errors.issn).toBe("Enter a valid ISSN such as 2049-3630.");
  });

  it("normalises a compact or lower-case ISSN to NNNN-NNNC", () => {
    const parsed = journalStep1Schema.parse({ ...step1, issn: " 1553734x " });
    expect(parsed.issn).toBe("1553-734X");
  });
});

describe("journal forms", () => {
  it("trims text and lower-cases the URI", () => {
    const parsed = journalStep1Schema.parse({ ...step1, journal_uri: "PLOS-One" });
    expect(parsed.journal_name).toBe("PLOS ONE");
    expect(parsed.journal_uri).toBe("plos-one");
  });

  it("requires every step-1 field (docs/product/validation.md) with a sentence per field", () => {
    const errors = errorsOf(journalStep1Schema.safeParse({}));
    expect(Object.keys(errors).sort()).toEqual(
      [
        "abbreviation",
        "issn",
        "journal_intro",
        "journal_name",
        "journal_uri",
        "pub_frequency",
        "publisher",
      ].sort(),
    );
    expect(errors.journal_name).toBe("Enter the journal name.");
    expect(errors.pub_frequency).toBe("Choose a publishing frequency from the list.");
  });

  it("refuses a URI that is not a slug and a frequency outside the spec's list", () => {
    const errors = errorsOf(
      journalStep1Schema.safeParse({ ...step1, journal_uri: "plos one", pub_frequency: "weekly" }),
    );
    expect(errors.journal_uri).toMatch(/lower-case letters, digits and hyphens/);
    expect(errors.pub_frequency).toBeDefined();
    // spelt exactly as the spec stores them
    expect(journalStep1Schema.parse({ ...step1, pub_frequency: "quartely" }).pub_frequency).toBe(
      "quartely",
    );
  });

  it("checks both step-2 emails", () => {
    const errors = errorsOf(
      journalStep2Schema.safeParse({
        submission_guide: "x",
        other_guide: "y",
        journal_email: "not-an-email",
        journal_cost: "None",
        contact_name: "A Person",
        contact_email: "",
        journal_uri: "plos-one",
      }),
    );
    expect(errors.journal_email).toBe("Enter a valid email address such as name@example.org.");
    expect(errors.contact_email).toBe("Enter the contact email address.");
  });

  it("takes the active flag as Y or N on edit", () => {
    const base = { ...step1, primary_journal_uri: "plos-one" };
    expect(journalEditSchema.parse({ ...base, journal_active: "N" }).journal_active).toBe("N");
    expect(
      errorsOf(journalEditSchema.safeParse({ ...base, journal_active: "yes" })).journal_active,
    ).toBeDefined();
  });
});

describe("publications", () => {
  it("offers exactly the 51 years of docs/product/validation.md", () => {
    const years = yearChoices();
    const ok = publicationSchema.parse({ volume: "9", issue: "12", year: String(years[50]) });
    expect(ok.year).toBe(years[50]);
    const errors = errorsOf(
      publicationSchema.safeParse({ volume: "9", issue: "12", year: years[50]! - 1 }),
    );
    expect(errors.year).toBe(`Choose a year between ${years[50]} and ${years[0]}.`);
  });

  it("keeps editors in order and requires each one's name and role", () => {
    const parsed = publicationSchema.parse({
      volume: "1",
      issue: "2",
      year: yearChoices()[0],
      editors: [
        { name: " Ann Editor ", role: "Editor" },
        { name: "Bo Reviewer", role: "Academic Editor", email: "bo@example.org", institution: "X" },
      ],
    });
    expect(parsed.editors.map((e) => e.name)).toEqual(["Ann Editor", "Bo Reviewer"]);
    expect(parsed.editors[0]!.email).toBe("");
    const errors = errorsOf(
      publicationSchema.safeParse({
        volume: "1",
        issue: "2",
        year: 2020,
        editors: [{ name: "", role: "" }],
      }),
    );
    expect(errors["editors.0.name"]).toBe("Enter each editor's name.");
    expect(errors["editors.0.role"]).toMatch(/role/);
  });

  it("takes volume and issue as whole numbers (decision 001)", () => {
    const errors = errorsOf(publicationSchema.safeParse({ volume: "1/2", issue: "0", year: 2020 }));
    expect(errors.volume).toBe("Enter the volume number as a whole number, such as 9.");
    expect(errors.issue).toBe("Enter the issue number as a whole number, such as 2.");
    expect(publicationSchema.parse({ volume: " 2016 ", issue: "1", year: 2020 }).volume).toBe(
      "2016",
    );
  });
});

describe("papers", () => {
  const paper = { sel_publication: "4", title: "T", abstract: "A" };

  it("normalises a pasted DOI link to the bare DOI", () => {
    expect(
      paperSchema.parse({ ...paper, doi: "https://doi.org/10.1371/journal.pone.0115884" }).doi,
    ).toBe("10.1371/journal.pone.0115884");
    expect(normaliseDoi("http://dx.doi.org/10.7554/eLife.00353")).toBe("10.7554/eLife.00353");
    expect(normaliseDoi("doi:10.1145/1542476.1542528")).toBe("10.1145/1542476.1542528");
    expect(normaliseDoi("https://doi.org/10.1000%2Fabc")).toBe("10.1000/abc");
  });

  it("refuses text that is not a DOI, and allows none", () => {
    expect(errorsOf(paperSchema.safeParse({ ...paper, doi: "pone.0115884" })).doi).toMatch(
      /^This is not a DOI as Crossref writes them: 10\., 4 to 9 digits, a slash/,
    );
    expect(paperSchema.parse(paper).doi).toBe("");
  });

  it("takes DOIs by Crossref's syntax only (issue 15)", () => {
    const doiOf = (doi: string) => paperSchema.safeParse({ ...paper, doi });
    for (const good of [
      "10.1371/journal.pone.0115884",
      "10.1145/1542476.1542528",
      "10.1002/(SICI)1097-4636(199706)35:4_407::AID-JBM1_3.0.CO;2-P",
      "10.123456789/a-b_c.d;e(f)/g:h",
    ]) {
      expect(doiOf(good).success, good).toBe(true);
    }
    for (const bad of [
      "10.1234/x},url={https://evil.example},title={Forged",
      "10.1234/x y",
      "10.1234/x\nER  - ",
      '10.1234/x"onmouseover="alert(1)',
      "10.1234/<script>",
      "10.123/three-digit-registrant",
      "10.1234567890/ten-digits",
      "10.1000.10/sub-registrant",
      "10.1234/",
      "11.1234/x",
    ]) {
      expect(errorsOf(doiOf(bad)).doi, bad).toMatch(/^This is not a DOI/);
    }
    // a percent-encoded brace is decoded first, then refused
    expect(errorsOf(doiOf("https://doi.org/10.1234/x%7D")).doi).toMatch(/^This is not a DOI/);
  });

  it("requires the publication, title and abstract, and valid author emails", () => {
    const errors = errorsOf(paperSchema.safeParse({ authors: [{ name: "A", email: "x@" }] }));
    expect(errors.sel_publication).toBe("Choose the publication (issue) of this paper.");
    expect(errors.title).toBe("Enter the title of the paper.");
    expect(errors.abstract).toBe("Enter the abstract.");
    expect(errors["authors.0.email"]).toMatch(/valid email/);
    expect(paperSchema.parse(paper).sel_publication).toBe(4);
  });
});

describe("proceedings", () => {
  const base = { title: "Proceedings", year: yearChoices()[0], intro: "About." };

  it("needs an event choice on create", () => {
    expect(errorsOf(proceedingSchema.safeParse({ ...base, event: "" })).event).toMatch(
      /Choose the event/,
    );
    expect(proceedingSchema.parse({ ...base, event: "7" }).event).toBe(7);
  });

  it("requires the event fields for a new event, with the end not before the start", () => {
    const errors = errorsOf(
      proceedingSchema.safeParse({
        ...base,
        event: "new",
        event_start_date: "2009-06-20",
        event_end_date: "2009-06-15",
      }),
    );
    expect(errors.event_name).toBe("Enter the event name.");
    expect(errors.event_end_date).toBe("The event cannot end before it starts.");
    const bad = errorsOf(
      proceedingSchema.safeParse({
        ...base,
        event: "new",
        event_name: "E",
        event_start_date: "2009-02-30",
        event_end_date: "x",
      }),
    );
    expect(bad.event_start_date).toMatch(/as a date such as 2009-06-15/);
  });

  it("on edit, shows (and requires) the event fields for any chosen event", () => {
    const errors = errorsOf(
      proceedingEditSchema.safeParse({ ...base, event: "3", primary_event_id: "3" }),
    );
    expect(errors.event_name).toBeDefined();
    const kept = proceedingEditSchema.parse({ ...base, event: "", primary_event_id: "3" });
    expect(kept.event).toBe("");
    expect(kept.primary_event_id).toBe(3);
  });
});

describe("partners", () => {
  it("accepts only http(s) links", () => {
    expect(
      errorsOf(partnerSchema.safeParse({ name: "X", link: "javascript:alert(1)" })).link,
    ).toMatch(/https:/);
    expect(partnerSchema.parse({ name: "X", link: "https://example.org" }).link).toBe(
      "https://example.org",
    );
    expect(partnerSchema.parse({ name: "X" }).link).toBe("");
  });
});
