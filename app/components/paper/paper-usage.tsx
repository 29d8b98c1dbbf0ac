/**
 * A paper's views and downloads, under its facts (issue 17; docs/decisions/284-usage-figures-for-readers.md):
 * COUNTER Release 5.1 figures (Total_Item_Investigations and Total_Item_Requests) up to the end
 * of yesterday (UTC). Nothing is shown before the paper's first view. Counts (plural forms) and
 * the date are in the page's language.
 */
import { humanDate } from "../../../shared/format.ts";
import type { ReaderFigures } from "../../../shared/usage.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";

export function PaperUsage({ usage }: { usage: ReaderFigures | null | undefined }) {
  const t = useT();
  const locale = useLocale();
  if (!usage || usage.views === 0) return null;
  return (
    <p className="mt-3 text-sm text-slate-700" data-usage="">
      <span className="font-semibold">
        {t("{views, plural, one {# view} other {# views}}", { views: usage.views })}
      </span>
      {" · "}
      <span className="font-semibold">
        {t("{downloads, plural, one {# download} other {# downloads}}", {
          downloads: usage.downloads,
        })}
      </span>
      <span className="text-slate-600">
        {" "}
        {t("(to {date}, counted by the COUNTER Code of Practice)", {
          date: humanDate(usage.through, locale),
        })}
      </span>
    </p>
  );
}
