import type { ProceedingCard as Card } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { ButtonLink } from "../ui/button-link.tsx";
import { CatalogueCard } from "../ui/catalogue-card.tsx";
import { Link } from "../ui/link.tsx";
import { PlainText } from "../ui/plain-text.tsx";
import { titleLinkClass } from "../ui/styles.ts";
import { EventLine } from "./event-line.tsx";

/**
 * A proceeding card of the public proceedings list (docs/product/screens.md, Proceedings list, without
 * the manager's buttons): cover image, the event line, title, sub title, intro and a 'View
 * Proceeding' link to `/proceedings/{slug}`. `compact` (home page) leaves the intro out and
 * sets the title smaller, under a section heading (`<h3>`).
 */
export function ProceedingCard({
  proceeding,
  eager = false,
  compact = false,
}: {
  proceeding: Card;
  eager?: boolean;
  compact?: boolean;
}) {
  const t = useT();
  const Heading = compact ? "h3" : "h2";
  return (
    <CatalogueCard
      image={proceeding.cover_img}
      placeholder={proceeding.event_name}
      link={proceeding.link}
      eager={eager}
    >
      <EventLine
        name={proceeding.event_name}
        start={proceeding.event_start_date}
        end={proceeding.event_end_date}
        className="text-sm font-semibold text-brand-800"
      />
      <Heading
        className={`mt-1 text-lg leading-snug font-semibold break-words ${compact ? "" : "sm:text-2xl"}`}
      >
        <Link to={proceeding.link} className={titleLinkClass}>
          {proceeding.title}
        </Link>
      </Heading>
      {proceeding.sub_title ? (
        <p className="mt-1 break-words text-slate-700">{proceeding.sub_title}</p>
      ) : null}
      {compact ? null : (
        <PlainText
          text={proceeding.intro}
          className="mt-3 line-clamp-4 text-sm text-slate-600 sm:text-base"
        />
      )}
      <div className="mt-auto pt-4">
        <ButtonLink to={proceeding.link} hiddenSuffix={proceeding.title}>
          {t("View Proceeding")}
        </ButtonLink>
      </div>
    </CatalogueCard>
  );
}
