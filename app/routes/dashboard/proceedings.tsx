/**
 * Dashboard proceedings list, /dashboard/proceedings (docs/product/screens.md, Proceedings list): a
 * 'Create New Proceeding' link and a card per proceeding from GET /api/all_proceedings/Y with
 * its cover image, the line '{event_name} from {event_start_date} to {event_end_date}', title,
 * sub_title, intro and the server's buttons (label, link). Dates are shown as the server gives
 * them, `YYYY-MM-DD` (docs/decisions/073-proceeding-screens.md). A failed load shows the server's
 * msg or 'Not Authorised to Access This Page' full-page (docs/product/errors.md).
 */
import type { ProceedingCard } from "../../../shared/api.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { FlashMessage } from "../../components/dashboard/flash.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { EventLine } from "../../components/proceedings/event-line.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { CardButtons, CatalogueCard } from "../../components/ui/catalogue-card.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { PlainText } from "../../components/ui/plain-text.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/proceedings";

export const clientLoader = screenLoader(async (get) => {
  const { proceedings } = await get("/all_proceedings/Y");
  return proceedings;
});

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Proceedings"));
}

export const HydrateFallback = screenFallback(msg("Loading the proceedings…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function DashboardProceedings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const proceedings = loaderData;
  return (
    <DashboardScreen
      title={t("Proceedings")}
      lead={t("Conference proceedings, each published for an event.")}
      actions={
        <ButtonLink to="/dashboard/create_proceeding">{t("Create New Proceeding")}</ButtonLink>
      }
    >
      <FlashMessage />
      {proceedings.length === 0 ? (
        <EmptyNote>{t("No proceedings yet. Create the first one.")}</EmptyNote>
      ) : (
        <ul className="space-y-6" aria-label={t("Proceedings")}>
          {proceedings.map((proceeding, i) => (
            <li key={proceeding.id}>
              <ProceedingListCard proceeding={proceeding} eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
    </DashboardScreen>
  );
}

function ProceedingListCard({ proceeding, eager }: { proceeding: ProceedingCard; eager: boolean }) {
  return (
    <CatalogueCard image={proceeding.cover_img} placeholder={proceeding.title} eager={eager}>
      <EventLine
        name={proceeding.event_name}
        start={proceeding.event_start_date}
        end={proceeding.event_end_date}
        className="text-sm font-semibold text-brand-800"
      />
      <h2 className="mt-1 text-lg leading-snug font-semibold break-words sm:text-2xl">
        {proceeding.title}
      </h2>
      {proceeding.sub_title ? (
        <p className="mt-1 text-slate-700 break-words">{proceeding.sub_title}</p>
      ) : null}
      <PlainText
        text={proceeding.intro}
        className="mt-3 line-clamp-4 text-sm text-slate-600 sm:text-base"
      />
      <CardButtons
        buttons={proceeding.buttons}
        name={proceeding.title}
        className="mt-4 flex flex-wrap gap-2"
      />
    </CatalogueCard>
  );
}
