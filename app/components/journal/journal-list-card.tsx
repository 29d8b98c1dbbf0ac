import type { JournalCard } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { CardButtons, CatalogueCard } from "../ui/catalogue-card.tsx";
import { TitleLink } from "../ui/title-link.tsx";

/**
 * A journal card of the journals list (docs/product/screens.md, Journals list page): image, name, intro
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
  const t = useT();
  return (
    <CatalogueCard
      image={journal.journal_img}
      placeholder={journal.journal_name}
      link={journal.link}
      wide
      eager={eager}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <TitleLink as="h2" to={journal.link} className="text-lg sm:text-2xl">
          {journal.journal_name}
        </TitleLink>
        {status ? (
          <span
            className={`rounded-sm px-2 py-0.5 text-xs font-semibold ${
              journal.journal_active
                ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200"
                : "bg-slate-100 text-slate-700 ring-1 ring-slate-300"
            }`}
          >
            {journal.journal_active ? t("Active") : t("Inactive")}
          </span>
        ) : null}
      </div>
      <p className="mt-2 line-clamp-4 text-sm leading-relaxed text-slate-600 sm:text-base">
        {journal.journal_intro}
      </p>
      <CardButtons
        buttons={journal.buttons}
        name={journal.journal_name}
        className="mt-auto flex flex-wrap gap-2 pt-4"
      />
    </CatalogueCard>
  );
}
