import type { JournalDetail } from "../../../shared/api.ts";
import { FREQUENCY_LABELS, type Frequency } from "../../../shared/constants.ts";
import { textLinkClass } from "../ui/styles.ts";

type Fact = { label: string; value: string; email?: boolean };

/**
 * The journal's optional lines (docs/product/screens.md, Journal detail page): ISSN, Publisher,
 * Publication Frequency (its human label), Journal Email, Publication Cost, Contact Name and
 * Contact Email, each only when non-empty. Emails are `mailto:` links.
 */
export function journalFacts(journal: JournalDetail): Fact[] {
  const frequency = FREQUENCY_LABELS[journal.frequency as Frequency] ?? journal.frequency.trim();
  const issn =
    journal.issn && journal.eissn
      ? `${journal.issn} (print), ${journal.eissn} (online)`
      : journal.issn || journal.eissn;
  const facts: Fact[] = [
    { label: "ISSN", value: issn },
    { label: "Publisher", value: journal.publisher },
    { label: "Publication Frequency", value: frequency },
    { label: "Journal Email", value: journal.email, email: true },
    { label: "Publication Cost", value: journal.cost },
    { label: "Contact Name", value: journal.contact_name },
    { label: "Contact Email", value: journal.contact_email, email: true },
  ];
  return facts
    .map((fact) => ({ ...fact, value: fact.value.trim() }))
    .filter((fact) => fact.value !== "");
}

/** The facts as a definition list. */
export function JournalFacts({ journal }: { journal: JournalDetail }) {
  const facts = journalFacts(journal);
  if (facts.length === 0) return null;
  return (
    <dl className="divide-y divide-slate-200 text-sm" data-testid="journal-facts">
      {facts.map((fact) => (
        <div key={fact.label} className="py-3">
          <dt className="text-xs font-semibold tracking-wider text-slate-600 uppercase">
            {fact.label}
          </dt>
          <dd className="mt-1 break-words text-slate-800">
            {fact.email ? (
              <a href={`mailto:${fact.value}`} className={textLinkClass}>
                {fact.value}
              </a>
            ) : (
              fact.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
