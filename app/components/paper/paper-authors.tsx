import type { AffiliationItem, PaperReading } from "../../../shared/api.ts";
import { splitInstitutions } from "../../../shared/format.ts";
import { useT } from "../../i18n/use-t.tsx";
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
 * (`https://orcid.org/…`), as ORCID's display guidelines ask. Labels are in the page's language;
 * the iDs read left to right in any language (decision 382).
 */
export function PaperAuthors({ authors }: { authors: PaperReading["authors"] }) {
  const t = useT();
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
      <h2 className="sr-only">{t("Authors")}</h2>
      <ul className="flex flex-wrap text-base text-slate-900 sm:text-lg">
        {authors.map((author, i) => (
          <li
            // Two authors may share a name; their position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            className="after:me-1 after:content-[','] last:after:content-none"
          >
            <bdi>{author.name}</bdi>
            {author.corresponding ? (
              <span className="text-slate-600" title={t("Corresponding author")}>
                *<span className="sr-only"> {t("(corresponding author)")}</span>
              </span>
            ) : null}
            {numbered && refs[i]?.length ? (
              <sup className="ms-0.5 text-xs text-slate-600">{refs[i]?.join(",")}</sup>
            ) : null}
            {author.orcid ? (
              <a
                href={author.orcid}
                className="ms-1 inline-flex align-[-0.1em]"
                aria-label={t("ORCID iD of {name}: {orcid}", {
                  name: author.name,
                  orcid: author.orcid,
                })}
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
              {numbered ? <sup className="me-1">{i + 1}</sup> : null}
              <bdi>{affiliation.name}</bdi>
              {affiliation.ror ? (
                <>
                  {" "}
                  <a
                    href={affiliation.ror}
                    className={`${textLinkClass} text-xs`}
                    aria-label={t("ROR record of {name}", { name: affiliation.name })}
                  >
                    ROR
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {corresponding ? (
        <p className="mt-2 text-sm text-slate-600">{t("* Corresponding author")}</p>
      ) : null}
      {withOrcid.length > 0 ? (
        <ul aria-label={t("ORCID iDs")} className="mt-2 space-y-0.5 text-sm text-slate-700">
          {withOrcid.map((author, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two authors may share a name
            <li key={i} className="flex min-w-0 flex-wrap items-center gap-x-1.5">
              <span>{t("{name}:", { name: author.name })}</span>
              <a
                href={author.orcid}
                dir="ltr"
                className={`${textLinkClass} inline-flex min-w-0 items-center gap-1 break-all`}
              >
                <OrcidIcon />
                <span>
                  <span className="sr-only">{t("ORCID iD")} </span>
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
