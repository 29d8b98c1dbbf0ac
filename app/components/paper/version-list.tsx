/**
 * 'Versions' on a paper's page (issue 33, decision 490): every version of a paper that was
 * changed after publication, oldest first, each with the date it took effect and its change
 * note; earlier ones link to their own page (`{paper page}/version/{n}`), the current one is
 * marked. Nothing is shown while the paper has only its first version.
 */
import type { PaperVersionItem } from "../../../shared/api.ts";
import { formatDate } from "../../../shared/i18n/intl.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { TitledSection } from "../ui/heading.tsx";
import { Link } from "../ui/link.tsx";

export function PaperVersionList({
  versions,
  current,
}: {
  versions: PaperVersionItem[];
  current: number;
}) {
  const t = useT();
  const locale = useLocale();
  if (versions.length < 2) return null;
  return (
    <TitledSection headingId="versions-heading" className="mt-8" title={t("Versions")}>
      <ol className="mt-3 space-y-2 text-sm text-slate-800">
        {versions.map((v) => {
          const label = t("Version {n}, {date}", {
            n: v.version,
            date: formatDate(v.date, locale),
          });
          return (
            <li key={v.version}>
              {v.link ? (
                <Link to={v.link} className="underline">
                  {label}
                </Link>
              ) : (
                <span className="font-semibold">
                  {label} {v.version === current ? t("(current version)") : null}
                </span>
              )}
              {v.note ? <span className="text-slate-600"> · {v.note}</span> : null}
            </li>
          );
        })}
      </ol>
    </TitledSection>
  );
}
