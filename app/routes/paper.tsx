/**
 * Paper reading page `/journal/{journal_url}/{paper}` (spec section 2, Paper reading page; states
 * of section 4; messages of section 8): the journal's name in the banner, the journal title line,
 * the paper's title, authors with their affiliations, DOI, abstract and keywords; 'Open Full Text
 * (PDF)' switches the abstract view to the PDF viewer and its 'Close' switches back.
 *
 * The server-rendered `<head>` carries Google Scholar and Dublin Core metadata (app/lib/
 * citation-meta.ts). A non-numeric or unknown paper id, or a paper of another journal, is the
 * 404 page; a failing load renders an empty page (spec section 8, 'Page Not Loading').
 * Signed-in managers also see papers of unpublished issues (the dashboard's 'Open' links here).
 */
import { useEffect, useRef, useState } from "react";
import { data, Link } from "react-router";
import { getJournalPaper, parsePaperId } from "../../server/services/papers/queries.ts";
import type { PaperDetail } from "../../shared/api.ts";
import { JOURNAL_URI_PATTERN } from "../../shared/constants.ts";
import { splitInstitutions, splitKeywords } from "../../shared/format.ts";
import { PdfViewer } from "../components/pdf-viewer/pdf-viewer.tsx";
import { DateText } from "../components/ui/date-text.tsx";
import {
  buttonClass,
  containerClass,
  kickerClass,
  textLinkClass,
} from "../components/ui/styles.ts";
import { appContext, requestContext } from "../context.ts";
import { abstractParagraphs, paperMeta } from "../lib/citation-meta.ts";
import type { Route } from "./+types/paper";

type PaperPageData = { paper: PaperDetail | null; headerText: string };

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { user } = context.get(requestContext);
  const paperId = parsePaperId(params.paper);
  if (paperId === null || !JOURNAL_URI_PATTERN.test(params.journalUrl)) {
    throw data(null, { status: 404 });
  }
  let paper: PaperDetail | null;
  try {
    paper = await getJournalPaper(ctx, params.journalUrl, paperId, {
      includeUnpublished: user !== null,
    });
  } catch (error) {
    ctx.log.error({ err: error, section: "paper" }, "public page section failed to load");
    const empty: PaperPageData = { paper: null, headerText: "" };
    return data(empty, { status: 503 });
  }
  if (!paper) throw data(null, { status: 404 });
  const page: PaperPageData = { paper, headerText: paper.journal_name };
  return data(page);
}

type RootMeta = { origin?: string; siteName?: string } | undefined;

/** Error pages get their title from the root route's `meta` (decision 045). */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootMeta;
  const siteName = root?.siteName || "Athenaeum";
  const paper = loaderData?.paper;
  if (!paper) return [{ title: siteName }];
  return paperMeta(paper, root?.origin ?? "", siteName);
}

export default function PaperPage({ loaderData }: Route.ComponentProps) {
  const { paper } = loaderData;
  if (!paper) return <main className={`${containerClass} py-16`} />;
  // A new paper starts in the abstract view.
  return <PaperView key={paper.paperID} paper={paper} />;
}

function PaperView({ paper }: { paper: PaperDetail }) {
  const [reading, setReading] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const wasReading = useRef(false);

  // Closing the viewer puts the keyboard focus back on the button that opened it.
  useEffect(() => {
    if (wasReading.current && !reading) openButton.current?.focus();
    wasReading.current = reading;
  }, [reading]);

  const keywords = splitKeywords(paper.keywords);
  const paragraphs = abstractParagraphs(paper.abstract);

  return (
    <main className={`${containerClass} py-8 sm:py-12`}>
      <article aria-labelledby="paper-title">
        <header className="max-w-4xl">
          <p className={kickerClass}>
            {paper.issue_link ? (
              <Link to={paper.issue_link} className="hover:underline">
                {paper.journal_title}
              </Link>
            ) : (
              paper.journal_title
            )}
          </p>
          <h1
            id="paper-title"
            className="mt-3 text-2xl leading-tight font-semibold sm:text-3xl lg:text-4xl"
          >
            {paper.title}
          </h1>
          <Authors authors={paper.authors} />
          <PaperFacts paper={paper} />
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {paper.file_url ? (
              reading ? null : (
                <>
                  <button
                    ref={openButton}
                    type="button"
                    className={buttonClass("primary")}
                    onClick={() => setReading(true)}
                  >
                    Open Full Text (PDF)
                  </button>
                  <a
                    href={paper.file_url}
                    download
                    className={buttonClass("secondary")}
                    aria-label="Download PDF file"
                  >
                    Download PDF
                  </a>
                </>
              )
            ) : (
              <p className="rounded-sm border border-slate-300 bg-white px-4 py-2 text-sm text-slate-700">
                The full text (PDF) of this paper is not available.
              </p>
            )}
          </div>
        </header>

        {reading && paper.file_url ? (
          <div className="-mx-4 mt-6 sm:mx-0">
            <PdfViewer url={paper.file_url} title={paper.title} onClose={() => setReading(false)} />
          </div>
        ) : (
          <div className="mt-10 max-w-3xl">
            <section aria-labelledby="abstract-heading">
              <h2 id="abstract-heading" className="text-xl font-semibold sm:text-2xl">
                Abstract
              </h2>
              {paragraphs.length > 0 ? (
                <div className="mt-3 space-y-4 text-base leading-relaxed text-slate-800">
                  {paragraphs.map((text, i) => (
                    // Paragraphs have no identity of their own; their order is the text's order.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <p key={i}>{text}</p>
                  ))}
                </div>
              ) : (
                <p className="mt-3 text-slate-500">No abstract.</p>
              )}
            </section>
            {keywords.length > 0 ? (
              <section aria-labelledby="keywords-heading" className="mt-8">
                <h2 id="keywords-heading" className="text-xl font-semibold sm:text-2xl">
                  Keywords
                </h2>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {keywords.map((keyword) => (
                    <li
                      key={keyword}
                      className="rounded-sm bg-brand-50 px-2.5 py-1 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset"
                    >
                      {keyword}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        )}
      </article>
    </main>
  );
}

/**
 * Author names with numbered affiliations (the usual journal layout). With a single
 * affiliation for everyone the numbers are left out.
 */
function Authors({ authors }: { authors: PaperDetail["authors"] }) {
  if (authors.length === 0) return null;
  const institutions: string[] = [];
  const refs = authors.map((author) =>
    splitInstitutions(author.institution).map((institution) => {
      let index = institutions.indexOf(institution);
      if (index === -1) index = institutions.push(institution) - 1;
      return index + 1;
    }),
  );
  const numbered = institutions.length > 1;
  return (
    <div className="mt-4">
      <h2 className="sr-only">Authors</h2>
      <ul className="flex flex-wrap text-base text-slate-900 sm:text-lg">
        {authors.map((author, i) => (
          <li
            // Two authors may share a name; their position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            className="after:mr-1 after:content-[','] last:after:content-none"
          >
            {author.name}
            {numbered && refs[i]?.length ? (
              <sup className="ml-0.5 text-xs text-slate-600">{refs[i]?.join(",")}</sup>
            ) : null}
          </li>
        ))}
      </ul>
      {institutions.length > 0 ? (
        <ol className="mt-2 space-y-0.5 text-sm text-slate-600">
          {institutions.map((institution, i) => (
            <li key={institution}>
              {numbered ? <sup className="mr-1">{i + 1}</sup> : null}
              {institution}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** DOI (as a https://doi.org link, per Crossref's display guidelines), date and licence. */
function PaperFacts({ paper }: { paper: PaperDetail }) {
  const doiUrl = paper.doi ? `https://doi.org/${paper.doi}` : "";
  return (
    <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {doiUrl ? (
        <>
          <dt className="font-semibold text-slate-700">DOI</dt>
          <dd className="break-words">
            <a href={doiUrl} className={textLinkClass}>
              {doiUrl}
            </a>
          </dd>
        </>
      ) : null}
      {paper.published_on ? (
        <>
          <dt className="font-semibold text-slate-700">Published</dt>
          <dd>
            <DateText value={paper.published_on} />
          </dd>
        </>
      ) : null}
      {paper.first_page ? (
        <>
          <dt className="font-semibold text-slate-700">Pages</dt>
          <dd>
            {paper.last_page && paper.last_page !== paper.first_page
              ? `${paper.first_page}–${paper.last_page}`
              : paper.first_page}
          </dd>
        </>
      ) : null}
      {paper.license_url ? (
        <>
          <dt className="font-semibold text-slate-700">Licence</dt>
          <dd className="break-words">
            <a href={paper.license_url} rel="license noopener" className={textLinkClass}>
              {paper.license_url.replace(/^https?:\/\//, "")}
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
