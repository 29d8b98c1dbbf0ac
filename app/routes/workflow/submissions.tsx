/**
 * `/submissions`: the signed-in author's submissions with their status (issue 31; decision 400),
 * newest first, each a link to its page. A manager or a visitor gets the sign-in message: this is
 * an author's screen.
 */
import { formatDate } from "../../../shared/i18n/intl.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { screenFallback } from "../../components/dashboard/screen-route.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { Link } from "../../components/ui/link.tsx";
import { titleLinkClass } from "../../components/ui/styles.ts";
import { AuthorErrorBoundary, StatusBadge } from "../../components/workflow/parts.tsx";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/submissions";

export const clientLoader = screenLoader(
  (get) => get("/my_submissions"),
  msg("Please sign in with your author account to see your submissions."),
);

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Your submissions"));
}

export const HydrateFallback = screenFallback(msg("Loading your submissions…"));
export const ErrorBoundary = AuthorErrorBoundary;

export default function Submissions({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { submissions, author } = loaderData;
  return (
    <DashboardScreen
      title={t("Your submissions")}
      lead={t(
        "Signed in as {name}. To submit a paper, open the journal's page and choose 'Submit a paper'.",
        {
          name: author.name,
        },
      )}
    >
      {submissions.length === 0 ? (
        <EmptyNote>{t("You have no submissions yet.")}</EmptyNote>
      ) : (
        <ul className="space-y-4" aria-label={t("Your submissions")}>
          {submissions.map((s) => (
            <li key={s.id} className="rounded-sm border border-slate-200 bg-white p-4">
              <StatusBadge status={s.status} />
              <h2 className="mt-2 font-serif text-lg">
                <Link
                  to={
                    s.status === "draft"
                      ? `/submit/${s.journal_uri}?draft=${s.id}`
                      : `/submissions/${s.id}`
                  }
                  className={titleLinkClass}
                >
                  {s.title}
                </Link>
              </h2>
              <p className="text-sm text-slate-600">
                {s.journal_name}
                {s.submitted_at
                  ? ` · ${t("submitted {date}", { date: formatDate(s.submitted_at.slice(0, 10), locale) })}`
                  : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </DashboardScreen>
  );
}
