import { useT } from "../../i18n/use-t.tsx";
import { useRootData } from "../../lib/root-data.ts";

/**
 * Footer fixed at the bottom of the window (docs/product/screens.md): 'Copyright © {current year}
 * {product}.'. Its height is the `footer` spacing token of app/app.css (`h-footer`, 44 px), so
 * the PDF reader can stop right above it (decision 268); at the end of the page
 * {@link FOOTER_SPACE} keeps the last content clear of it.
 */
export function SiteFooter() {
  const t = useT();
  const { siteName, year } = useRootData();
  return (
    <footer className="fixed inset-x-0 bottom-0 z-30 flex h-footer items-center justify-center overflow-hidden border-t border-brand-950 bg-brand-900 px-4 text-center text-sm leading-5 text-brand-100">
      <p className="line-clamp-2">
        {t("Copyright © {year} {product}.", { year, product: siteName })}
      </p>
    </footer>
  );
}

/** Bottom padding that keeps the last content clear of the fixed footer. */
export const FOOTER_SPACE = "pb-20";
