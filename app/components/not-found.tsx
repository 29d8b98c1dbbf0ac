import { MESSAGES } from "../../shared/constants.ts";
import { useT } from "../i18n/use-t.tsx";
import { ButtonLink } from "./ui/button-link.tsx";
import { containerClass } from "./ui/styles.ts";

/**
 * The page for every unmatched route and every unknown journal, issue or paper (docs/product/screens.md:
 * '404 Page Not Found'). The HTTP status 404 is set by the loader that threw.
 */
export function NotFound() {
  const t = useT();
  return (
    <main className={`${containerClass} py-16 sm:py-24`}>
      <div className="mx-auto max-w-2xl text-center">
        {/* large text: brand-400 keeps 3.8:1 on paper (WCAG AA asks 3:1 at this size) */}
        <p className="font-serif text-7xl text-brand-400 sm:text-8xl" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t(MESSAGES.notFound)}</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-600">
          {t(
            "The page you asked for is not here. It may have moved, or the address may be mistyped; the search box above may help you find what you were looking for.",
          )}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">{t("Back to the home page")}</ButtonLink>
          <ButtonLink to="/journals" variant="secondary">
            {t("Browse all journals")}
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
