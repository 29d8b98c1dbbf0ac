import { msg } from "../../../shared/i18n/messages.ts";
import { FlashMessage } from "../../components/dashboard/flash.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { JournalListCard } from "../../components/journal/journal-list-card.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/journals";

export const clientLoader = screenLoader(async (get) => {
  const { journals } = await get("/dashboard/all_journals");
  return journals;
});

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Journals"));
}

export const HydrateFallback = screenFallback(msg("Loading the journals…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function DashboardJournals({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const journals = loaderData;
  const active = journals.filter((j) => j.journal_active).length;
  return (
    <DashboardScreen
      title={t("Journals")}
      lead={t("{count, plural, one {# journal} other {# journals}}, {active, number} active.", {
        count: journals.length,
        active,
      })}
      actions={<ButtonLink to="/dashboard/create_journal/1">{t("Create New Journal")}</ButtonLink>}
    >
      <FlashMessage />
      {journals.length === 0 ? (
        <EmptyNote>
          {t(
            "No journals to manage yet. Create one, or ask a site administrator to assign you one.",
          )}
        </EmptyNote>
      ) : (
        <ul className="space-y-6" aria-label={t("Journals")}>
          {journals.map((journal, i) => (
            <li key={journal.journal_uri}>
              <JournalListCard journal={journal} status eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
    </DashboardScreen>
  );
}
