import { Link } from "react-router";
import { useRootData } from "../../lib/root-data.ts";

/** Header navigation, banner and footer around every page (spec section 2, Shared layout). */
export function SiteLayout({ children }: { children: React.ReactNode }) {
  const { siteName, year } = useRootData();
  return (
    <div className="min-h-screen pb-12">
      <header>
        <nav>
          <Link to="/">Home</Link> <Link to="/categories">About</Link>{" "}
          <Link to="/journals">Journals</Link> <Link to="/contact">Contact</Link>
        </nav>
      </header>
      {children}
      <footer className="fixed inset-x-0 bottom-0">
        Copyright © {year} {siteName}.
      </footer>
    </div>
  );
}
