/**
 * A journal's update policy page, `/journal/{journal_url}/update-policy` (issue 33, decision
 * 490): how the journal corrects, retracts and withdraws what it published (the journal's
 * `update_policy`, its DOI when it has one; Crossmark names this page as `crossmark_policy`).
 * An unknown journal (an inactive one for readers), or one without a policy, is the 404 page.
 */
import { data } from "react-router";
import { readableBy } from "../../server/features/accounts/access.ts";
import { getJournal } from "../../server/features/journals/queries.ts";
import type { JournalDetail } from "../../shared/api.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { parseRouteParam, routeJournalUri } from "../../shared/route-params.ts";
import { Breadcrumbs } from "../components/ui/breadcrumbs.tsx";
import { PlainText } from "../components/ui/plain-text.tsx";
import { containerClass } from "../components/ui/styles.ts";
import { appContext, requestContext } from "../context.ts";
import { useT } from "../i18n/use-t.tsx";
import { loadRecordPage } from "../lib/public-load.ts";
import { localeOf, pageMeta } from "../lib/root-data.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/update-policy";

type PolicyPageData = { journal: JournalDetail | null; headerText: string };

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { user } = context.get(requestContext);
  if (parseRouteParam(routeJournalUri, params.journalUrl) === null) {
    throw data(null, { status: 404 });
  }
  const empty: PolicyPageData = { journal: null, headerText: "" };
  return loadRecordPage(
    ctx,
    "journal update policy",
    async () => {
      const journal = await getJournal(ctx, params.journalUrl, {
        includeInactive: (await readableBy(ctx, user, params.journalUrl)).includeUnpublished,
      });
      return journal?.update_policy ? journal : null;
    },
    (journal): PolicyPageData => ({ journal, headerText: journal.name }),
    empty,
  );
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  const journal = loaderData?.journal;
  if (!journal) return pageMeta(matches, t("Update policy"), "");
  return pageMeta(
    matches,
    t("{journal}: update policy", { journal: journal.name }),
    journal.update_policy,
    { path: location.pathname },
  );
}

export default function UpdatePolicyPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { journal } = loaderData;
  if (!journal) return <main className={`${containerClass} py-16`} />;
  return (
    <main className={`${containerClass} py-6 sm:py-10`}>
      <Breadcrumbs
        items={[
          { label: t("Home"), to: "/" },
          { label: t("Journals"), to: "/journals" },
          { label: journal.name, to: `/journal/${journal.uri}` },
          { label: t("Update policy") },
        ]}
      />
      <article className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-semibold">{t("Update policy")}</h1>
        <p className="mt-2 text-slate-600">
          {t("How {journal} corrects, retracts and withdraws what it has published.", {
            journal: journal.name,
          })}
        </p>
        {journal.update_policy_doi ? (
          <p className="mt-2 text-sm text-slate-700">
            {t("DOI:")}{" "}
            <a
              className="underline"
              dir="ltr"
              href={`https://doi.org/${journal.update_policy_doi}`}
            >
              https://doi.org/{journal.update_policy_doi}
            </a>
          </p>
        ) : null}
        <PlainText text={journal.update_policy} className="mt-6 space-y-4 leading-relaxed" />
      </article>
    </main>
  );
}

/** Not hydrated: nothing on it needs a script. */
export const handle = { hydrate: false } satisfies RouteHandle;
