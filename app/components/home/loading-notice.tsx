/**
 * The home page's notice while the first start imports the corpus in the background
 * (server/import/seed.ts, docs/decisions/121-background-first-start.md): how far it has got, so a
 * near-empty catalogue reads as "still arriving", not as "nothing here".
 */
import type { Translate } from "../../../shared/i18n/translator.ts";
import { useT } from "../../i18n/use-t.tsx";
import { containerClass } from "../ui/styles.ts";

export type CatalogueLoading = { done: number; total: number | null };

/** "The catalogue is being loaded: 12 of 26 papers so far.", in the language of `t`. */
export function loadingMessage({ done, total }: CatalogueLoading, t: Translate): string {
  if (total === null) return t("The catalogue is being loaded.");
  return t(
    "The catalogue is being loaded: {done, number} of {total, plural, one {# paper} other {# papers}} so far.",
    { done, total },
  );
}

export function LoadingNotice({ loading }: { loading: CatalogueLoading }) {
  const t = useT();
  return (
    <div className="border-b border-amber-200 bg-amber-50">
      <p role="status" className={`${containerClass} py-3 text-sm text-amber-900`}>
        {loadingMessage(loading, t)} {t("Reload the page to see the papers added since.")}
      </p>
    </div>
  );
}
