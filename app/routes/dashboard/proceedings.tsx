/**
 * Dashboard proceedings list, /dashboard/proceedings (spec section 2, Proceedings list): a
 * 'Create New Proceeding' link and a card per proceeding from GET /api/all_proceedings/Y with
 * its cover image, the line '{event_name} from {event_start_date} to {event_end_date}', title,
 * sub_title, intro and the server's buttons (label, link). Dates are shown as the server gives
 * them, `YYYY-MM-DD` (docs/decisions/073-proceeding-screens.md). A failed load shows the server's
 * msg or 'Not Authorised to Access This Page' full-page (spec section 8).
 */
import type { ProceedingCard } from "../../../shared/api.ts";
import { FlashMessage } from "../../components/dashboard/flash.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { CoverImage } from "../../components/ui/cover-image.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { PlainText } from "../../components/ui/plain-text.tsx";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/proceedings";

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    const { proceedings } = await get<{ proceedings: ProceedingCard[] }>("/all_proceedings/Y");
    return proceedings;
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Proceedings");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the proceedings…" />;
}

export default function DashboardProceedings({ loaderData }: Route.ComponentProps) {
  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const proceedings = loaderData.data;
  return (
    <DashboardScreen
      title="Proceedings"
      lead="Conference proceedings, each published for an event."
      actions={<ButtonLink to="/dashboard/create_proceeding">Create New Proceeding</ButtonLink>}
    >
      <FlashMessage />
      {proceedings.length === 0 ? (
        <EmptyNote>No proceedings yet. Create the first one.</EmptyNote>
      ) : (
        <ul className="space-y-6" aria-label="Proceedings">
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
    <article className="flex gap-4 rounded-sm border border-slate-200 bg-white p-4 shadow-xs sm:gap-6 sm:p-6">
      <div className="w-24 shrink-0 self-start sm:w-40">
        <CoverImage
          src={proceeding.cover_img}
          alt=""
          sizes="(min-width: 640px) 10rem, 6rem"
          eager={eager}
          placeholder={proceeding.title}
          className="w-full"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="text-sm font-semibold text-brand-800" data-testid="event-line">
          {proceeding.event_name} from{" "}
          <time dateTime={proceeding.event_start_date}>{proceeding.event_start_date}</time> to{" "}
          <time dateTime={proceeding.event_end_date}>{proceeding.event_end_date}</time>
        </p>
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
        {proceeding.buttons.length > 0 ? (
          <div className="mt-4 flex flex-wrap gap-2">
            {proceeding.buttons.map((button, i) => (
              <ButtonLink
                key={button.link}
                to={button.link}
                variant={i === 0 ? "primary" : "secondary"}
                hiddenSuffix={proceeding.title}
              >
                {button.label}
              </ButtonLink>
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}
