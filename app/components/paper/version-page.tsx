/**
 * An earlier version of a paper, `{paper page}/version/{n}` (issue 33, decision 490): which
 * version it is, when it took effect and its change note, a link to the current version, then
 * the title, authors, DOI, abstract and keywords it had and its PDF. The paper's update notices
 * are shown above it, as on the paper's page. Server-rendered, not hydrated; its canonical URL is
 * the current version's page, so search engines index that one.
 */
import type { MetaDescriptor } from "react-router";
import { splitKeywords } from "../../../shared/format.ts";
import { formatDate } from "../../../shared/i18n/intl.ts";
import { translatorFor } from "../../../shared/i18n/translator.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import type { VersionPageData } from "../../lib/paper-load.ts";
import { localeOf, originOf, pageMeta } from "../../lib/root-data.ts";
import type { RouteHandle } from "../../root.tsx";
import { TitledSection } from "../ui/heading.tsx";
import { Link } from "../ui/link.tsx";
import { buttonClass, containerClass } from "../ui/styles.ts";
import { UpdateBanner } from "./update-banner.tsx";

type Matches = Parameters<typeof originOf>[0];

export function PaperVersionPage({ paper, version, link, source }: VersionPageData) {
  const t = useT();
  const locale = useLocale();
  if (!paper || !version || !source) return <main className={`${containerClass} py-16`} />;
  return (
    <main className={`${containerClass} py-8 sm:py-12`}>
      <article aria-labelledby="paper-title" className="max-w-4xl">
        <UpdateBanner updates={paper.updates} />
        <p
          className="mb-6 rounded-sm border-l-4 border-slate-500 bg-slate-50 px-4 py-3 text-sm text-slate-900"
          data-version-note=""
        >
          {t("You are reading version {n} of this paper, of {date}.", {
            n: version.version,
            date: formatDate(version.date, locale),
          })}{" "}
          {version.note ? `${version.note} ` : null}
          <Link to={link} className="font-semibold underline">
            {t("Read the current version (version {n})", { n: paper.version })}
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          <Link to={source.link} className="underline">
            {source.label}
          </Link>
        </p>
        <h1 id="paper-title" dir="auto" className="mt-2 text-3xl font-semibold">
          {version.title}
        </h1>
        <p className="mt-3 text-slate-800">{version.authors.join(", ")}</p>
        {version.doi ? (
          <p className="mt-3 text-sm text-slate-700">
            {t("DOI:")}{" "}
            <a className="underline" dir="ltr" href={`https://doi.org/${version.doi}`}>
              https://doi.org/{version.doi}
            </a>
          </p>
        ) : null}
        {version.pdf ? (
          <p className="mt-6">
            <a href={version.pdf} className={buttonClass("secondary")}>
              {t("Download PDF of version {n}", { n: version.version })}
            </a>
          </p>
        ) : null}
        <TitledSection headingId="abstract-heading" className="mt-10" title={t("Abstract")}>
          <p dir="auto" className="mt-3 whitespace-pre-line leading-relaxed text-slate-800">
            {version.abstract}
          </p>
        </TitledSection>
        {version.keywords ? (
          <TitledSection headingId="keywords-heading" className="mt-8" title={t("Keywords")}>
            <p className="mt-3">{splitKeywords(version.keywords).join(", ")}</p>
          </TitledSection>
        ) : null}
      </article>
    </main>
  );
}

/** The version page's `<head>`: its title says the version; canonical is the current page. */
export function versionPageMeta(
  loaderData: VersionPageData | undefined,
  matches: Matches,
): MetaDescriptor[] {
  if (!loaderData?.version) return pageMeta(matches, "", "");
  const t = (text: string, values: Record<string, string | number>) =>
    translatorFor(localeOf(matches))(text, values);
  return [
    ...pageMeta(
      matches,
      t("{title} (version {n})", {
        title: loaderData.version.title,
        n: loaderData.version.version,
      }),
      loaderData.version.abstract,
      { type: "article" },
    ),
    { tagName: "link", rel: "canonical", href: `${originOf(matches)}${loaderData.link}` },
  ];
}

/** Not hydrated: nothing on it needs a script. */
export const versionPageHandle = { hydrate: false } satisfies RouteHandle;
