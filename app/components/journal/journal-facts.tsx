import type { JournalDetail } from "../../../shared/api.ts";
import { FREQUENCY_LABELS, type Frequency } from "../../../shared/constants.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";
import { useT } from "../../i18n/use-t.tsx";
import { textLinkClass } from "../ui/styles.ts";

type Fact = { label: string; value: string; email?: boolean };

/**
 * The journal's optional lines (docs/product/screens.md, Journal detail page): ISSN, Publisher,
 * Publication Frequency (its human label), Journal Email, Publication Cost, Contact Name and
 * Contact Email, each only when non-empty, labelled in the language of `t`. Emails are `mailto:`
 * links.
 */
export function journalFacts(journal: JournalDetail, t: Translate): Fact[] {
  const known = FREQUENCY_LABELS[journal.frequency as Frequency];
  const frequency = known ? t(known) : journal.frequency.trim();
  const issn =
    journal.issn && journal.eissn
      ? t("{print} (print), {online} (online)", { print: journal.issn, online: journal.eissn })
      : journal.issn || journal.eissn;
  const facts: Fact[] = [
    { label: t("ISSN"), value: issn },
    { label: t("Publisher"), value: journal.publisher },
    { label: t("Publication Frequency"), value: frequency },
    { label: t("Journal Email"), value: journal.email, email: true },
    { label: t("Publication Cost"), value: journal.cost },
    { label: t("Contact Name"), value: journal.contact_name },
    { label: t("Contact Email"), value: journal.contact_email, email: true },
  ];
  return facts
    .map((fact) => ({ ...fact, value: fact.value.trim() }))
    .filter((fact) => fact.value !== "");
}

/** The facts as a definition list. */
export function JournalFacts({ journal }: { journal: JournalDetail }) {
  const facts = journalFacts(journal, useT());
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
