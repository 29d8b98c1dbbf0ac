/**
 * Imports a corpus folder (`manifest.json`, JATS XML, PDFs; see the corpus's MANIFEST.md) into
 * the catalogue through the same write services the dashboard uses (docs/product/content.md):
 * journals (active), their issues (published) with editorial boards, papers with authors,
 * affiliations, DOI, abstract, keywords and PDF (text extracted for search), proceedings with
 * their event and papers, and partner institutions drawn from the affiliations (the most
 * frequent first, topped up to 27 partners in all).
 *
 * - Safe to run again: journals are matched by URI, issues by journal + volume + number, papers
 *   by DOI (else issue + title), proceedings by slug, partners by name; nothing is duplicated.
 * - A bad file (XML that does not parse, a PDF that is not one, a missing file) is reported by
 *   its path and its paper skipped; each paper is all-or-nothing (its PDF is removed again when
 *   its rows fail). Only an unusable folder or manifest stops the import ({@link CorpusError}).
 * - Issues without a number in the manifest (eLife, Hindawi publish continuously) get number "1"
 *   as the key of their URL and `show_number` 0, so no label or metadata claims that number
 *   (decision 185); journal texts the sources lack are composed from facts (./profile.ts).
 * - Papers go through ./paper-writer.ts: PDFs are extracted several at once in the PDF worker
 *   pool while earlier papers are written, `batchSize` papers per transaction; `onProgress`
 *   hears of every paper done (docs/decisions/120-import-at-scale.md).
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { isPartialDate } from "../../shared/dates.ts";
import { humanDate, slugify, volumeNumber } from "../../shared/format.ts";
import { DEFAULT_CONTENT_LANGUAGE } from "../../shared/languages.ts";
import { DOI_MESSAGE, DOI_PATTERN, type EditorInput, normaliseDoi } from "../../shared/schemas.ts";
import {
  jatsAuthorRow,
  jatsScholarly,
  jatsTranslations,
  keywordText,
  withoutDoiParagraph,
} from "../features/fulltext/jats-metadata.ts";
import { createJournal } from "../features/journals/commands.ts";
import type { PaperExtras, PaperFields, PaperOwner } from "../features/papers/commands.ts";
import type { AuthorWrite } from "../features/papers/scholarly.ts";
import { createPartner } from "../features/partners/commands.ts";
import { createProceeding } from "../features/proceedings/commands.ts";
import { createPublication } from "../features/publications/commands.ts";
import { defaultLanguageText } from "../i18n/catalogues.ts";
import type { AppContext } from "../services/context.ts";
import {
  issueCoverPng,
  journalCoverPng,
  monogramPng,
  proceedingCoverPng,
} from "../services/generated-art.ts";
import { type JatsArticle, type JatsEditor, parseJats } from "./jats.ts";
import {
  type Manifest,
  type ManifestIssue,
  type ManifestJournal,
  type ManifestPaper,
  type ManifestProceeding,
  parseManifest,
} from "./manifest.ts";
import { createPaperWriter, type PaperWriter, skipped } from "./paper-writer.ts";
import { type AffiliationSource, rankInstitutions } from "./partners.ts";
import { journalProfile } from "./profile.ts";

/** URL key of issues whose journal does not number them; never shown (decision 185). */
export const UNNUMBERED_ISSUE = "1";

/** How many partners the home page carousel gets (docs/product/overview.md: "About 27 are listed"). */
export const PARTNER_COUNT = 27;

export type Tally = { created: number; existing: number };

export type ImportProblem = {
  /** Path relative to the corpus folder (`jats/x.xml`, `pdfs/y.pdf`) or `manifest.json`. */
  file: string;
  message: string;
};

export type ImportReport = {
  /** Absolute corpus folder. */
  dir: string;
  journals: Tally;
  publications: Tally;
  /** `withPdf`: created papers that have their PDF. */
  papers: Tally & { withPdf: number };
  proceedings: Tally;
  partners: Tally;
  problems: ImportProblem[];
  /** Wall-clock duration of the import, milliseconds. */
  durationMs: number;
};

export type ImportOptions = {
  /** Seed partners from the affiliations, up to `partnerLimit` in all (default true). */
  partners?: boolean;
  /** Default {@link PARTNER_COUNT}. */
  partnerLimit?: number;
  /** Papers written per transaction (default 50, ./paper-writer.ts). */
  batchSize?: number;
  /** Called when the manifest has been read (`done` 0) and after every paper done. */
  onProgress?: (progress: ImportProgress) => void;
};

/** Papers done (created, already there or skipped) of the manifest's `total`. */
export type ImportProgress = {
  done: number;
  total: number;
  /** Milliseconds since the import started. */
  elapsedMs: number;
};

/** The folder or its manifest cannot be used at all; nothing was imported. */
export class CorpusError extends Error {
  override name = "CorpusError";
}

type Prepared = {
  /** Path used in problem reports. */
  label: string;
  fields: PaperFields;
  extras: PaperExtras;
  pdf: string | null;
  /** The JATS file (relative to the corpus folder), kept as the paper's galley; or null. */
  jats: string | null;
  editors: JatsEditor[];
  affiliations: AffiliationSource[];
  licence: string | null;
  published: string | null;
  /** The issue's date the paper's JATS gives (`pub-date` of type collection), or null. */
  issueDate: string | null;
};

type Run = {
  ctx: AppContext;
  root: string;
  report: ImportReport;
  affiliations: AffiliationSource[];
  writer: PaperWriter;
  /** Papers queued in this run (DOI, else owner and title), which the database has not yet. */
  claimed: Set<string>;
  /** Counts `n` papers as done and tells `onProgress`. */
  advance: (n?: number) => void;
};

/**
 * Imports the corpus at `dir` (see the module comment).
 * @returns counts of what was created and what was already there, and every problem met.
 * @throws CorpusError when `dir` is not a folder or its manifest.json is missing or invalid.
 */
export async function importCorpus(
  ctx: AppContext,
  dir: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const started = performance.now();
  const root = path.resolve(dir);
  const manifest = await readManifest(root);
  const tally = () => ({ created: 0, existing: 0 });
  const report: ImportReport = {
    dir: root,
    journals: tally(),
    publications: tally(),
    papers: { ...tally(), withPdf: 0 },
    proceedings: tally(),
    partners: tally(),
    problems: [],
    durationMs: 0,
  };
  const total =
    manifest.journals.reduce((n, j) => n + j.issues.reduce((m, i) => m + i.papers.length, 0), 0) +
    manifest.proceedings.reduce((n, p) => n + p.papers.length, 0);
  let done = 0;
  const advance = (n = 1) => {
    done += n;
    options.onProgress?.({ done, total, elapsedMs: performance.now() - started });
  };
  const writer = createPaperWriter(ctx, root, {
    batchSize: options.batchSize,
    onOutcome(_paper, outcome) {
      if (outcome.kind === "created") {
        report.papers.created++;
        if (outcome.withPdf) report.papers.withPdf++;
      } else {
        report.problems.push({ file: outcome.file, message: outcome.message });
      }
      advance();
    },
  });
  const run: Run = { ctx, root, affiliations: [], report, writer, claimed: new Set(), advance };
  advance(0);
  try {
    for (const journal of manifest.journals) await importJournal(run, journal);
    for (const proceeding of manifest.proceedings) await importProceeding(run, proceeding);
    await writer.finish();
  } catch (error) {
    await writer.abandon();
    throw error;
  }
  if (options.partners !== false) {
    await importPartners(run, options.partnerLimit ?? PARTNER_COUNT);
  }
  run.report.durationMs = Math.round(performance.now() - started);
  return run.report;
}

async function readManifest(root: string): Promise<Manifest> {
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new CorpusError(`${root} is not a folder.`);
  let raw: string;
  try {
    raw = await readFile(path.join(root, "manifest.json"), "utf8");
  } catch {
    throw new CorpusError(`${root} has no readable manifest.json.`);
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw new CorpusError(`manifest.json is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return parseManifest(data);
  } catch (error) {
    throw new CorpusError(`manifest.json is not a corpus manifest: ${(error as Error).message}`);
  }
}

function problem(run: Run, file: string, error: unknown): void {
  run.report.problems.push({ file, message: reasonOf(error) });
}

/** What went wrong, for the report: an AppError's carried message in the default language. */
function reasonOf(error: unknown): string {
  return defaultLanguageText(error instanceof Error ? error.message : String(error));
}

/** Absolute path of a manifest path, which the manifest schema keeps inside the folder. */
function inside(root: string, relative: string): string {
  return path.join(root, ...relative.split(/[\\/]/));
}

// ---------------------------------------------------------------------------------------------
// Papers: JATS first, the manifest for what the JATS file lacks (and for papers without one)

function pagesOf(pages: string | undefined): [string | null, string | null] {
  if (!pages) return [null, null];
  const [first, last] = pages.split(/\s*[-–]\s*/);
  return [first || null, last || null];
}

/**
 * A paper's fields from its JATS file and its manifest entry. Its language (decision 440) is
 * the JATS `xml:lang`, else the manifest's, else `venueLanguage` (its journal's or proceeding's
 * in the manifest); a translation in that language is left out.
 */
function mergePaper(
  paper: ManifestPaper,
  jats: JatsArticle | null,
  venueLanguage: string,
): Omit<Prepared, "label" | "pdf" | "jats"> {
  const doi = normaliseDoi(jats?.doi ?? paper.doi ?? "");
  // JATS people keep their given/family split; the manifest's names are literal (never split)
  const authors: AuthorWrite[] = jats?.authors.length
    ? jats.authors.map((a, i) => {
        const listed = paper.authors[i];
        return jatsAuthorRow(a, listed && listed.name === a.name ? (listed.email ?? "") : "");
      })
    : paper.authors.map((a) => ({
        name: a.name,
        email: a.email ?? "",
        institution: (a.institutions ?? (a.institution ? [a.institution] : [])).join("; "),
      }));
  const affiliations: AffiliationSource[] = jats?.authors.length
    ? jats.authors.flatMap((a) => a.affiliations)
    : paper.authors.flatMap((a) =>
        (a.institutions ?? (a.institution ? [a.institution] : [])).map((text) => ({ text })),
      );
  const editors = jats?.editors ?? [];
  for (const e of editors) if (e.affiliation) affiliations.push(e.affiliation);

  const [fromPages, toPages] = pagesOf(paper.pages);
  const licenseUrl = jats?.licenseUrl ?? paper.license?.url ?? null;
  const published = jats?.published ?? paper.published ?? null;
  const language = jats?.language ?? paper.language ?? venueLanguage;
  return {
    fields: {
      title: jats?.title || paper.title,
      doi: DOI_PATTERN.test(doi) ? doi : "",
      abstract: withoutDoiParagraph(jats?.abstract || paper.abstract),
      keywords: keywordText(jats?.keywords.length ? jats.keywords : paper.keywords),
      authors,
      // "" (not absent): an imported paper has the licence its source states, or none
      license_url: licenseUrl ?? "",
      published_on: isPartialDate(published) ? (published ?? "") : "",
      ...(jats ? jatsScholarly(jats) : {}),
      language,
      translations: jats ? jatsTranslations(jats, language) : [],
    },
    extras: {
      fileOptional: true,
      first_page: jats?.firstPage ?? fromPages ?? jats?.elocationId ?? paper.elocation_id ?? null,
      last_page: jats?.lastPage ?? toPages,
    },
    editors,
    affiliations,
    licence: licenseUrl ?? jats?.licenseText ?? paper.license?.text ?? null,
    published,
    issueDate: jats?.issueDate ?? null,
  };
}

/**
 * Reads and merges one paper's metadata; null (with a problem reported) when its JATS is bad.
 * `venueLanguage`: its journal's or proceeding's language in the manifest, or English.
 */
async function preparePaper(
  run: Run,
  paper: ManifestPaper,
  venueLanguage: string,
): Promise<Prepared | null> {
  let jats: JatsArticle | null = null;
  if (paper.jats) {
    let xml: string;
    try {
      xml = await readFile(inside(run.root, paper.jats), "utf8");
    } catch {
      problem(run, paper.jats, skipped("The file is missing or not readable"));
      run.advance();
      return null;
    }
    try {
      jats = parseJats(xml, run.ctx.config.maxJatsBytes);
    } catch (error) {
      problem(run, paper.jats, skipped(`Not a usable JATS file: ${(error as Error).message}`));
      run.advance();
      return null;
    }
  }
  const merged = mergePaper(paper, jats, venueLanguage);
  // A DOI the site's rule refuses (Crossref's syntax, decision 273) is left out, and said.
  const doi = normaliseDoi(jats?.doi ?? paper.doi ?? "");
  if (doi && !merged.fields.doi) {
    problem(
      run,
      paper.jats ?? paper.pdf ?? paper.title,
      `The DOI "${doi}" was left out. ${DOI_MESSAGE}`,
    );
  }
  run.affiliations.push(...merged.affiliations);
  return {
    ...merged,
    label: paper.jats ?? paper.pdf ?? paper.title,
    pdf: paper.pdf,
    jats: paper.jats ?? null,
  };
}

/** What names a paper within a run: its DOI, else its issue or proceeding and its title. */
function paperKey(owner: PaperOwner, fields: PaperFields): string {
  // DOIs are case-insensitive (DOI Handbook 2.4; the unique index is on lower(doi)).
  if (fields.doi) return `doi ${fields.doi.toLowerCase()}`;
  const where =
    "proceeding_id" in owner
      ? `proceeding ${owner.proceeding_id}`
      : `issue ${owner.publication_id}`;
  return `${where} ${fields.title.toLowerCase()}`;
}

async function paperExists(run: Run, owner: PaperOwner, fields: PaperFields): Promise<boolean> {
  let query = run.ctx.db.selectFrom("papers").select("id");
  if (fields.doi) {
    const doi = fields.doi;
    query = query.where((eb) => eb(eb.fn("lower", ["doi"]), "=", eb.fn("lower", [eb.val(doi)])));
  } else {
    query = query.where((eb) => eb(eb.fn("lower", ["title"]), "=", fields.title.toLowerCase()));
    query =
      "proceeding_id" in owner
        ? query.where("proceeding_id", "=", owner.proceeding_id)
        : query.where("publication_id", "=", owner.publication_id);
  }
  return !!(await query.executeTakeFirst());
}

/** Counts a paper already there (in the database or earlier in this run), else queues it. */
async function importPaper(run: Run, owner: PaperOwner, paper: Prepared): Promise<void> {
  const key = paperKey(owner, paper.fields);
  if (run.claimed.has(key) || (await paperExists(run, owner, paper.fields))) {
    run.report.papers.existing++;
    run.advance();
    return;
  }
  run.claimed.add(key);
  await run.writer.add({
    owner,
    fields: paper.fields,
    extras: paper.extras,
    pdf: paper.pdf,
    jats: paper.jats,
    label: paper.label,
  });
}

// ---------------------------------------------------------------------------------------------
// Journals and issues

function editorsOf(papers: Prepared[]): EditorInput[] {
  const seen = new Set<string>();
  const out: EditorInput[] = [];
  for (const e of papers.flatMap((p) => p.editors)) {
    const key = `${e.name.toLowerCase()}|${e.role.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name: e.name, email: "", institution: e.affiliation?.text ?? "", role: e.role });
  }
  return out;
}

/** `YYYY-MM-DD` of an issue: its latest paper's publication date, else 1 January of its year. */
function issueDate(papers: Prepared[], year: number): string {
  const dates = papers
    .map((p) => p.published)
    .filter((d): d is string => !!d && /^\d{4}(-\d{2}){0,2}$/.test(d))
    .map((d) => (d.length === 4 ? `${d}-01-01` : d.length === 7 ? `${d}-01` : d))
    .sort();
  return dates.at(-1) ?? `${year}-01-01`;
}

/**
 * An issue's publication date (decision 255): the collection date its papers' JATS gives, when
 * in the issue's year (the most precise one), else the year alone.
 */
function issuePublicationDate(papers: Prepared[], year: number): string {
  const dates = papers
    .map((p) => p.issueDate)
    .filter((d): d is string => !!d && isPartialDate(d) && d.startsWith(String(year)))
    .sort((a, b) => b.length - a.length);
  return dates[0] ?? String(year);
}

async function importJournal(run: Run, journal: ManifestJournal): Promise<void> {
  const { ctx, report } = run;
  const uri = journal.slug ?? slugify(journal.name, 60);
  const issues: { issue: ManifestIssue; papers: Prepared[] }[] = [];
  for (const issue of journal.issues) {
    const papers: Prepared[] = [];
    for (const paper of issue.papers) {
      const prepared = await preparePaper(run, paper, journal.language ?? DEFAULT_CONTENT_LANGUAGE);
      if (prepared) papers.push(prepared);
    }
    issues.push({ issue, papers });
  }

  const existing = await ctx.db
    .selectFrom("journals")
    .select("id")
    .where("uri", "=", uri)
    .executeTakeFirst();
  if (existing) {
    report.journals.existing++;
  } else {
    const all = issues.flatMap((i) => i.papers);
    const profile = journalProfile(journal, {
      years: journal.issues.map((i) => i.year),
      licences: all.map((p) => p.licence).filter((l): l is string => !!l),
      hasPdfs: all.some((p) => p.pdf),
    });
    const issn = journal.issn?.print ?? journal.issn?.electronic ?? journal.issn?.unspecified ?? "";
    const eissn = journal.issn?.print && journal.issn.electronic ? journal.issn.electronic : null;
    try {
      const cover = await journalCoverPng({
        name: journal.name,
        publisher: journal.publisher,
        issn,
      });
      await createJournal(
        ctx,
        {
          journal_name: journal.name,
          abbreviation: journal.abbreviation ?? journal.name,
          journal_uri: uri,
          publisher: journal.publisher ?? "",
          pub_frequency: profile.frequency,
          issn,
          journal_intro: profile.intro,
          // the languages it publishes in: those of its papers and their translations
          languages: [
            ...new Set(
              all.flatMap((p) => [
                p.fields.language ?? "",
                ...(p.fields.translations ?? []).map((t) => t.language),
              ]),
            ),
          ].filter(Boolean),
        },
        cover,
        {
          active: true,
          subject: profile.subject,
          eissn,
          ...(journal.language ? { primary_language: journal.language } : {}),
          sub_guide: profile.sub_guide,
          other_guide: profile.other_guide,
        },
      );
      report.journals.created++;
    } catch (error) {
      problem(run, "manifest.json", `journal "${journal.name}" not imported: ${reasonOf(error)}`);
      run.advance(issues.reduce((n, i) => n + i.papers.length, 0));
      return;
    }
  }

  for (const { issue, papers } of issues) await importIssue(run, journal, uri, issue, papers);
}

async function importIssue(
  run: Run,
  journal: ManifestJournal,
  uri: string,
  issue: ManifestIssue,
  papers: Prepared[],
): Promise<void> {
  const { ctx, report } = run;
  const number = issue.number ?? UNNUMBERED_ISSUE;
  const found = await ctx.db
    .selectFrom("publications as p")
    .innerJoin("journals as j", "j.id", "p.journal_id")
    .select("p.id")
    .where("j.uri", "=", uri)
    .where("p.volume", "=", issue.volume)
    .where("p.number", "=", number)
    .executeTakeFirst();
  let publicationId: number;
  if (found) {
    report.publications.existing++;
    publicationId = found.id;
  } else {
    try {
      const cover = await issueCoverPng({
        journalName: journal.name,
        publisher: journal.publisher,
        volume: issue.volume,
        number: issue.number ?? null,
        year: issue.year,
      });
      const created = await createPublication(
        ctx,
        uri,
        {
          volume: issue.volume,
          issue: number,
          show_number: issue.number !== undefined,
          title: issue.title ?? "",
          year: issue.year,
          publication_date: issuePublicationDate(papers, issue.year),
          editors: editorsOf(papers),
        },
        cover,
        { status: "published", published_on: issueDate(papers, issue.year) },
      );
      publicationId = created.id;
      report.publications.created++;
    } catch (error) {
      problem(
        run,
        "manifest.json",
        `${journal.name} ${volumeNumber(issue.volume, number, issue.number !== undefined)} not imported: ${reasonOf(error)}`,
      );
      run.advance(papers.length);
      return;
    }
  }
  for (const paper of papers) await importPaper(run, { publication_id: publicationId }, paper);
}

// ---------------------------------------------------------------------------------------------
// Proceedings

function proceedingIntro(p: ManifestProceeding): string {
  const name = p.acronym ? `${p.name} (${p.acronym})` : p.name;
  const where = p.location ? ` in ${p.location}` : "";
  const when = `from ${humanDate(p.dates.start)} to ${humanDate(p.dates.end)}`;
  const by = p.publisher ? ` The proceedings were published by ${p.publisher}` : "";
  const isbn = p.isbn ? `${by ? "," : " The proceedings have"} ISBN ${p.isbn}` : "";
  const tail = by || isbn ? `${by}${isbn}.` : "";
  return `${name} took place${where} ${when}.${tail}`;
}

async function importProceeding(run: Run, proceeding: ManifestProceeding): Promise<void> {
  const { ctx, report } = run;
  const eventName = proceeding.acronym ?? proceeding.name;
  const slug = proceeding.slug ?? slugify(`${eventName} ${proceeding.year}`, 80);
  const papers: Prepared[] = [];
  for (const paper of proceeding.papers) {
    const prepared = await preparePaper(
      run,
      paper,
      proceeding.language ?? DEFAULT_CONTENT_LANGUAGE,
    );
    if (prepared) papers.push(prepared);
  }

  let proceedingId: number;
  const found = await ctx.db
    .selectFrom("proceedings")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (found) {
    report.proceedings.existing++;
    proceedingId = found.id;
  } else {
    try {
      const event = await ctx.db
        .selectFrom("proceeding_events")
        .select("id")
        .where("name", "=", eventName)
        .where("start_date", "=", proceeding.dates.start)
        .executeTakeFirst();
      const cover = await proceedingCoverPng({
        eventName,
        title: proceeding.name,
        year: proceeding.year,
        location: proceeding.location,
      });
      const created = await createProceeding(
        ctx,
        {
          event: event?.id ?? "new",
          event_name: eventName,
          event_start_date: proceeding.dates.start,
          event_end_date: proceeding.dates.end,
          title: proceeding.name,
          sub_title: proceeding.location ?? "",
          issn: proceeding.issn ?? "",
          publisher: proceeding.publisher ?? "",
          year: proceeding.year,
          intro: proceedingIntro(proceeding),
          editors: editorsOf(papers),
          language: proceeding.language ?? "",
        },
        cover,
        { slug, isbn: proceeding.isbn ?? null, location: proceeding.location ?? null },
      );
      proceedingId = created.id;
      report.proceedings.created++;
    } catch (error) {
      problem(
        run,
        "manifest.json",
        `proceeding "${proceeding.name}" not imported: ${reasonOf(error)}`,
      );
      run.advance(papers.length);
      return;
    }
  }
  for (const paper of papers) await importPaper(run, { proceeding_id: proceedingId }, paper);
}

// ---------------------------------------------------------------------------------------------
// Partners

/**
 * Adds the most frequent institutions as partners until there are `limit` partners: a second
 * corpus (or the same one again) never grows the carousel beyond "about 27" (docs/product/overview.md).
 */
async function importPartners(run: Run, limit: number): Promise<void> {
  const { ctx, report } = run;
  const count = await ctx.db
    .selectFrom("partners")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  let room = limit - Number(count.n);
  for (const institution of rankInstitutions(run.affiliations, limit)) {
    const found = await ctx.db
      .selectFrom("partners")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", institution.name.toLowerCase()))
      .executeTakeFirst();
    if (found) {
      report.partners.existing++;
      continue;
    }
    if (room <= 0) continue;
    try {
      const logo = await monogramPng(institution.name);
      await createPartner(ctx, { name: institution.name, link: "" }, logo);
      report.partners.created++;
      room--;
    } catch (error) {
      problem(run, "manifest.json", `partner "${institution.name}" not added: ${reasonOf(error)}`);
    }
  }
}

/** The report as a few lines for people (the CLI and the first-start log). */
export function formatReport(report: ImportReport): string {
  const line = (label: string, t: Tally, extra = "") =>
    `  ${label.padEnd(13)}${String(t.created).padStart(3)} created${extra}, ${t.existing} already there`;
  const lines = [
    `Imported ${report.dir} in ${(report.durationMs / 1000).toFixed(1)} s`,
    line("journals", report.journals),
    line("publications", report.publications),
    line("papers", report.papers, ` (${report.papers.withPdf} with PDF)`),
    line("proceedings", report.proceedings),
    line("partners", report.partners),
  ];
  if (report.problems.length) {
    lines.push(`Problems (${report.problems.length}):`);
    for (const p of report.problems) lines.push(`  ${p.file}: ${p.message}`);
  } else {
    lines.push("No problems.");
  }
  return lines.join("\n");
}
