/**
 * The scholarly fields of the dashboard calls (issue 16; decisions 255–258) on SQLite and
 * PostgreSQL: authors as people (given and family names, suffix, ORCID iD, affiliations with ROR
 * ids, corresponding author), licence, copyright, dates, funders and references, sent beside
 * the spec's fields and read back from the edit prefill and the public paper answer; the spec's
 * fields alone still work (literal names, never split); an edit that leaves the added fields out
 * keeps them; every bad value is refused with its own message and stores nothing; journals give
 * their licence to new papers; issues have a publication date and are drafts unless published.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ORCID_CHECK_MESSAGE } from "../../shared/orcid.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { corpusPdf } from "../helpers/corpus.ts";
import { journalAsItIs } from "../helpers/dashboard-forms.ts";
import {
  type Attachment,
  paperCount as countPapers,
  type Fields,
  getAs,
  postForm,
} from "../helpers/form-calls.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";
import { pngImage, storedFiles } from "../helpers/uploads.ts";

const JOURNAL = "ethics-review";

const t = seededFileContext({ manager: true });
let pdf: Buffer;

beforeAll(async () => {
  pdf = await corpusPdf("elife-00353-v1.pdf");
});

const post = (url: string, fields: Fields, file?: Attachment) =>
  postForm(t, url, fields, file, t.cookie);
const get = (url: string) => getAs(t, url, t.cookie);
const reader = (url: string) => getAs(t, url, null);
const withPdf = () => ({ field: "paper_file", bytes: pdf, name: "paper.pdf" });

const SPEC_FIELDS: Fields = {
  title: "Volatile Metabolite Profiling of Durum Wheat Kernels",
  doi: "",
  abstract: "Volatile compounds of wheat kernels contaminated by Fusarium poae.",
  keywords: "durum wheat; Fusarium poae",
};

/** A paper with every added field (decision 256), in the seeded issue. */
const FULL: Fields = {
  sel_publication: "",
  ...SPEC_FIELDS,
  "authors[0][given_names]": "Laura",
  "authors[0][family_name]": "Del Coco",
  "authors[0][name]": "ignored: the name is derived",
  "authors[0][email]": "laura.delcoco@unisalento.example",
  "authors[0][orcid]": "0000-0002-1825-0097",
  "authors[0][corresponding]": "Y",
  "authors[0][affiliations][0][name]": "University of Salento, Lecce, Italy",
  "authors[0][affiliations][1][name]": "University of Oxford, Oxford, UK",
  "authors[0][affiliations][1][ror]": "052gg0110",
  "authors[1][given_names]": "Gerald",
  "authors[1][family_name]": "Zuccaro",
  "authors[1][suffix]": "Jr.",
  "authors[1][email]": "",
  "authors[2][name]": "The Open Science Consortium",
  "authors[2][email]": "",
  "authors[2][institution]": "",
  license_url: "http://creativecommons.org/licenses/by/4.0/legalcode",
  copyright_holder: "Del Coco et al",
  copyright_year: "2014",
  published_on: "2014-10-17",
  received_on: "2014-08-01",
  accepted_on: "2014-10",
  funding_statement: "The funders had no role in study design.",
  "funding[0][funder_name]": "Max-Planck-Gesellschaft",
  "funding[0][funder_id]": "http://dx.doi.org/10.13039/501100004189",
  "funding[0][award_ids][0]": "NWO-ALW 821.02.027",
  "funding[0][award_ids][1]": "FP7-PEOPLE-2011-IEF-302388",
  "funding[1][funder_name]": "National Institutes of Health",
  "funding[1][funder_id]": "https://ror.org/01cwqze88",
  "funding[1][award_ids]": "R01 GM082938; R01 GM096190",
  "references[0][citation]":
    "Gitai Z (2009) New fluorescence microscopy methods for microbiology. Curr Opin Microbiol 12: 341–346.",
  "references[0][doi]": "https://doi.org/10.1016/j.mib.2009.03.001",
  "references[0][pmid]": "19356974",
  "references[0][label]": "1",
  "references[0][ref_id]": "ref1",
  "references[1][citation]":
    "R Core Team (2012) R: a language and environment for statistical computing.",
  "references[1][url]": "https://www.r-project.org/",
};

/** Creates a paper with {@link FULL}'s fields, `overrides` on top and `without` left out. */
async function createFull(overrides: Fields = {}, without: string[] = []): Promise<number> {
  const fields: Fields = { ...FULL, sel_publication: String(t.seed.issueId), ...overrides };
  for (const name of without) delete fields[name];
  const res = await post(`/create_paper/${JOURNAL}`, fields, withPdf());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.paperID as number;
}

const paperCount = () => countPapers(t);

describe(`scholarly paper fields on ${dialectUnderTest}`, () => {
  it("round-trips every added field through the edit prefill and the public paper", async () => {
    const id = await createFull();
    const edit = await get(`/get_paper/${JOURNAL}/${id}`);
    expect(edit.status).toBe(200);
    expect(edit.body.paper.authors).toEqual([
      {
        name: "Laura Del Coco",
        email: "laura.delcoco@unisalento.example",
        institution: "University of Salento, Lecce, Italy; University of Oxford, Oxford, UK",
        given_names: "Laura",
        family_name: "Del Coco",
        suffix: "",
        orcid: "https://orcid.org/0000-0002-1825-0097",
        corresponding: true,
        affiliations: [
          { name: "University of Salento, Lecce, Italy", ror: "" },
          { name: "University of Oxford, Oxford, UK", ror: "https://ror.org/052gg0110" },
        ],
      },
      expect.objectContaining({
        name: "Gerald Zuccaro Jr.",
        given_names: "Gerald",
        family_name: "Zuccaro",
        suffix: "Jr.",
        corresponding: false,
        affiliations: [],
      }),
      expect.objectContaining({
        name: "The Open Science Consortium",
        given_names: "",
        family_name: "",
      }),
    ]);
    const scholarly = {
      license_url: "https://creativecommons.org/licenses/by/4.0/",
      copyright_holder: "Del Coco et al",
      copyright_year: 2014,
      received_on: "2014-08-01",
      accepted_on: "2014-10",
      funding_statement: "The funders had no role in study design.",
      funding: [
        {
          funder_name: "Max-Planck-Gesellschaft",
          funder_id: "https://doi.org/10.13039/501100004189",
          award_ids: ["NWO-ALW 821.02.027", "FP7-PEOPLE-2011-IEF-302388"],
        },
        {
          funder_name: "National Institutes of Health",
          funder_id: "https://ror.org/01cwqze88",
          award_ids: ["R01 GM082938", "R01 GM096190"],
        },
      ],
      references: [
        {
          ref_id: "ref1",
          label: "1",
          citation:
            "Gitai Z (2009) New fluorescence microscopy methods for microbiology. Curr Opin Microbiol 12: 341–346.",
          doi: "10.1016/j.mib.2009.03.001",
          pmid: "19356974",
          url: "",
        },
        {
          ref_id: "",
          label: "",
          citation: "R Core Team (2012) R: a language and environment for statistical computing.",
          doi: "",
          pmid: "",
          url: "https://www.r-project.org/",
        },
      ],
    };
    expect(edit.body.paper).toMatchObject({ ...scholarly, published_on: "2014-10-17" });

    const page = await reader(`/get_journal_paper/${JOURNAL}/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.paper).toMatchObject({
      ...scholarly,
      publication_date: "2014-10-17",
      authors: [
        expect.objectContaining({ name: "Laura Del Coco", family_name: "Del Coco" }),
        expect.objectContaining({ name: "Gerald Zuccaro Jr." }),
        expect.objectContaining({ name: "The Open Science Consortium", family_name: "" }),
      ],
    });
    // readers get no e-mail address
    expect(page.body.paper.authors[0]).not.toHaveProperty("email");
  });

  it("keeps the spec's fields alone working: literal names, never split", async () => {
    const res = await post(
      `/create_paper/${JOURNAL}`,
      {
        sel_publication: String(t.seed.issueId),
        ...SPEC_FIELDS,
        "authors[0][name]": "Pietro A. Siciliano",
        "authors[0][email]": "",
        "authors[0][institution]": "CNR IMM; University of Salento",
      },
      withPdf(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const page = await reader(`/get_journal_paper/${JOURNAL}/${res.body.paperID}`);
    expect(page.body.paper.authors).toEqual([
      {
        name: "Pietro A. Siciliano",
        institution: "CNR IMM; University of Salento",
        given_names: "",
        family_name: "",
        suffix: "",
        orcid: "",
        corresponding: false,
        affiliations: [
          { name: "CNR IMM", ror: "" },
          { name: "University of Salento", ror: "" },
        ],
      },
    ]);
    // no date of its own: its issue's (the seeded issue 3/2 of 2025 has its year)
    expect(page.body.paper.publication_date).toBe("2025");
    expect(page.body.paper).toMatchObject({ funding: [], references: [], license_url: "" });
  });

  it("refuses an ORCID iD with a wrong check digit, with its message, storing nothing", async () => {
    const before = await paperCount();
    const files = await storedFiles(t);
    const res = await post(
      `/create_paper/${JOURNAL}`,
      {
        ...FULL,
        sel_publication: String(t.seed.issueId),
        "authors[0][orcid]": "0000-0002-1825-0098",
      },
      withPdf(),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "authors.0.orcid": ORCID_CHECK_MESSAGE });
    expect(res.body.msg).toBe(ORCID_CHECK_MESSAGE);
    expect(await paperCount()).toBe(before);
    expect(await storedFiles(t)).toEqual(files);
  });

  it("names every other bad value by its field", async () => {
    const res = await post(
      `/create_paper/${JOURNAL}`,
      {
        ...FULL,
        sel_publication: String(t.seed.issueId),
        "authors[0][orcid]": "https://example.org/me",
        "authors[0][affiliations][1][ror]": "052gg0111",
        "authors[1][given_names]": "Gerald",
        "authors[1][family_name]": "",
        "authors[1][name]": "",
        "authors[0][corresponding]": "maybe",
        license_url: "https://example.org/my-licence",
        copyright_year: "14",
        published_on: "2014-02-30",
        received_on: "August 2014",
        "funding[0][funder_id]": "10.1000/not-a-funder",
        "funding[1][funder_name]": "",
        "references[0][citation]": "",
        "references[0][doi]": "not a doi",
        "references[1][pmid]": "PMC123",
        "references[1][ref_id]": "1bad id",
      },
      withPdf(),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        "authors.0.affiliations.1.ror",
        "authors.0.corresponding",
        "authors.0.orcid",
        "authors.1.family_name",
        "copyright_year",
        "funding.0.funder_id",
        "funding.1.funder_name",
        "license_url",
        "published_on",
        "received_on",
        "references.0.citation",
        "references.0.doi",
        "references.1.pmid",
        "references.1.ref_id",
      ].sort(),
    );
    expect(res.body.errors).toMatchObject({
      "authors.0.orcid": expect.stringMatching(/^Enter an ORCID iD such as 0000-0002-1825-0097/),
      "authors.1.family_name": expect.stringMatching(/^Enter the family name/),
      license_url: expect.stringMatching(/^Enter a Creative Commons licence URL/),
      published_on: expect.stringMatching(/^Enter the publication date as a year/),
      "funding.0.funder_id": expect.stringMatching(/^Enter a Crossref Funder ID/),
    });
  });

  it("keeps what an edit leaves out, and the stored person of a spec-only author row", async () => {
    const id = await createFull();
    // the form before stage 2: the spec's fields only, the first author renamed
    const res = await post(`/edit_paper/${JOURNAL}/${id}`, {
      sel_publication: String(t.seed.issueId),
      ...SPEC_FIELDS,
      title: "Renamed",
      "authors[0][name]": "Laura Del Coco",
      "authors[0][email]": "laura@new.example",
      "authors[0][institution]":
        "University of Salento, Lecce, Italy; University of Oxford, Oxford, UK",
      "authors[1][name]": "G. Zuccaro",
      "authors[1][email]": "",
      "authors[1][institution]": "",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const edit = (await get(`/get_paper/${JOURNAL}/${id}`)).body.paper;
    expect(edit.authors).toEqual([
      expect.objectContaining({
        name: "Laura Del Coco",
        email: "laura@new.example",
        given_names: "Laura",
        family_name: "Del Coco",
        orcid: "https://orcid.org/0000-0002-1825-0097",
        corresponding: true,
        affiliations: [
          { name: "University of Salento, Lecce, Italy", ror: "" },
          { name: "University of Oxford, Oxford, UK", ror: "https://ror.org/052gg0110" },
        ],
      }),
      // renamed: a literal name now
      expect.objectContaining({ name: "G. Zuccaro", given_names: "", family_name: "", suffix: "" }),
    ]);
    expect(edit).toMatchObject({
      title: "Renamed",
      license_url: "https://creativecommons.org/licenses/by/4.0/",
      copyright_year: 2014,
      published_on: "2014-10-17",
    });
    expect(edit.references).toHaveLength(2);
    expect(edit.funding).toHaveLength(2);

    // empty fields clear; a list sent as one empty field is emptied
    const cleared = await post(`/edit_paper/${JOURNAL}/${id}`, {
      sel_publication: String(t.seed.issueId),
      ...SPEC_FIELDS,
      "authors[0][name]": "Laura Del Coco",
      license_url: "",
      published_on: "",
      copyright_year: "",
      references: "",
      funding: "",
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const after = (await get(`/get_paper/${JOURNAL}/${id}`)).body.paper;
    expect(after).toMatchObject({
      license_url: "",
      published_on: "",
      copyright_year: null,
      copyright_holder: "Del Coco et al",
      references: [],
      funding: [],
    });
    const page = await reader(`/get_journal_paper/${JOURNAL}/${id}`);
    expect(page.body.paper.publication_date).toBe("2025");
  });

  it("gives a new paper its journal's licence unless the request names one", async () => {
    const journal = (await get(`/dashboard/get_journal/${JOURNAL}`)).body.journal;
    // the journal's step 1 as it is, with a licence
    const withLicence = (license_url: string) =>
      post("/edit_journal/1", journalAsItIs(journal, JOURNAL, { license_url }));
    const edit = await withLicence("https://creativecommons.org/licenses/by-nc/4.0/deed.en");
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await get(`/dashboard/get_journal/${JOURNAL}`)).body.journal.license_url).toBe(
      "https://creativecommons.org/licenses/by-nc/4.0/",
    );
    const byDefault = await createFull({}, ["license_url"]);
    const page = await reader(`/get_journal_paper/${JOURNAL}/${byDefault}`);
    expect(page.body.paper.license_url).toBe("https://creativecommons.org/licenses/by-nc/4.0/");
    const own = await createFull();
    expect((await reader(`/get_journal_paper/${JOURNAL}/${own}`)).body.paper.license_url).toBe(
      "https://creativecommons.org/licenses/by/4.0/",
    );
    // a journal licence must be a Creative Commons one
    const bad = await withLicence("https://example.org/licence");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["license_url"]);
  });

  it("takes the same fields for a proceeding's paper, dated by its proceeding's year", async () => {
    const { sel_publication: _, published_on: __, ...fields } = FULL;
    const res = await post(
      `/create_proceeding_paper/${t.seed.proceedingId}`,
      { ...fields, first_page: "465", last_page: "478" },
      withPdf(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const page = await reader(`/get_proceeding_paper/pldi-2009/${res.body.paperID}`);
    expect(page.body.paper).toMatchObject({
      publication_date: "2009",
      received_on: "2014-08-01",
      authors: [
        expect.objectContaining({ family_name: "Del Coco" }),
        expect.anything(),
        expect.anything(),
      ],
      references: [
        expect.objectContaining({ doi: "10.1016/j.mib.2009.03.001" }),
        expect.anything(),
      ],
    });
    const edit = await get(`/get_proceeding_paper_edit/${t.seed.proceedingId}/${res.body.paperID}`);
    expect(edit.body.paper.funding).toHaveLength(2);
  });
});

describe(`issue dates and drafts on ${dialectUnderTest}`, () => {
  const issueForm = (overrides: Fields = {}): Fields => ({
    volume: "19",
    issue: "1",
    title: "",
    year: "2019",
    ...overrides,
  });
  const cover = async () => ({ field: "cover_img", bytes: await pngImage(), name: "cover.png" });

  it("creates a published issue with its publication date when asked; its papers take that date", async () => {
    const res = await post(
      `/create_publication/${JOURNAL}`,
      issueForm({ publication_date: "2019-06", status: "published" }),
      await cover(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const issueId = res.body.id as number;
    const edit = await get(`/get_publication_only/${JOURNAL}/${issueId}`);
    expect(edit.body.publication).toMatchObject({
      publication_date: "2019-06",
      status: "published",
    });
    const paper = await createFull({ sel_publication: String(issueId), published_on: "" });
    const page = await reader(`/get_journal_paper/${JOURNAL}/${paper}`);
    expect(page.body.paper).toMatchObject({ publication_date: "2019-06", year: 2019 });
    const issuePage = await reader(`/get_publication/${JOURNAL}/19/1`);
    expect(issuePage.body.publication.publication_date).toBe("2019-06");

    // an edit without the date keeps it while the year stays; a new year resets it
    const same = await post(`/edit_publication/${JOURNAL}/${issueId}`, issueForm());
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(
      (await get(`/get_publication_only/${JOURNAL}/${issueId}`)).body.publication,
    ).toMatchObject({
      publication_date: "2019-06",
      status: "published",
    });
    await post(`/edit_publication/${JOURNAL}/${issueId}`, issueForm({ year: "2020" }));
    expect(
      (await get(`/get_publication_only/${JOURNAL}/${issueId}`)).body.publication.publication_date,
    ).toBe("2020");
  });

  it("creates a draft by default, which readers cannot see", async () => {
    const res = await post(
      `/create_publication/${JOURNAL}`,
      issueForm({ volume: "20" }),
      await cover(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const edit = await get(`/get_publication_only/${JOURNAL}/${res.body.id}`);
    expect(edit.body.publication).toMatchObject({ status: "draft", publication_date: "2019" });
    expect((await reader(`/get_publication/${JOURNAL}/20/1`)).status).toBe(404);
    // publishing through the edit call
    const published = await post(
      `/edit_publication/${JOURNAL}/${res.body.id}`,
      issueForm({ volume: "20", status: "published" }),
    );
    expect(published.status).toBe(200);
    expect((await reader(`/get_publication/${JOURNAL}/20/1`)).status).toBe(200);
  });

  it("refuses a publication date outside the publication year, or not a date", async () => {
    for (const [date, message] of [
      ["2018-12-31", "The publication date must fall in the publication year, 2019."],
      ["2019-13", expect.stringMatching(/^Enter the publication date as a year/)],
    ] as const) {
      const res = await post(
        `/create_publication/${JOURNAL}`,
        issueForm({ volume: "21", publication_date: date }),
        await cover(),
      );
      expect(res.status, date).toBe(400);
      expect(res.body.errors).toEqual({ publication_date: message });
    }
  });
});
