/**
 * The home page's notice while the first start imports the corpus in the background
 * (server/import/seed.ts, docs/decisions/121-background-first-start.md): how far it has got, so a
 * near-empty catalogue reads as "still arriving", not as "nothing here".
 */
import { containerClass } from "../ui/styles.ts";

export type CatalogueLoading = { done: number; total: number | null };

/** "The catalogue is being loaded: 12 of 26 papers so far." */
export function loadingMessage({ done, total }: CatalogueLoading): string {
  if (total === null) return "The catalogue is being loaded.";
  return `The catalogue is being loaded: ${done.toLocaleString("en")} of ${total.toLocaleString("en")} papers so far.`;
}

export function LoadingNotice({ loading }: { loading: CatalogueLoading }) {
  return (
    <div className="border-b border-amber-200 bg-amber-50">
      <p role="status" className={`${containerClass} py-3 text-sm text-amber-900`}>
        {loadingMessage(loading)} Reload the page to see the papers added since.
      </p>
    </div>
  );
}
