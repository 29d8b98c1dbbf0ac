/**
 * The body of the dashboard pages of one issue or one proceeding (docs/product/screens.md,
 * Dashboard publication page): the cover on the left (above on a phone) and, beside it, the
 * editorial board behind a disclosure followed by the page's contents (`children`: the papers
 * list, and what else the page has).
 */
import type { ReactNode } from "react";
import type { EditorPublic } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { EditorialBoard } from "../journal/editorial-board.tsx";
import { CoverImage } from "../ui/cover-image.tsx";
import { Disclosure } from "../ui/disclosure.tsx";

export function CoverAndBoard({
  of: { cover_img, editors },
  alt,
  placeholder,
  kind = "issue",
  children,
}: {
  /** The issue or proceeding: its cover, and its board by role as the server groups it. */
  of: { cover_img: string | null; editors: Record<string, EditorPublic[]> };
  alt: string;
  /** Text of the placeholder drawn when there is no cover. */
  placeholder: string;
  /** Whose board it is, for the words of an empty one (issue 34). */
  kind?: "issue" | "proceeding";
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-8 md:flex-row md:items-start">
      <CoverImage
        src={cover_img}
        alt={alt}
        sizes="(min-width: 768px) 12rem, 9rem"
        eager
        placeholder={placeholder}
        className="w-36 shrink-0 self-start shadow-md ring-1 ring-slate-900/10 md:w-48"
      />
      <div className="min-w-0 flex-1 space-y-10">
        <Disclosure title={t("Editorial Board")}>
          <EditorialBoard
            editors={editors}
            emptyText={
              kind === "proceeding" ? t("No editors are listed for this proceeding.") : undefined
            }
          />
        </Disclosure>
        {children}
      </div>
    </div>
  );
}
