import type { PaperReading } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { TitledSection } from "../ui/heading.tsx";
import { textLinkClass } from "../ui/styles.ts";

/**
 * 'Funding' of the paper page (decision 305): each funder (linked to its Crossref Funder ID or
 * ROR record when it has one) with its award numbers, then the funding statement as the paper
 * prints it. Nothing when the paper names no funding. Labels in the page's language; award
 * numbers read left to right.
 */
export function PaperFunding({
  paper,
}: {
  paper: Pick<PaperReading, "funding" | "funding_statement">;
}) {
  const t = useT();
  const { funding, funding_statement: statement } = paper;
  if (funding.length === 0 && !statement) return null;
  return (
    <TitledSection headingId="funding-heading" className="mt-8" title={t("Funding")}>
      {funding.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 ps-5 text-base text-slate-800">
          {funding.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a funder may be named twice
            <li key={i}>
              {f.funder_id ? (
                <a href={f.funder_id} className={textLinkClass}>
                  {f.funder_name}
                </a>
              ) : (
                f.funder_name
              )}
              {f.award_ids.length > 0 ? (
                <span className="text-slate-600">
                  {" "}
                  {t("({count, plural, one {award} other {awards}} {awards})", {
                    count: f.award_ids.length,
                    awards: f.award_ids.join(", "),
                  })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {statement ? (
        <p dir="auto" className="mt-3 text-base leading-relaxed text-slate-800">
          {statement}
        </p>
      ) : null}
    </TitledSection>
  );
}
