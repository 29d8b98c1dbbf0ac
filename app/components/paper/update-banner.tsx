/**
 * The banner of a paper's update notices (issue 33, decision 490), at the top of its page (which
 * also holds the PDF reader) and of its HTML full text: each notice, newest first, with its type
 * ("Retraction", "Correction"…), title, date, DOI when it has one, and text. A retraction,
 * partial retraction, withdrawal or removal is shown as a warning (red), the other types as a
 * note (amber). Each notice has its anchor (`notice-{id}`), which JSON-LD, OAI and Crossref link
 * to. Rendered on the server, nothing to hydrate.
 */
import type { PaperReading } from "../../../shared/api.ts";
import { formatDate } from "../../../shared/i18n/intl.ts";
import {
  isRetraction,
  noticeAnchor,
  removesFiles,
  UPDATE_TYPE_LABELS,
} from "../../../shared/updates.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";

export function UpdateBanner({ updates }: { updates: PaperReading["updates"] }) {
  const t = useT();
  const locale = useLocale();
  if (updates.length === 0) return null;
  return (
    <div className="mb-6 space-y-3" data-update-banner="">
      {updates.map((u) => {
        const grave = isRetraction(u.type) || removesFiles(u.type);
        return (
          <section
            key={u.id}
            id={noticeAnchor(u.id)}
            aria-label={t(UPDATE_TYPE_LABELS[u.type])}
            className={`rounded-sm border-l-4 px-4 py-3 ${
              grave
                ? "border-red-700 bg-red-50 text-red-950"
                : "border-amber-600 bg-amber-50 text-amber-950"
            }`}
          >
            <p className="font-semibold">
              {t("{type} notice: {title}", { type: t(UPDATE_TYPE_LABELS[u.type]), title: u.title })}
            </p>
            <p className="mt-1 text-sm">
              {t("Published {date}", { date: formatDate(u.date, locale) })}
              {u.doi ? (
                <>
                  {" · "}
                  <a className="underline" dir="ltr" href={`https://doi.org/${u.doi}`}>
                    https://doi.org/{u.doi}
                  </a>
                </>
              ) : null}
            </p>
            <p className="mt-2 text-sm whitespace-pre-line" dir="auto">
              {u.text}
            </p>
          </section>
        );
      })}
    </div>
  );
}
