import type { AffiliationItem, PaperReading } from "../../../shared/api.ts";
import { splitInstitutions } from "../../../shared/format.ts";
import { textLinkClass } from "../ui/styles.ts";
import { OrcidIcon } from "./scholarly-icons.tsx";

type Author = PaperReading["authors"][number];

/** An author's affiliations: the stored ones with their ROR ids, else the spec's institution text. */
function affiliationsOf(author: Author): AffiliationItem[] {
  if (author.affiliations.length > 0) return author.affiliations;
  return splitInstitutions(author.institution).map((name) => ({ name, ror: "" }));
}

/**
 * Author names with numbered affiliations, the usual journal layout (docs/decisions/033-paper-
 * page.md, 305): affiliations are listed once each, linked to their ROR record when they have a
 * ROR id; with a single affiliation for everyone the numbers are left out. The corresponding
 * author is marked with an asterisk explained under the list; an author with an ORCID iD has
 * ORCID's iD icon after the name, linked to the record, and the iDs are listed in full
 * (`https://orcid.org/…`), as ORCID's display guidelines ask.
 */
export function PaperAuthors({ authors }: { authors: PaperReading["authors"] }) {
  if (authors.length === 0) return null;
  const affiliations: AffiliationItem[] = [];
  const refs = authors.map((author) =>
    affiliationsOf(author).map((affiliation) => {
      let index = affiliations.findIndex((a) => a.name === affiliation.name);
      if (index === -1) index = affiliations.push(affiliation) - 1;
      else if (!affiliations[index]!.ror && affiliation.ror) affiliations[index] = affiliation;
      return index + 1;
    }),
  );
  const numbered = affiliations.length > 1;
  const corresponding = authors.some((a) => a.corresponding);
  const withOrcid = authors.filter((a) => a.orcid);
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
            {author.corresponding ? (
              <span className="text-slate-600" title="Corresponding author">
                *<span className="sr-only"> (corresponding author)</span>
              </span>
            ) : null}
            {numbered && refs[i]?.length ? (
              <sup className="ml-0.5 text-xs text-slate-600">{refs[i]?.join(",")}</sup>
            ) : null}
            {author.orcid ? (
              <a
                href={author.orcid}
                className="ml-1 inline-flex align-[-0.1em]"
                aria-label={`ORCID iD of ${author.name}: ${author.orcid}`}
              >
                <OrcidIcon />
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      {affiliations.length > 0 ? (
        <ol className="mt-2 space-y-0.5 text-sm text-slate-600">
          {affiliations.map((affiliation, i) => (
            <li key={affiliation.name}>
              {numbered ? <sup className="mr-1">{i + 1}</sup> : null}
              {affiliation.name}
              {affiliation.ror ? (
                <>
                  {" "}
                  <a
                    href={affiliation.ror}
                    className={`${textLinkClass} text-xs`}
                    aria-label={`ROR record of ${affiliation.name}`}
                  >
                    ROR
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {corresponding ? <p className="mt-2 text-sm text-slate-600">* Corresponding author</p> : null}
      {withOrcid.length > 0 ? (
        <ul aria-label="ORCID iDs" className="mt-2 space-y-0.5 text-sm text-slate-700">
          {withOrcid.map((author, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two authors may share a name
            <li key={i} className="flex min-w-0 flex-wrap items-center gap-x-1.5">
              <span>{author.name}:</span>
              <a
                href={author.orcid}
                className={`${textLinkClass} inline-flex min-w-0 items-center gap-1 break-all`}
              >
                <OrcidIcon />
                <span>
                  <span className="sr-only">ORCID iD </span>
                  {author.orcid}
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
