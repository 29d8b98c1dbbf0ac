/**
 * The frame of every /dashboard… screen (docs/product/screens.md, Dashboard navigation bar; section 6):
 * loads GET /api/dashboard/admin_nav_items in the browser and shows the server's links, 'Hello
 * {u_name}!', an Account link (the manager's own name and password) and a Logout link; nested screens render below it in the `<Outlet />`. When the menu
 * cannot be loaded (not signed in, or any other failure: 'Menu Not Loading', docs/product/errors.md) it
 * goes to /manager. The site header and footer come from the root layout; the dashboard has no
 * search banner.
 *
 * Rendered on the client only (`clientLoader` with `HydrateFallback`): the server sends the
 * frame's placeholder, the browser fills it in with the manager's cookie. The server's
 * `loader` only checks the screen's route parameters (app/lib/dashboard-params.ts): an address
 * no screen can show is a 404 '404 Page Not Found' (issue 15), on the server and in the browser.
 * The menu's texts come from the server in the page's language; the frame's own are translated
 * here (decision 382).
 */
import { Outlet, redirect } from "react-router";
import { MESSAGES } from "../../../shared/constants.ts";
import { Spinner } from "../../components/forms/index.ts";
import { Link, NavLink } from "../../components/ui/link.tsx";
import { containerClass } from "../../components/ui/styles.ts";
import { useT } from "../../i18n/use-t.tsx";
import { apiGet, isAbort } from "../../lib/api.ts";
import { assertDashboardParams } from "../../lib/dashboard-params.ts";
import type { Route } from "./+types/layout";

/** Every dashboard screen's parameters, on the server: 404 when one breaks its rule. */
export function loader({ params }: Route.LoaderArgs) {
  assertDashboardParams(params);
  return null;
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  assertDashboardParams(params);
  try {
    const { nav_items } = await apiGet("/dashboard/admin_nav_items", MESSAGES.menuNotLoading, {
      signal: request.signal,
    });
    return { navItems: nav_items };
  } catch (error) {
    if (isAbort(error) || request.signal.aborted) throw error;
    throw redirect("/manager");
  }
}
clientLoader.hydrate = true as const;

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-sm px-3 py-2 text-sm font-semibold whitespace-nowrap ${
    isActive ? "bg-brand-800 text-white" : "text-brand-900 hover:bg-brand-100 hover:text-brand-950"
  }`;

function Bar({ children }: { children: React.ReactNode }) {
  return (
    <div className="border-b border-brand-200 bg-brand-50">
      <div
        className={`${containerClass} flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-6`}
      >
        {children}
      </div>
    </div>
  );
}

export function HydrateFallback() {
  const t = useT();
  return (
    <>
      <Bar>
        <p role="status" className="flex items-center gap-2 py-2 text-sm text-slate-700">
          <Spinner />
          {t("Loading the dashboard…")}
        </p>
      </Bar>
      <div className="min-h-64" />
    </>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { u_name, nav_links } = loaderData.navItems;
  return (
    <>
      <Bar>
        <nav aria-label={t("Dashboard")}>
          <ul className="-mx-3 flex flex-wrap gap-1 sm:mx-0">
            {nav_links.map((link) => (
              <li key={`${link.url} ${link.text}`}>
                <NavLink to={link.url} end className={linkClass}>
                  {link.text}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center justify-between gap-4 border-t border-brand-200 pt-2 text-sm sm:border-0 sm:pt-0">
          <p className="font-serif text-base text-slate-900">
            {t("Hello {name}!", { name: u_name })}
          </p>
          {/* the manager's own name and password (decision 198) */}
          <NavLink
            to="/dashboard/account"
            className={({ isActive }) =>
              `ms-auto rounded-sm px-3 py-2 font-semibold underline-offset-4 hover:underline sm:ms-0 ${
                isActive ? "text-brand-950 underline" : "text-brand-800"
              }`
            }
          >
            {t("Account")}
          </NavLink>
          {/* One click signs out (decision 265): a full page load, which /logout answers with a
              redirect to /manager, so nothing of the signed-in pages stays in memory. */}
          <Link
            to="/logout"
            reloadDocument
            className="rounded-sm px-3 py-2 font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            {t("Logout")}
          </Link>
        </div>
      </Bar>
      <Outlet />
    </>
  );
}
