/**
 * "Fill empty fields from this file" (decision 317): only empty fields and empty lists are
 * filled; what the manager entered stays and is named when the file says otherwise; the
 * journal's default licence may be replaced, a licence the manager chose may not. What was
 * filled and kept is said in the page's language (decision 382).
 */
import { describe, expect, it } from "vitest";
import { fillMessage, planFill } from "../../app/components/dashboard/jats-fill.ts";
import { loadCatalogues } from "../../server/i18n/catalogues.ts";
import type { JatsMetadata } from "../../shared/api.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";

loadCatalogues();
const en = translatorFor("en");
/** What a plan names, as the English page shows it. */
const shown = (items: string[]) => items.map((item) => en(item));

const CC_BY = "https://creativecommons.org/licenses/by/4.0/";

const metadata: JatsMetadata = {
  title: "Tadpoles",
  doi: "10.1371/journal.pone.0115884",
  abstract: "Frogs.",
  keywords: "frogs, tadpoles",
  first_page: "e0115884",
  last_page: "",
  language: "en",
  translations: [],
  authors: [
    {
      name: "Djoko T. Iskandar",
      email: "",
      institution: "ITB",
      given_names: "Djoko T.",
      family_name: "Iskandar",
      suffix: "",
      orcid: "",
      affiliations: [{ name: "ITB", ror: "" }],
      corresponding: true,
    },
  ],
  scholarly: {
    license_url: CC_BY,
    copyright_holder: "Iskandar et al",
    copyright_year: 2014,
    published_on: "2014-12-31",
    received_on: "2014-07-22",
    accepted_on: "",
    funding_statement: "",
    funding: [],
    references: [{ ref_id: "r1", label: "1", citation: "A.", doi: "", pmid: "", url: "" }],
  },
  left_out: ['The DOI "x" was left out: bad.'],
};

type FormState = Parameters<typeof planFill>[0];
/** The paper form with an empty title and nothing else entered; `overrides` set the rest. */
const emptyForm = (overrides: Partial<FormState> = {}): FormState => ({
  fields: { title: "" },
  licence: "",
  defaultLicence: "",
  authors: 0,
  funding: 0,
  references: 0,
  ...overrides,
});

describe("planFill", () => {
  it("fills empty fields and lists, keeps and names what the manager entered", () => {
    const plan = planFill(
      {
        fields: {
          title: "My own title",
          doi: "",
          abstract: "Frogs.",
          keywords: " ",
          copyright_year: "",
        },
        licence: "https://creativecommons.org/licenses/by-nc/4.0/",
        defaultLicence: CC_BY,
        authors: 2,
        funding: 0,
        references: 0,
      },
      metadata,
    );
    expect(plan.fields).toEqual({
      doi: "10.1371/journal.pone.0115884",
      keywords: "frogs, tadpoles",
      copyright_year: "2014",
    });
    // first_page is not a field of this (journal) form: not offered
    expect(plan.fields).not.toHaveProperty("first_page");
    expect(plan.licence).toBeNull();
    expect(plan.authors).toBe(false);
    expect(plan.references).toBe(true);
    expect(shown(plan.kept)).toEqual(["Title", "Licence", "Author(s)"]);
    expect(fillMessage(plan, metadata.left_out, en, "en")).toBe(
      'Filled from the JATS file: DOI Number, Keywords, Copyright year, 1 reference. Kept what you entered (the file differs): Title, Licence, Author(s). The DOI "x" was left out: bad.',
    );
  });

  it("says it in another language, plurals by that language's rules", () => {
    const plan = planFill(emptyForm(), {
      ...metadata,
      scholarly: { ...metadata.scholarly, references: [] },
    });
    const pseudo = fillMessage(plan, [], translatorFor("en-XA"), "en-XA");
    expect(pseudo).not.toMatch(/Filled from|Title|author/);
    expect(pseudo).toContain("1");
  });

  it("replaces the journal's default licence and fills authors into an empty list", () => {
    const bySa = "https://creativecommons.org/licenses/by-sa/4.0/";
    const plan = planFill(
      emptyForm({ licence: bySa, defaultLicence: bySa, references: 3 }),
      metadata,
    );
    expect(plan.fields).toEqual({ title: "Tadpoles" });
    expect(plan.licence).toBe(CC_BY);
    expect(plan.authors).toBe(true);
    expect(shown(plan.filled)).toEqual(["Title", "Licence", "1 author"]);
    expect(shown(plan.kept)).toEqual(["References"]);
  });
});
