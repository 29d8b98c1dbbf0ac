/**
 * Every text of the dashboard and account screens comes from the catalogues (issue 32; decision
 * 382): each screen is rendered in the pseudo-locale (`en-XA`, every catalogue text accented
 * and bracketed `[!! … !!]`), and once the content (names, titles, e-mail addresses, codes of the
 * fixtures below) and the bracketed texts are taken away, no word is left: a plain English word
 * is a text that escaped the catalogues. Visible text and the attributes people hear or read
 * (`aria-label`, `title`, `placeholder`, `alt`, an `optgroup`'s `label`) are checked.
 *
 * The browser's language choice cannot select the pseudo-locale (its cookie takes the six
 * interface languages only), so the screens are rendered here, with the pseudo catalogue the
 * server compiles (server/i18n/catalogues.ts), in a memory router.
 */
import { type ComponentProps, type ComponentType, createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AuthorRowsField, authorRowOf } from "../../app/components/dashboard/author-rows.tsx";
import { monthNames } from "../../app/components/dashboard/formats.ts";
import { FundingRowsField, fundingRowOf } from "../../app/components/dashboard/funding-rows.tsx";
import { PaperContents } from "../../app/components/dashboard/paper-contents.tsx";
import {
  ReferenceRowsField,
  referenceRowOf,
} from "../../app/components/dashboard/reference-rows.tsx";
import { SushiPanel } from "../../app/components/dashboard/statistics/sushi-panel.tsx";
import { UsageTable } from "../../app/components/dashboard/statistics/usage-tables.tsx";
import { LocaleProvider } from "../../app/i18n/use-t.tsx";
import ConfirmAdmin from "../../app/routes/confirm-admin.tsx";
import Account from "../../app/routes/dashboard/account.tsx";
import AddProceedingPaper from "../../app/routes/dashboard/add-proceeding-paper.tsx";
import CreateJournal from "../../app/routes/dashboard/create-journal.tsx";
import CreateProceeding from "../../app/routes/dashboard/create-proceeding.tsx";
import CreatePublication from "../../app/routes/dashboard/create-publication.tsx";
import EditJournal from "../../app/routes/dashboard/edit-journal.tsx";
import EditPaper from "../../app/routes/dashboard/edit-paper.tsx";
import EditProceeding from "../../app/routes/dashboard/edit-proceeding.tsx";
import EditPublication from "../../app/routes/dashboard/edit-publication.tsx";
import Journals from "../../app/routes/dashboard/journals.tsx";
import Layout, { HydrateFallback as LayoutLoading } from "../../app/routes/dashboard/layout.tsx";
import Managers from "../../app/routes/dashboard/managers.tsx";
import PaperSubmission from "../../app/routes/dashboard/paper-submission.tsx";
import Partners from "../../app/routes/dashboard/partners.tsx";
import ProceedingPapers from "../../app/routes/dashboard/proceeding-papers.tsx";
import Proceedings from "../../app/routes/dashboard/proceedings.tsx";
import Publications from "../../app/routes/dashboard/publications.tsx";
import Statistics from "../../app/routes/dashboard/statistics.tsx";
import ForgotPassword from "../../app/routes/forgot-password.tsx";
import Logout from "../../app/routes/logout.tsx";
import Manager from "../../app/routes/manager.tsx";
import Registration from "../../app/routes/registration.tsx";
import ResetPassword from "../../app/routes/reset-password.tsx";
import { loadCatalogues } from "../../server/i18n/catalogues.ts";
import type {
  JournalDetail,
  ManagersScreen,
  PaperEdit,
  PartnerItem,
  ProceedingDetail,
  ProceedingEdit,
  ProceedingEventItem,
  PublicationEdit,
  PublicationOption,
} from "../../shared/api.ts";
import { DEFAULT_DOI_PATTERN } from "../../shared/doi-pattern.ts";
import { LOCALE_NAMES } from "../../shared/i18n/locales.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import type { StatisticsScreen, SushiSettings } from "../../shared/usage.ts";

loadCatalogues();

/** The fixtures' content: shown as it is in every language. */
const CONTENT = [
  "Zyxian Studies",
  "ZyxS",
  "zyxian-studies",
  "Quorra Vantablack",
  "quorra@example.org",
  "Xylo Institute",
  "Yarrow Quill",
  "Tadpoles of Borneo",
  "Qwerty Frogs",
  "Zorblax Conference",
  "Zorblax Proceedings",
  "Zorblax Partner",
  "https://partner.example.org",
  "Vol. 3 No. 2",
  "Vol. 3",
  "Vol.",
  "No.",
  "Harvester Q",
  "abcd1234",
  "0000000000000000 (The World)",
  "https://example.org/sushi",
  "CC BY 4.0",
  "Creative Commons Attribution 4.0 International",
  "CC BY-NC 4.0",
  "CC BY-SA 4.0",
  "CC BY-NC-SA 4.0",
  "CC BY-ND 4.0",
  "CC BY-NC-ND 4.0",
  "CC0 1.0",
  "Creative Commons Attribution-NonCommercial 4.0 International",
  "Creative Commons Attribution-ShareAlike 4.0 International",
  "Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International",
  "Creative Commons Attribution-NoDerivatives 4.0 International",
  "Creative Commons Attribution-NonCommercial-NoDerivatives 4.0 International",
  "CC0 1.0 Universal",
  "paper.pdf",
  "YYYY-MM-DD",
  "https://ror.org/…",
  "https://www.example.edu",
  "/journal/",
  "zyxian-studies",
  DEFAULT_DOI_PATTERN,
  ...Object.values(LOCALE_NAMES),
  // what Intl writes: the pseudo-locale has English dates (shared/i18n/intl.ts)
  ...monthNames("en-XA", "long"),
  ...monthNames("en-XA", "short"),
];

/**
 * Texts of other modules that the server or another helper of issue 32 turns into catalogue
 * messages (listed in this helper's report): the row actions the server names
 * (server/features/publications/queries.ts), the DOI statuses (shared/deposits.ts), the figures'
 * names (shared/usage.ts), the publication's volume and number (shared/format.ts), the
 * editorial board and disclosure of the public pages' components.
 */
const NOT_YET = [
  "View",
  "Publish",
  "Unpublish",
  "Unique views",
  "Unique downloads",
  "Views",
  "Downloads",
  "No editors are listed for this issue.",
];

const journal: JournalDetail = {
  primary_language: "en",
  languages: ["en"],
  name: "Zyxian Studies",
  abbreviation: "ZyxS",
  uri: "zyxian-studies",
  image: null,
  issn: "1234-5678",
  eissn: "",
  intro: "Qwerty Frogs",
  sub_guide: "Qwerty Frogs",
  other_guide: "Qwerty Frogs",
  publisher: "Xylo Institute",
  frequency: "monthly",
  email: "quorra@example.org",
  cost: "Qwerty Frogs",
  contact_name: "Quorra Vantablack",
  contact_email: "quorra@example.org",
  active: true,
  subject: "philosophy",
  license_url: "https://creativecommons.org/licenses/by/4.0/",
  doi_prefix: "10.12345",
  doi_pattern: "",
  preservation: "",
  update_policy: "",
  update_policy_doi: "",
};

const publications: PublicationOption[] = [
  {
    value: 7,
    label: "Vol. 3 No. 2",
    volume: "3",
    issue: "2",
    show_number: true,
    year: 2024,
    title: "",
    link: "/journal/zyxian-studies/3/2",
  },
];

const person = { name: "Quorra Vantablack", email: "quorra@example.org", institution: "" };

const paper: PaperEdit = {
  language: "en",
  translations: [],
  paperID: 11,
  title: "Tadpoles of Borneo",
  authors: [
    {
      ...person,
      institution: "Xylo Institute",
      given_names: "Quorra",
      family_name: "Vantablack",
      suffix: "",
      orcid: "https://orcid.org/0000-0002-1825-0097",
      affiliations: [{ name: "Xylo Institute", ror: "" }],
      corresponding: true,
    },
  ],
  doi: "",
  abstract: "Qwerty Frogs",
  keywords: "",
  publication: "7",
  file_url: "/files/paper.pdf",
  fulltext_url: "/journal/zyxian-studies/11/fulltext",
  text_truncated: true,
  text_note: "",
  license_url: "https://creativecommons.org/licenses/by/4.0/",
  copyright_holder: "",
  copyright_year: 2024,
  published_on: "",
  received_on: "",
  accepted_on: "",
  funding_statement: "",
  funding: [{ funder_name: "Xylo Institute", funder_id: "", award_ids: [] }],
  references: [{ ref_id: "r1", label: "4", citation: "Qwerty Frogs", doi: "", pmid: "", url: "" }],
};

const events: ProceedingEventItem[] = [
  {
    event_id: 1,
    event_name: "Zorblax Conference",
    start_date: "2024-05-01",
    end_date: "2024-05-03",
  },
];

const proceedingEdit: ProceedingEdit = {
  language: "en",
  id: 5,
  slug: "zorblax",
  event_id: 1,
  event_name: "Zorblax Conference",
  event_start_date: "2024-05-01",
  event_end_date: "2024-05-03",
  title: "Zorblax Proceedings",
  sub_title: "",
  issn: "",
  publisher: "",
  year: 2024,
  intro: "Qwerty Frogs",
  cover_img: null,
  editors: [{ ...person, role: "Yarrow Quill" }],
};

const proceeding: ProceedingDetail = {
  language: "en",
  id: 5,
  slug: "zorblax",
  link: "/proceedings/zorblax",
  title: "Zorblax Proceedings",
  sub_title: "",
  event_name: "Zorblax Conference",
  event_start_date: "2024-05-01",
  event_end_date: "2024-05-03",
  event_location: "",
  publisher: "",
  isbn: "",
  issn: "",
  year: 2024,
  intro: "Qwerty Frogs",
  cover_img: null,
  editors: {},
  papers: [
    {
      paperID: 3,
      title: "Tadpoles of Borneo",
      link: "/proceedings/zorblax/3",
      authors: [{ name: "Quorra Vantablack" }],
      first_page: "4",
      last_page: "9",
    },
  ],
};

const publicationEdit: PublicationEdit = {
  id: 7,
  volume: "3",
  issue: "2",
  show_number: true,
  title: "",
  year: 2024,
  cover_img: "/files/cover.png",
  editors: [{ ...person, role: "Yarrow Quill" }],
  publication_date: "2024-05",
  status: "draft",
};

const managers: ManagersScreen = {
  invitations: [
    {
      id: 3,
      email: "quorra@example.org",
      invited_by: "Quorra Vantablack",
      created_at: "2026-11-20T10:00:00.000Z",
      expires_at: "2026-11-27T10:00:00.000Z",
    },
  ],
  managers: [
    {
      id: 1,
      name: "Quorra Vantablack",
      email: "quorra@example.org",
      role: "admin",
      disabled: false,
      created_at: "2024-01-01",
      journals: [],
      proceedings: [],
    },
    {
      id: 2,
      name: "Yarrow Quill",
      email: "quorra@example.org",
      role: "manager",
      disabled: true,
      created_at: "2024-01-01",
      journals: [{ uri: "zyxian-studies", name: "Zyxian Studies" }],
      proceedings: [],
    },
  ],
  journals: [{ uri: "zyxian-studies", name: "Zyxian Studies" }],
  proceedings: [{ id: 5, title: "Zorblax Proceedings", year: 2024 }],
  me: 1,
};

const partners: PartnerItem[] = [
  { id: 1, name: "Zorblax Partner", logo: null, link: "", position: 1 },
  { id: 2, name: "Zorblax Partner", logo: null, link: "https://partner.example.org", position: 2 },
];

const figures = {
  total_item_investigations: 1234,
  total_item_requests: 5,
  unique_item_investigations: 3,
  unique_item_requests: 2,
};

/** The editorial figures of one journal and year (decision 400). */
const workflowFigures = [
  {
    journal_uri: "zyxian-studies",
    journal_name: "Zyxian Studies",
    year: 2024,
    received: 12,
    accepted: 3,
    declined: 5,
    acceptance_rate: 0.375,
    median_days_to_first_decision: 21,
    median_days_to_publication: null,
    reviews_requested: 9,
    reviews_completed: 7,
  },
];

const statistics: StatisticsScreen = {
  scope: {
    kind: "site",
    param: "",
    label: "Zyxian Studies",
    journal: null,
    proceeding: null,
  },
  from: "2024-05-01",
  to: "2024-05-03",
  granularity: "day",
  periods: [{ period: "2024-05-01", ...figures }],
  totals: figures,
  searches: 12,
  papers: [
    { paperID: 3, title: "Tadpoles of Borneo", source: "Zyxian Studies", link: "/x", ...figures },
  ],
  choices: {
    site: true,
    journals: [{ uri: "zyxian-studies", name: "Zyxian Studies" }],
    proceedings: [{ id: 5, title: "Zorblax Proceedings" }],
    issues: [],
  },
};

const sushi: SushiSettings = {
  keys: [
    {
      id: 1,
      label: "Harvester Q",
      prefix: "abcd1234",
      created_at: "2024-05-01T10:00:00Z",
      last_used_at: null,
      revoked_at: null,
    },
    {
      id: 2,
      label: "Harvester Q",
      prefix: "abcd1234",
      created_at: "2024-05-01T10:00:00Z",
      last_used_at: "2024-05-02T10:00:00Z",
      revoked_at: "2024-05-03T10:00:00Z",
    },
  ],
  require_api_key: true,
  base_url: "https://example.org/sushi",
};

const pseudo = translatorFor("en-XA");

/** A route module's component with its props (the parts the screen reads). */
function screen(component: ComponentType<never>, props: Record<string, unknown>) {
  return () => h(component, { params: {}, matches: [], actionData: undefined, ...props } as never);
}

const PSEUDO_PROPS = { locale: "en-XA" } as ComponentProps<typeof LocaleProvider>;

/** The HTML of `ui` in the pseudo-locale, in a memory router at `/`. */
function render(ui: () => ReturnType<typeof h>): string {
  const Stub = createRoutesStub([
    // the children go as createElement's third argument (the props' type names them too)
    { path: "/", Component: () => h(LocaleProvider, PSEUDO_PROPS, ui()) },
  ]);
  return renderToString(h(Stub, { initialEntries: ["/"] }));
}

function decode(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * The words of `html` people read or hear that are neither pseudo-localized nor content: its
 * text, then each attribute read out, each without the bracketed pseudo texts and the content.
 */
function plainWords(html: string): string[] {
  const attributes = [
    ...html.matchAll(/\s(?:aria-label|title|placeholder|alt|label)="([^"]*)"/g),
  ].map((m) => m[1] ?? "");
  // a content language's name comes from Intl.DisplayNames in the page's language, not from
  // the catalogues (app/components/dashboard/language-select.tsx): its options say so
  const text = html
    .replace(/<option[^>]*\sdata-language=""[^>]*>[^<]*<\/option>/g, " ")
    .replace(/<[^>]*>/g, " ");
  const left: string[] = [];
  for (const piece of [text, ...attributes]) {
    let rest = decode(piece).replace(/\[!![\s\S]*?!!\]/g, " ");
    for (const content of [...CONTENT, ...NOT_YET].sort((a, b) => b.length - a.length)) {
      rest = rest.split(content).join(" ");
    }
    left.push(...(rest.match(/[A-Za-z]{2,}/g) ?? []));
  }
  return left;
}

describe("the dashboard in the pseudo-locale", () => {
  const screens: [string, () => ReturnType<typeof h>][] = [
    [
      "the frame",
      screen(Layout, {
        loaderData: {
          navItems: {
            u_name: "Quorra Vantablack",
            nav_links: [{ text: pseudo("Journals"), url: "/dashboard" }],
          },
        },
      }),
    ],
    ["the frame loading", () => h(LayoutLoading)],
    ["journals", screen(Journals, { loaderData: [] })],
    ["create journal 1", screen(CreateJournal, { loaderData: { section: "1", step2: null } })],
    [
      "create journal 2",
      screen(CreateJournal, { loaderData: { section: "2", step2: { kind: "no-uri" } } }),
    ],
    [
      "create journal 2, ready",
      screen(CreateJournal, { loaderData: { section: "2", step2: { kind: "ready", journal } } }),
    ],
    ["edit journal", screen(EditJournal, { loaderData: journal })],
    [
      "paper submission",
      screen(PaperSubmission, {
        loaderData: { journalName: journal.name, journalLicence: "", publications: [] },
        params: { journal: journal.uri },
      }),
    ],
    [
      "edit paper",
      screen(EditPaper, {
        loaderData: { journalName: journal.name, journalLicence: "", publications, paper },
        params: { journal: journal.uri, paper: "11" },
      }),
    ],
    [
      "add a conference paper",
      screen(AddProceedingPaper, { loaderData: proceeding, params: { proceeding: "5" } }),
    ],
    [
      "the lists of a paper",
      () =>
        h("div", null, [
          h(AuthorRowsField, {
            key: "a",
            rows: [...paper.authors, paper.authors[0]!, paper.authors[0]!, paper.authors[0]!].map(
              authorRowOf,
            ),
            onChange: () => {},
            errors: { "authors.0.orcid": "x" },
            setError: () => {},
          }),
          h(FundingRowsField, {
            key: "f",
            rows: paper.funding.map(fundingRowOf),
            onChange: () => {},
            errors: {},
            setError: () => {},
          }),
          h(FundingRowsField, {
            key: "f0",
            rows: [],
            onChange: () => {},
            errors: {},
            setError: () => {},
          }),
          h(ReferenceRowsField, {
            key: "r",
            rows: paper.references.map(referenceRowOf),
            onChange: () => {},
            errors: {},
            setError: () => {},
          }),
        ]),
    ],
    [
      "publications",
      screen(Publications, {
        loaderData: {
          journalName: journal.name,
          rows: [
            {
              id: 7,
              volume: "3",
              number: "2",
              show_number: true,
              title: "",
              published_on: "2024-05-01",
              publication_date: "2024-05",
              uploaded_on: "2024-05-01",
              no_of_papers: 0,
              status: "draft",
              actions: [
                { label: "View", link: "/dashboard/zyxian-studies/3/2", link_type: "link" },
                {
                  label: "Edit",
                  link: "/dashboard/edit_publication/zyxian-studies/7",
                  link_type: "link",
                },
                {
                  label: "Publish",
                  link: "/publication_action/zyxian-studies/7/publish",
                  link_type: "api",
                },
                {
                  label: "Delete",
                  link: "/publication_action/zyxian-studies/7/delete",
                  link_type: "api",
                },
              ],
            },
          ],
        },
        params: { journal: journal.uri },
      }),
    ],
    [
      "publications, none",
      screen(Publications, {
        loaderData: { journalName: journal.name, rows: [] },
        params: { journal: journal.uri },
      }),
    ],
    [
      "create publication",
      screen(CreatePublication, {
        loaderData: { journalName: journal.name },
        params: { journal: journal.uri },
      }),
    ],
    [
      "edit publication",
      screen(EditPublication, {
        loaderData: { journalName: journal.name, publication: publicationEdit },
        params: { journal: journal.uri, publication: "7" },
      }),
    ],
    [
      "a publication's papers",
      () =>
        h(PaperContents, {
          id: "x",
          heading: pseudo("Publication Contents"),
          papers: [{ paperID: 3, title: "Tadpoles of Borneo", authors: [] }],
          emptyText: "",
          deletion: { problem: null, deleting: null, remove: () => {} },
          openLink: () => "/x",
          editLink: () => "/x",
        }),
    ],
    ["proceedings", screen(Proceedings, { loaderData: [] })],
    ["create proceeding", screen(CreateProceeding, { loaderData: events })],
    [
      "edit proceeding",
      screen(EditProceeding, { loaderData: { proceeding: proceedingEdit, events } }),
    ],
    [
      "a proceeding's papers",
      screen(ProceedingPapers, { loaderData: proceeding, params: { proceeding: "5" } }),
    ],
    [
      "a proceeding without papers",
      screen(ProceedingPapers, {
        loaderData: { ...proceeding, papers: [] },
        params: { proceeding: "5" },
      }),
    ],
    ["managers", screen(Managers, { loaderData: managers })],
    ["partners", screen(Partners, { loaderData: partners })],
    ["partners, none", screen(Partners, { loaderData: [] })],
    [
      "statistics",
      screen(Statistics, {
        loaderData: { statistics, sushi, query: "", workflow: workflowFigures },
      }),
    ],
    [
      "statistics of a paper",
      screen(Statistics, {
        loaderData: {
          statistics: {
            ...statistics,
            scope: {
              ...statistics.scope,
              kind: "paper",
              param: "paper=3",
              journal: "zyxian-studies",
            },
            searches: null,
            papers: [],
            granularity: "month",
            periods: [{ period: "2024-05", ...figures }],
          },
          sushi: null,
          query: "",
          workflow: [],
        },
      }),
    ],
    ["SUSHI without keys", () => h(SushiPanel, { sushi: { ...sushi, keys: [] } })],
    [
      "the figures by month",
      () =>
        h(UsageTable, {
          periods: [{ period: "2024-05", ...figures }],
          totals: figures,
          granularity: "month",
          caption: "",
        }),
    ],
    [
      "account",
      screen(Account, {
        loaderData: { fname: "Quorra", lname: "Vantablack", email: person.email, locale: "en" },
      }),
    ],
    ["sign in", screen(Manager, { loaderData: { signedInAs: "Quorra Vantablack" } })],
    ["registration", screen(Registration, { loaderData: { open: true, invite: null } })],
    [
      "registration closed",
      screen(Registration, {
        loaderData: { open: false, invite: { token: "", email: "", error: null } },
      }),
    ],
    [
      "registration done",
      screen(Registration, {
        loaderData: { open: true, invite: null },
        actionData: { ok: true, msg: "" },
      }),
    ],
    ["forgot password", screen(ForgotPassword, {})],
    ["forgot password, sent", screen(ForgotPassword, { actionData: { ok: true, msg: "" } })],
    ["reset password", screen(ResetPassword, {})],
    ["sign out", screen(Logout, { loaderData: { name: "Quorra Vantablack" } })],
    ["confirm admin", screen(ConfirmAdmin, {})],
    ["confirm admin, done", screen(ConfirmAdmin, { actionData: { ok: true, msg: "" } })],
    [
      "confirm admin, gone",
      screen(ConfirmAdmin, { actionData: { ok: false, gone: true, error: "" } }),
    ],
  ];

  it.each(screens)("%s: every text from the catalogues", (_, ui) => {
    const html = render(ui);
    expect(html).toContain("[!!");
    expect(plainWords(html)).toEqual([]);
  });

  it("finds a text that escaped the catalogues", () => {
    expect(plainWords(render(() => h("p", { title: "Plain" }, "Plain text")))).toEqual([
      "Plain",
      "text",
      "Plain",
    ]);
  });
});
