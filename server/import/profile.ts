/**
 * Journal fields the corpus does not give (intro, guidelines, frequency, subject), composed only
 * from facts in the data: publisher, ISSNs, the years and licences of the imported articles, the
 * issue numbering. No people, e-mail addresses, fees or URLs are invented; contact fields stay
 * empty. Decision record: docs/decisions (corpus journal profiles).
 */
import type { Frequency, SubjectKey } from "../../shared/constants.ts";
import type { ManifestJournal } from "./manifest.ts";

/** What the importer learnt about the journal's articles. */
export type JournalFacts = {
  /** Publication years of its issues. */
  years: number[];
  /** Licence URLs or texts of its articles (duplicates allowed). */
  licences: string[];
  /** True when at least one article came with its PDF. */
  hasPdfs: boolean;
};

export type JournalProfile = {
  intro: string;
  sub_guide: string;
  other_guide: string;
  frequency: Frequency;
  subject: SubjectKey;
};

/**
 * Home-page subject per corpus journal (docs/product/overview.md has four). All but one are life-science,
 * medical or computational journals; the Sprouts working-paper series fits "More Journals"
 * (working papers, interdisciplinary series). Journals not listed here go to "More Journals".
 */
const SUBJECT_BY_SLUG: Record<string, SubjectKey> = {
  "plos-one": "science-technology",
  "plos-computational-biology": "science-technology",
  elife: "science-technology",
  "gastroenterology-research-and-practice": "science-technology",
  metabolites: "science-technology",
  sprouts: "more",
};

type Licence = { label: string; terms: string };

/** A Creative Commons licence from its URL or text; null when neither names one. */
export function describeLicence(source: string): Licence | null {
  const url = /creativecommons\.org\/licenses\/([a-z-]+)\/(\d\.\d)/i.exec(source);
  if (url) {
    const code = url[1]!.toLowerCase();
    const label = `CC ${code.toUpperCase()} ${url[2]}`;
    const nc = code.includes("nc");
    const nd = code.includes("nd");
    const sa = code.includes("sa");
    const use = nd ? "share them unchanged" : "share and adapt them";
    const purpose = nc ? " for non-commercial purposes" : "";
    const alike = sa ? ", under the same licence" : "";
    return {
      label,
      terms: `you may ${use}${purpose}, crediting the authors and the original source${alike}`,
    };
  }
  if (/Creative Commons Attribution Licen[cs]e/i.test(source)) {
    return {
      label: "the Creative Commons Attribution License",
      terms: "you may share and adapt them, crediting the authors and the original source",
    };
  }
  return null;
}

/**
 * Publishing frequency inferred from the issue numbering: no numbers means continuous
 * publication ("randomly"); otherwise the highest number within a volume gives the issues per
 * year (12 → monthly, 4 → quarterly…); a working-paper series numbered beyond 12 is "randomly".
 */
export function inferFrequency(numbers: (string | undefined)[]): Frequency {
  const values = numbers.map((n) => (n === undefined ? Number.NaN : Number(n)));
  if (values.length === 0 || values.some((n) => !Number.isInteger(n))) return "randomly";
  const most = Math.max(...values);
  if (most > 12) return "randomly";
  if (most > 6) return "monthly";
  if (most > 4) return "bimonthly";
  if (most > 2) return "quartely";
  if (most === 2) return "semiannualy";
  return "annualy";
}

function range(years: number[]): string {
  if (years.length === 0) return "";
  const min = Math.min(...years);
  const max = Math.max(...years);
  return min === max ? `${min}` : `${min}–${max}`;
}

function issnLine(issn: ManifestJournal["issn"]): string {
  if (!issn) return "";
  const parts = [
    issn.print ? `${issn.print} (print)` : "",
    issn.electronic ? `${issn.electronic} (online)` : "",
    issn.unspecified ?? "",
  ].filter(Boolean);
  return parts.length ? `ISSN ${parts.join(", ")}` : "";
}

/** Intro, guidelines, frequency and subject of a corpus journal (see the module comment). */
export function journalProfile(journal: ManifestJournal, facts: JournalFacts): JournalProfile {
  const name = journal.name;
  const published = journal.publisher ? ` is published by ${journal.publisher}` : "";
  const issn = issnLine(journal.issn);
  const first = published
    ? `${name}${published}${issn ? ` (${issn})` : ""}.`
    : issn
      ? `${name}, ${issn}.`
      : `${name}.`;

  const licences = new Map<string, Licence>();
  for (const source of facts.licences) {
    const licence = describeLicence(source);
    if (licence) licences.set(licence.label, licence);
  }
  const labels = [...licences.keys()];
  const years = range(facts.years);
  const holdings =
    `This collection holds articles from ${years ? `${years}, ` : ""}` +
    `imported with their authors, affiliations and abstracts from the publisher's metadata` +
    (facts.hasPdfs ? ", and with the full text where the PDF is available." : ".");
  const licenceSentence = labels.length
    ? ` The articles are open access under ${labels.join(" and ")}.`
    : "";
  const intro = journal.intro ?? `${first} ${holdings}${licenceSentence}`;

  const sub_guide = journal.publisher
    ? `${name} receives submissions through its publisher, ${journal.publisher}, not through this site. Before submitting, read the publisher's current instructions for authors.`
    : `${name} receives submissions directly, not through this site. Before submitting, read the journal's current instructions for authors.`;

  const reuse = [...licences.values()];
  const other_guide = reuse.length
    ? reuse
        .map((l) => `Articles under ${l.label}: ${l.terms}.`)
        .join(" ")
        .concat(" Each article states its own licence; check it before reuse.")
    : "Each article states its own licence and copyright; check them before reuse.";

  return {
    intro,
    sub_guide,
    other_guide,
    frequency: journal.frequency ?? inferFrequency(journal.issues.map((i) => i.number)),
    subject:
      (journal.subject as SubjectKey | undefined) ?? SUBJECT_BY_SLUG[journal.slug ?? ""] ?? "more",
  };
}
