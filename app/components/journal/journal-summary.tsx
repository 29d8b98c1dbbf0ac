import type { JournalCard } from "../../../shared/api.ts";
import { TitleLink } from "../ui/title-link.tsx";

/**
 * A journal in the lists of the home page ('New Journals'), the journals page ('Recently
 * added') and the subjects page: its name linking to its page, then its intro in small grey
 * type. `titleClass` sizes and spaces the name (`text-lg` unless told); `introClass` spaces the
 * intro and cuts it to a number of lines (`mt-2 line-clamp-3`).
 */
export function JournalSummary({
  journal,
  titleClass,
  introClass,
}: {
  journal: Pick<JournalCard, "link" | "journal_name" | "journal_intro">;
  titleClass?: string;
  introClass: string;
}) {
  return (
    <>
      <TitleLink to={journal.link} className={titleClass}>
        {journal.journal_name}
      </TitleLink>
      <p className={`${introClass} text-sm leading-relaxed text-slate-600`}>
        {journal.journal_intro}
      </p>
    </>
  );
}
