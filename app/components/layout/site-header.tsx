import { createElement, useId } from "react";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { Link, NavLink } from "../ui/link.tsx";
import { containerClass } from "../ui/styles.ts";
import { CloseIcon, LogoMark, MenuIcon } from "./icons.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { MENU } from "./menu-element.ts";

/** Header navigation of docs/product/screens.md (Shared layout), labels and targets as written there. */
export const NAV_LINKS = [
  { label: msg("Home"), to: "/" },
  { label: msg("About"), to: "/categories" },
  { label: msg("Journals"), to: "/journals" },
  { label: msg("Contact"), to: "/contact" },
] as const;

/**
 * Site header: the site's mark and name, and the main navigation. Below the `md` breakpoint
 * (768 px) the navigation collapses behind a toggle button (docs/product/states.md: open or closed)
 * that swaps its open and close icons and reports its state with `aria-expanded`. The server
 * renders it closed; the `<ath-menu>` element around the toggle and the navigation
 * (./menu-element.ts) opens and closes it, on hydrated and unhydrated pages alike (decision
 * 292), so this component keeps no state.
 */
export function SiteHeader() {
  const t = useT();
  const { siteName } = useRootData();
  const navId = useId();

  return (
    <header className="border-b border-slate-200 bg-white">
      <div aria-hidden="true" className="h-1 bg-brand-800" />
      <div
        className={`${containerClass} flex flex-wrap items-center justify-between gap-x-4 py-3 md:gap-x-8 md:py-4`}
      >
        <Link
          to="/"
          className="group flex min-w-0 flex-1 items-center gap-3 rounded-sm md:flex-none"
        >
          <LogoMark className="size-10 shrink-0 sm:size-11" />
          <span className="flex min-w-0 flex-col">
            <span className="font-serif text-2xl leading-none font-semibold tracking-tight text-brand-900 sm:text-[1.7rem]">
              {siteName}
            </span>
            <span className="mt-1 text-[0.6rem] font-medium tracking-[0.12em] text-slate-600 uppercase sm:text-[0.68rem] sm:tracking-[0.18em]">
              {t("Academic Journals and Open Library")}
            </span>
          </span>
        </Link>

        {createElement(
          MENU.tag,
          // its children take part in the header's flex layout as if it were not there
          { className: "contents" },
          <button
            type="button"
            {...{ [MENU.toggle]: "" }}
            className="peer group -me-2 inline-flex size-11 shrink-0 items-center justify-center rounded-sm text-brand-900 hover:bg-brand-50 md:hidden"
            aria-expanded={false}
            aria-controls={navId}
            aria-label={t(MENU.openLabel)}
            data-open-label={t(MENU.openLabel)}
            data-close-label={t(MENU.closeLabel)}
          >
            {/* Both icons, shown by the button's state, which is all the element changes. */}
            <MenuIcon className="size-6 group-aria-expanded:hidden" />
            <CloseIcon className="hidden size-6 group-aria-expanded:block" />
          </button>,
          <nav
            id={navId}
            aria-label={t("Main")}
            className="hidden w-full peer-aria-expanded:block md:block md:w-auto"
          >
            <ul className="mt-3 flex flex-col border-t border-slate-200 pt-2 md:mt-0 md:flex-row md:gap-1 md:border-0 md:pt-0">
              {NAV_LINKS.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/"}
                    className={({ isActive }) =>
                      `block rounded-sm px-3 py-3 text-[0.95rem] font-medium md:py-2 ${
                        isActive
                          ? "bg-brand-50 font-semibold text-brand-900 md:bg-transparent md:font-medium md:shadow-[inset_0_-2px_0_var(--color-brand-700)]"
                          : "text-slate-700 hover:bg-brand-50 hover:text-brand-900"
                      }`
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
              <li>
                <LanguageMenu />
              </li>
            </ul>
          </nav>,
        )}
      </div>
    </header>
  );
}
