import { useT } from "../../i18n/use-t.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { Link } from "../ui/link.tsx";

/**
 * Footer fixed at the bottom of the window (docs/product/screens.md): 'Copyright © {current year}
 * {product}.'. Its height is the `footer` spacing token of app/app.css (`h-footer`, 44 px), so
 * the PDF reader can stop right above it (decision 268); at the end of the page
 * {@link FOOTER_SPACE} keeps the last content clear of it. It links the accessibility statement
 * and the privacy page on every page (issue 34); text and links fit its two lines at 320 px.
 */
export function SiteFooter() {
  const t = useT();
  const { siteName, year } = useRootData();
  return (
    <footer className="fixed inset-x-0 bottom-0 z-30 flex h-footer items-center justify-center overflow-hidden border-t border-brand-950 bg-brand-900 px-4 text-center text-sm leading-5 text-brand-100">
      <p className="line-clamp-2">
        {t("Copyright © {year} {product}.", { year, product: siteName })}{" "}
        <span className="whitespace-nowrap">
          <Link to="/accessibility" className={footerLinkClass}>
            {t("Accessibility")}
          </Link>
          <span aria-hidden="true"> · </span>
          <Link to="/privacy" className={footerLinkClass}>
            {t("Privacy")}
          </Link>
        </span>
      </p>
    </footer>
  );
}

const footerLinkClass =
  "underline underline-offset-2 hover:text-white focus-visible:outline-white focus-visible:outline-offset-1";

/** Bottom padding that keeps the last content clear of the fixed footer. */
export const FOOTER_SPACE = "pb-20";
