import type { PaperReading } from "../../../shared/api.ts";
import { splitInstitutions } from "../../../shared/format.ts";

/**
 * Author names with numbered affiliations, the usual journal layout (docs/decisions/033-paper-
 * page.md): affiliations (several are stored joined with "; ") are listed once each; with a
 * single affiliation for everyone the numbers are left out.
 */
export function PaperAuthors({ authors }: { authors: PaperReading["authors"] }) {
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
