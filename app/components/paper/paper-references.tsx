import type { PaperReading } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { TitledSection } from "../ui/heading.tsx";
import { textLinkClass } from "../ui/styles.ts";

/**
 * 'References' of the paper page (decision 305), open to everyone as I4OC asks: the paper's
 * reference list in order, numbered (the printed label when the source has one, such as "12."
 * or "[12]", else its position), each as printed, then links to the cited work: its DOI as a
 * `https://doi.org/` link (Crossref's display guidelines), its PubMed record, its web address.
 * Each entry carries the JATS `ref/@id` as its element id, the target of in-text links. The
 * heading and link names are in the page's language; each reference, as printed, in its own
 * direction, and its links left to right (decision 382).
 */
export function PaperReferences({ references }: Pick<PaperReading, "references">) {
  const t = useT();
  if (references.length === 0) return null;
  return (
    <TitledSection headingId="references-heading" className="mt-8" title={t("References")}>
      <ol className="mt-3 space-y-3 text-sm leading-relaxed text-slate-800 sm:text-base">
        {references.map((r, i) => {
          const label = r.label.replace(/^\[|\]$|\.$/g, "").trim() || String(i + 1);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: references have no identity but their place
              key={i}
              id={r.ref_id ? `ref-${r.ref_id}` : undefined}
              className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-x-1"
            >
              <span className="text-end text-slate-500 tabular-nums">{label}.</span>
              <div dir="auto" className="min-w-0 [overflow-wrap:anywhere]">
                {r.citation}
                {r.doi || r.pmid || r.url ? (
                  <span className="ms-1 space-x-3 [overflow-wrap:anywhere]">
                    {r.doi ? (
                      <a href={`https://doi.org/${r.doi}`} dir="ltr" className={textLinkClass}>
                        https://doi.org/{r.doi}
                      </a>
                    ) : null}
                    {r.pmid ? (
                      <a
                        href={`https://pubmed.ncbi.nlm.nih.gov/${r.pmid}/`}
                        className={textLinkClass}
                        aria-label={t("PubMed record {pmid}", { pmid: r.pmid })}
                      >
                        PubMed
                      </a>
                    ) : null}
                    {r.url && !r.doi && /^https?:\/\//i.test(r.url) ? (
                      <a href={r.url} dir="ltr" className={textLinkClass}>
                        {r.url}
                      </a>
                    ) : null}
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </TitledSection>
  );
}
