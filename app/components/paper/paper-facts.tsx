import type { ReactNode } from "react";
import type { PaperReading } from "../../../shared/api.ts";
import { licenceName, parseLicenceUrl } from "../../../shared/licences.ts";
import { useT } from "../../i18n/use-t.tsx";
import { DateText } from "../ui/date-text.tsx";
import { textLinkClass } from "../ui/styles.ts";
import { LicenceBadge } from "./scholarly-icons.tsx";

/** One fact: a term and its value, left out without a value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/**
 * DOI (as a https://doi.org link, per Crossref's display guidelines), dates (received, accepted,
 * published: the paper's effective publication date of decision 255, never its upload day),
 * pages, licence (a Creative Commons licence with its badge and name, linked with
 * `rel="license"`; another URL as it is) and copyright line of a paper (decision 305); a fact
 * without a value is left out. Terms, dates and the licence's name are in the page's language;
 * the DOI, the pages and a licence URL read left to right in any language (decision 382).
 */
export function PaperFacts({ paper }: { paper: PaperReading }) {
  const t = useT();
  const doiUrl = paper.doi ? `https://doi.org/${paper.doi}` : "";
  const licence = parseLicenceUrl(paper.license_url);
  const copyright = [
    paper.copyright_year ? String(paper.copyright_year) : "",
    paper.copyright_holder,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {doiUrl ? (
        <Fact term={t("DOI")}>
          <a href={doiUrl} dir="ltr" className={textLinkClass}>
            {doiUrl}
          </a>
        </Fact>
      ) : null}
      {paper.received_on ? (
        <Fact term={t("Received")}>
          <DateText value={paper.received_on} />
        </Fact>
      ) : null}
      {paper.accepted_on ? (
        <Fact term={t("Accepted")}>
          <DateText value={paper.accepted_on} />
        </Fact>
      ) : null}
      {paper.publication_date ? (
        <Fact term={t("Published")}>
          <DateText value={paper.publication_date} />
        </Fact>
      ) : null}
      {paper.first_page ? (
        <Fact term={t("Pages")}>
          <bdi>
            {paper.last_page && paper.last_page !== paper.first_page
              ? `${paper.first_page}–${paper.last_page}`
              : paper.first_page}
          </bdi>
        </Fact>
      ) : null}
      {paper.license_url ? (
        <Fact term={t("Licence")}>
          {licence ? (
            <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
              <LicenceBadge licence={licence} />
              <a href={licence.url} rel="license noopener" className={textLinkClass}>
                {licenceName(licence, t)}
              </a>
            </span>
          ) : (
            <a href={paper.license_url} rel="license noopener" dir="ltr" className={textLinkClass}>
              {paper.license_url.replace(/^https?:\/\//, "")}
            </a>
          )}
        </Fact>
      ) : null}
      {copyright ? (
        <Fact term={t("Copyright")}>
          <span dir="auto">© {copyright}</span>
        </Fact>
      ) : null}
    </dl>
  );
}
