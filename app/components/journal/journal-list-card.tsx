import { Link } from "react-router";
import type { JournalCard } from "../../../shared/api.ts";
import { ButtonLink } from "../ui/button-link.tsx";
import { CoverImage } from "../ui/cover-image.tsx";
import { titleLinkClass } from "../ui/styles.ts";

/**
 * A journal card of the journals list (spec section 2, Journals list page): image, name, intro
 * and the card's buttons, each with its label and link. `status` shows the Active/Inactive
 * indicator the dashboard's list adds (from `journal_active`).
 */
export function JournalListCard({
  journal,
  status = false,
  eager = false,
}: {
  journal: JournalCard;
  status?: boolean;
  eager?: boolean;
}) {
  return (
    <article className="flex gap-4 rounded-sm border border-slate-200 bg-white p-4 shadow-xs sm:gap-6 sm:p-6">
      <Link
        to={journal.link}
        tabIndex={-1}
        aria-hidden="true"
        className="block w-24 shrink-0 self-start sm:w-48"
      >
        <CoverImage
          src={journal.journal_img}
          alt=""
          sizes="(min-width: 640px) 12rem, 6rem"
          eager={eager}
          placeholder={journal.journal_name}
          className="w-full"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg leading-snug font-semibold sm:text-2xl">
            <Link to={journal.link} className={titleLinkClass}>
              {journal.journal_name}
            </Link>
          </h2>
          {status ? (
            <span
              className={`rounded-sm px-2 py-0.5 text-xs font-semibold ${
                journal.journal_active
                  ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200"
                  : "bg-slate-100 text-slate-700 ring-1 ring-slate-300"
              }`}
            >
              {journal.journal_active ? "Active" : "Inactive"}
            </span>
          ) : null}
        </div>
        <p className="mt-2 line-clamp-4 text-sm leading-relaxed text-slate-600 sm:text-base">
          {journal.journal_intro}
        </p>
        {journal.buttons.length > 0 ? (
          <div className="mt-auto flex flex-wrap gap-2 pt-4">
            {journal.buttons.map((button, i) => (
              <ButtonLink
                key={button.link}
                to={button.link}
                variant={i === 0 ? "primary" : "secondary"}
                hiddenSuffix={journal.journal_name}
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
