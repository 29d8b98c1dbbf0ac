import { Link } from "react-router";
import type { ProceedingCard as Card } from "../../../shared/api.ts";
import { ButtonLink } from "../ui/button-link.tsx";
import { CoverImage } from "../ui/cover-image.tsx";
import { PlainText } from "../ui/plain-text.tsx";
import { titleLinkClass } from "../ui/styles.ts";
import { EventLine } from "./event-line.tsx";

/**
 * A proceeding card of the public proceedings list (spec section 2, Proceedings list, without
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
  const Heading = compact ? "h3" : "h2";
  return (
    <article className="flex gap-4 rounded-sm border border-slate-200 bg-white p-4 shadow-xs sm:gap-6 sm:p-6">
      <Link
        to={proceeding.link}
        tabIndex={-1}
        aria-hidden="true"
        className="block w-24 shrink-0 self-start sm:w-40"
      >
        <CoverImage
          src={proceeding.cover_img}
          alt=""
          sizes="(min-width: 640px) 10rem, 6rem"
          eager={eager}
          placeholder={proceeding.event_name}
          className="w-full"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
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
            View Proceeding
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
