import { useRootData } from "../../lib/root-data.ts";

/**
 * Footer fixed at the bottom of the window (docs/product/screens.md): 'Copyright © {current year}
 * {product}.'. Its height is reserved at the end of the page by {@link FOOTER_SPACE} so it
 * never covers content.
 */
export function SiteFooter() {
  const { siteName, year } = useRootData();
  return (
    <footer className="fixed inset-x-0 bottom-0 z-30 border-t border-brand-950 bg-brand-900 px-4 py-3 text-center text-sm text-brand-100">
      Copyright © {year} {siteName}.
    </footer>
  );
}

/** Bottom padding that keeps the last content clear of the fixed footer. */
export const FOOTER_SPACE = "pb-20";
