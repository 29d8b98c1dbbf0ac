/**
 * About (`/categories`, the header link labelled About; docs/product/screens.md): what the site is, and
 * the four subjects of the home page (`SUBJECTS`), each with its journals, under anchors
 * `#{key}` that the home page's subject cards link to, and a pointer to the conference
 * proceedings (`/proceedings`). The journal list loads on its own and stays empty when its load
 * fails (docs/product/errors.md).
 */

import { listActiveJournals } from "../../server/features/journals/queries.ts";
import type { JournalCard } from "../../shared/api.ts";
import { SUBJECTS } from "../../shared/constants.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { JournalSummary } from "../components/journal/journal-summary.tsx";
import { PageHeading } from "../components/ui/heading.tsx";
import { Link } from "../components/ui/link.tsx";
import { containerClass, textLinkClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { Trans, useT } from "../i18n/use-t.tsx";
import { loadSection } from "../lib/public-load.ts";
import { localeOf, pageMeta, useRootData } from "../lib/root-data.ts";
import type { Route } from "./+types/categories";

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const journals = await loadSection(ctx, "about: journals", () => listActiveJournals(ctx));
  return { journals };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return pageMeta(
    matches,
    t("About"),
    t(
      "An open library of academic journals, issues, papers and proceedings, free to read in full text, by subject: Philosophy, Science & Technology, Arts & Humanities and more.",
    ),
  );
}

/** Journals of subject `key`; a journal with an unknown subject belongs to "More Journals". */
function journalsOf(journals: JournalCard[], key: string): JournalCard[] {
  const known = new Set<string>(SUBJECTS.map((s) => s.key));
  return journals.filter((j) => j.subject === key || (key === "more" && !known.has(j.subject)));
}

export default function About({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { journals } = loaderData;
  const { siteName } = useRootData();
  return (
    <main className={`${containerClass} py-10 sm:py-14`}>
      <PageHeading
        kicker={t("Academic Journals and Open Library")}
        title={t("About {product}", { product: siteName })}
        lead={t(
          "{product} is an academic journals and open library: a home for peer-reviewed journals, their issues and papers, and conference proceedings, all free to read online.",
          { product: siteName },
        )}
      />

      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="max-w-prose space-y-4 text-[1.05rem] leading-relaxed text-slate-700">
          <p>
            {t(
              "Each journal is run by its own editors, who publish its issues here. Every paper has a page of its own with its authors, abstract, keywords and DOI, and its full text opens in the reader in your browser, page by page, with selectable text and working links.",
            )}
          </p>
          <p>
            {t(
              "The pages carry the metadata that Google Scholar and library indexes read, so the papers are found by the people looking for them. Reading is free and needs no account.",
            )}
          </p>
          <p>
            <Trans
              id="The journals are grouped into four subjects below. To reach an editorial office, see <0>Contact</0>; to browse everything at once, see <1>all journals</1>."
              components={{
                0: <Link to="/contact" className={textLinkClass} />,
                1: <Link to="/journals" className={textLinkClass} />,
              }}
            />
          </p>
          <p>
            <Trans
              id="Beside the journals, the library publishes the proceedings of academic conferences: the papers given at each event, with their authors, abstracts and full texts. See <0>Conference Proceedings</0>."
              components={{ 0: <Link to="/proceedings" className={textLinkClass} /> }}
            />
          </p>
        </div>
        <nav aria-label={t("Subjects")} className="lg:border-s lg:border-slate-200 lg:ps-8">
          <h2 className="font-sans text-xs font-semibold tracking-[0.16em] text-slate-600 uppercase">
            {t("Subjects")}
          </h2>
          <ul className="mt-3 space-y-2">
            {SUBJECTS.map((subject) => (
              <li key={subject.key}>
                <a href={`#${subject.key}`} className={`font-serif text-lg ${textLinkClass}`}>
                  {t(subject.name)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className="mt-14 space-y-8">
        {SUBJECTS.map((subject) => {
          const list = journals ? journalsOf(journals, subject.key) : null;
          return (
            <section
              key={subject.key}
              id={subject.key}
              aria-labelledby={`${subject.key}-title`}
              className="scroll-mt-6 rounded-sm border border-slate-200 border-s-4 border-s-brand-800 bg-white p-6 shadow-xs sm:p-8"
            >
              <h2 id={`${subject.key}-title`} className="text-2xl font-semibold sm:text-3xl">
                {t(subject.name)}
              </h2>
              <p className="mt-2 max-w-prose leading-relaxed text-slate-600">{t(subject.blurb)}</p>
              {list && list.length === 0 ? (
                <p className="mt-5 text-slate-600">{t("No journals in this subject yet.")}</p>
              ) : null}
              {list && list.length > 0 ? (
                <ul className="mt-6 grid gap-x-10 gap-y-5 md:grid-cols-2">
                  {list.map((journal) => (
                    <li key={journal.link} className="border-t border-slate-200 pt-4">
                      <JournalSummary journal={journal} introClass="mt-1 line-clamp-2" />
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          );
        })}
      </div>
    </main>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
