/**
 * Contact (docs/product/screens.md shows no content; docs/decisions/046-contact-and-about-pages.md): the site's own
 * address `CONTACT_EMAIL` when the operator sets one (issue 8; decision 203), how to reach
 * each journal's editorial office — its contact name and email and the journal email, where the
 * journal gives them — and how an institution becomes a partner. No people or addresses are
 * invented: everything listed comes from the journals' own records. The list loads on its own
 * and stays empty when its load fails (docs/product/errors.md).
 */

import { getJournal, listActiveJournals } from "../../server/features/journals/queries.ts";
import type { JournalDetail } from "../../shared/api.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { Card } from "../components/ui/card.tsx";
import { PageHeading, SectionHeading } from "../components/ui/heading.tsx";
import { Link } from "../components/ui/link.tsx";
import { containerClass, textLinkClass } from "../components/ui/styles.ts";
import { TitleLink } from "../components/ui/title-link.tsx";
import { appContext } from "../context.ts";
import { Trans, useT } from "../i18n/use-t.tsx";
import { loadSection } from "../lib/public-load.ts";
import { localeOf, pageMeta, useRootData } from "../lib/root-data.ts";
import type { Route } from "./+types/contact";

type Office = Pick<
  JournalDetail,
  "name" | "uri" | "publisher" | "email" | "contact_name" | "contact_email"
>;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const offices = await loadSection(ctx, "contact: editorial offices", async () => {
    const cards = await listActiveJournals(ctx);
    const details = await Promise.all(cards.map((card) => getJournal(ctx, card.journal_uri)));
    return details
      .filter((d): d is JournalDetail => d !== null)
      .map(
        (d): Office => ({
          name: d.name,
          uri: d.uri,
          publisher: d.publisher.trim(),
          email: d.email.trim(),
          contact_name: d.contact_name.trim(),
          contact_email: d.contact_email.trim(),
        }),
      );
  });
  return { offices, siteEmail: ctx.config.contactEmail ?? null };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return pageMeta(
    matches,
    t("Contact"),
    t(
      "How to reach the editorial office of each journal, and how a university or research institute becomes a partner.",
    ),
  );
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { offices, siteEmail } = loaderData;
  const { siteName } = useRootData();
  const mail = siteEmail ? (
    <a href={`mailto:${siteEmail}`} className={textLinkClass}>
      {siteEmail}
    </a>
  ) : null;
  return (
    <main className={`${containerClass} py-10 sm:py-14`}>
      <PageHeading
        kicker={t("Reaching {product}", { product: siteName })}
        title={t("Contact")}
        lead={t(
          "Questions about a paper, a submission or a journal are best sent to that journal's editorial office. Each office's details below come from the journal's own page.",
        )}
      />

      {siteEmail ? (
        <section
          aria-labelledby="site-contact-title"
          className="mb-12 rounded-sm border border-slate-200 border-s-4 border-s-brand-800 bg-white p-6 shadow-xs sm:p-8"
        >
          <h2 id="site-contact-title" className="text-2xl font-semibold">
            {t("Write to {product}", { product: siteName })}
          </h2>
          <p className="mt-2 max-w-prose leading-relaxed text-slate-700">
            {t(
              "For anything about the site itself, partnerships, or a question no editorial office can answer:",
            )}
          </p>
          <p className="mt-3 text-lg break-all">
            <a href={`mailto:${siteEmail}`} className={textLinkClass} data-testid="site-contact">
              {siteEmail}
            </a>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="offices-title">
        <SectionHeading id="offices-title">{t("Editorial offices")}</SectionHeading>
        {offices?.length === 0 ? (
          <p className="text-slate-600">{t("No journals have been published yet.")}</p>
        ) : null}
        {offices ? (
          <ul className="grid gap-6 md:grid-cols-2">
            {offices.map((office) => (
              <Card as="li" key={office.uri} className="p-6" data-testid="editorial-office">
                <TitleLink to={`/journal/${office.uri}`} className="text-xl">
                  {office.name}
                </TitleLink>
                {office.publisher ? (
                  <p className="mt-1 text-sm text-slate-600">
                    {t("Published by {publisher}", { publisher: office.publisher })}
                  </p>
                ) : null}
                <OfficeLines office={office} />
              </Card>
            ))}
          </ul>
        ) : null}
      </section>

      <div className="mt-14 grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="partner-title">
          <SectionHeading id="partner-title">{t("Becoming a partner")}</SectionHeading>
          <div className="max-w-prose space-y-4 leading-relaxed text-slate-700">
            <p>
              <Trans
                id="{product} publishes journals and conference proceedings for universities, seminaries and research institutes; its partner institutions are shown on the <0>home page</0>."
                values={{ product: siteName }}
                components={{ 0: <Link to="/" className={textLinkClass} /> }}
              />
            </p>
            {mail ? (
              <p>
                <Trans
                  id="An institution that would like to publish a journal or its proceedings here, or to be listed among the partners, is welcome to write to <0/>."
                  components={{ 0: mail }}
                />
              </p>
            ) : (
              <p>
                {t(
                  "An institution that would like to publish a journal or its proceedings here, or to be listed among the partners, is welcome to write to the editorial office of the journal closest to its field, who will pass the request on to the site's administrators.",
                )}
              </p>
            )}
          </div>
        </section>
        <section aria-labelledby="managers-title">
          <SectionHeading id="managers-title">{t("Journal managers")}</SectionHeading>
          <div className="max-w-prose space-y-4 leading-relaxed text-slate-700">
            <p>
              <Trans
                id="Editors who manage a journal on {product} <0>sign in here</0> to publish issues and papers. A new manager <1>creates an account</1> with the passcode the site's administrator gives them."
                values={{ product: siteName }}
                components={{
                  0: <Link to="/manager" className={textLinkClass} />,
                  1: <Link to="/registration" className={textLinkClass} />,
                }}
              />
            </p>
          </div>
        </section>
      </div>
    </main>
  );
}

/** The office's contact name, contact email and journal email, each only when given. */
function OfficeLines({ office }: { office: Office }) {
  const t = useT();
  const lines: { label: string; value: string; email: boolean }[] = [
    { label: t("Contact Name"), value: office.contact_name, email: false },
    { label: t("Contact Email"), value: office.contact_email, email: true },
    { label: t("Journal Email"), value: office.email, email: true },
  ].filter((line) => line.value !== "");
  if (lines.length === 0) {
    return (
      <p className="mt-4 text-sm text-slate-600">
        <Trans
          id="No contact details have been published yet; see the <0>journal's submission guidelines</0>."
          components={{ 0: <Link to={`/journal/${office.uri}`} className={textLinkClass} /> }}
        />
      </p>
    );
  }
  return (
    <dl className="mt-4 space-y-2 text-sm">
      {lines.map((line) => (
        <div key={line.label} className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-slate-700">{t("{label}:", { label: line.label })}</dt>
          <dd className="break-all text-slate-800">
            {line.email ? (
              <a href={`mailto:${line.value}`} className={textLinkClass}>
                {line.value}
              </a>
            ) : (
              line.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
