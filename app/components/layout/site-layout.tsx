import { useLocation } from "react-router";
import { useT } from "../../i18n/use-t.tsx";
import { Banner } from "./banner.tsx";
import { FOOTER_SPACE, SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * Header, banner and footer around every page (docs/product/screens.md, Shared layout). The dashboard
 * (`/dashboard…`) shows the header and footer but no banner. A skip link lets keyboard users
 * jump past the header and banner (WCAG 2.4.1).
 */
export function SiteLayout({ children }: { children: React.ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
  const dashboard = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  return (
    <div className={`flex min-h-screen flex-col ${FOOTER_SPACE}`}>
      <a
        href="#content"
        className="sr-only z-50 rounded-sm bg-white px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:absolute focus:start-2 focus:top-2"
      >
        {t("Skip to content")}
      </a>
      <SiteHeader />
      {dashboard ? null : <Banner />}
      <div id="content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </div>
      <SiteFooter />
    </div>
  );
}
