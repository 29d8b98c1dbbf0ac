import { FlashMessage } from "../../components/dashboard/flash.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { JournalListCard } from "../../components/journal/journal-list-card.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/journals";

export const clientLoader = screenLoader(async (get) => {
  const { journals } = await get("/dashboard/all_journals");
  return journals;
});

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Journals");
}

export const HydrateFallback = screenFallback("Loading the journals…");
export const ErrorBoundary = ScreenErrorBoundary;

export default function DashboardJournals({ loaderData }: Route.ComponentProps) {
  const journals = loaderData;
  const active = journals.filter((j) => j.journal_active).length;
  return (
    <DashboardScreen
      title="Journals"
      lead={`${journals.length} ${journals.length === 1 ? "journal" : "journals"}, ${active} active.`}
      actions={<ButtonLink to="/dashboard/create_journal/1">Create New Journal</ButtonLink>}
    >
      <FlashMessage />
      {journals.length === 0 ? (
        <EmptyNote>
          No journals to manage yet. Create one, or ask a site administrator to assign you one.
        </EmptyNote>
      ) : (
        <ul className="space-y-6" aria-label="Journals">
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
