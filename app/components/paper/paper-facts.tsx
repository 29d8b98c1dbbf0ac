import type { PaperReading } from "../../../shared/api.ts";
import { DateText } from "../ui/date-text.tsx";
import { textLinkClass } from "../ui/styles.ts";

/**
 * DOI (as a https://doi.org link, per Crossref's display guidelines), date, pages and licence of
 * a paper; a fact without a value is left out.
 */
export function PaperFacts({ paper }: { paper: PaperReading }) {
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
