/**
 * Privacy (`/privacy`, issue 34): what the site counts and stores, the cookies it sets and how
 * long each thing is kept, as the code does it: usage counted by COUNTER Release 5.1 without
 * storing an IP address or user agent (decision 280: a key under a daily salt deleted two hours
 * after its day), the managers' accounts and sessions (decision 021: 12 hours without use, or 30
 * days with 'Remember me'), the device proof of a past sign-in (decision 381: one year), the
 * language cookie (one year), reader highlights kept in the reader's own browser. Every text is
 * a catalogue message (decision 382).
 */

import { translatorFor } from "../../shared/i18n/translator.ts";
import { PageHeading, SectionHeading } from "../components/ui/heading.tsx";
import { Link } from "../components/ui/link.tsx";
import { containerClass, textLinkClass } from "../components/ui/styles.ts";
import { Trans, useT } from "../i18n/use-t.tsx";
import { localeOf, pageMeta, useRootData } from "../lib/root-data.ts";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return pageMeta(
    matches,
    t("Privacy"),
    t("What the site counts and stores, the cookies it sets, and how long each is kept."),
  );
}

/** One cookie row: its name, what it is for and how long it lasts. */
function CookieRow({ name, purpose, lasts }: { name: string; purpose: string; lasts: string }) {
  return (
    <tr className="border-b border-slate-200 align-top">
      <th scope="row" className="py-2 pe-4 text-start font-mono text-sm font-normal" dir="ltr">
        {name}
      </th>
      <td className="py-2 pe-4">{purpose}</td>
      <td className="py-2">{lasts}</td>
    </tr>
  );
}

export default function Privacy() {
  const t = useT();
  const { siteName } = useRootData();
  return (
    <main className={`${containerClass} py-10 sm:py-14`}>
      <PageHeading
        kicker={siteName}
        title={t("Privacy")}
        lead={t(
          "Reading {product} needs no account, and a reader's visit leaves nothing that names them.",
          { product: siteName },
        )}
      />
      <div className="max-w-prose space-y-12 leading-relaxed text-slate-700">
        <section aria-labelledby="counted-title">
          <SectionHeading id="counted-title">{t("What is counted")}</SectionHeading>
          <p>
            {t(
              "Views of a paper's page, downloads of its PDF, reads of its HTML full text and searches are counted by the COUNTER Code of Practice (Release 5.1), so that journals and libraries can see how their papers are read.",
            )}
          </p>
          <p className="mt-4">
            {t(
              "To count one reader once within an hour, the site combines the IP address and the browser's user agent with a random value that changes every day, and stores only the result. The IP address and the user agent themselves are never stored; the day's random value is deleted two hours after the day ends, after which the stored results cannot be linked to anybody. What remains are the figures per paper and day, kept as long as the paper is published.",
            )}
          </p>
          <p className="mt-4">
            {t(
              "Robots on the COUNTER list and signed-in managers are not counted. No analytics or advertising service is used, and no content is loaded from other sites.",
            )}
          </p>
        </section>

        <section aria-labelledby="stored-title">
          <SectionHeading id="stored-title">{t("What is stored")}</SectionHeading>
          <ul className="list-disc space-y-3 ps-5">
            <li>
              {t(
                "For readers: nothing. Highlights, notes and images added in the PDF reader stay in the reader's own browser and are never sent to the site.",
              )}
            </li>
            <li>
              {t(
                "For journal managers: the name, email address, phone number and chosen language of the account, its password as a one-way hash, its sessions, and recent failed sign-ins, kept while the account exists. What managers publish is public by design.",
              )}
            </li>
            <li>
              {t(
                "Server logs record each request (the address asked for, the answer, the time) for finding faults; they never contain passwords, session tokens or mailed links.",
              )}
            </li>
          </ul>
        </section>

        <section aria-labelledby="cookies-title">
          <SectionHeading id="cookies-title">{t("Cookies")}</SectionHeading>
          <p className="mb-4">
            {t(
              "The site sets no cookie on a reader's browser unless the reader chooses a language. All its cookies are its own and strictly necessary; none tracks anybody across sites.",
            )}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("The cookies the site sets")}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pe-4 text-start font-semibold">
                    {t("Cookie")}
                  </th>
                  <th scope="col" className="py-2 pe-4 text-start font-semibold">
                    {t("What it is for")}
                  </th>
                  <th scope="col" className="py-2 text-start font-semibold">
                    {t("How long")}
                  </th>
                </tr>
              </thead>
              <tbody>
                <CookieRow
                  name="lang"
                  purpose={t("The language a reader chose for the site's pages.")}
                  lasts={t("One year")}
                />
                <CookieRow
                  name="athenaeum_session"
                  purpose={t("Keeps a manager signed in.")}
                  lasts={t(
                    "Until the browser closes, at most 12 hours without use; 30 days with 'Remember me'.",
                  )}
                />
                <CookieRow
                  name="athenaeum_device"
                  purpose={t(
                    "Remembers that this browser has signed in to an account before, so repeated failed sign-ins elsewhere do not lock it out.",
                  )}
                  lasts={t("One year")}
                />
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="rights-title">
          <SectionHeading id="rights-title">{t("Your rights")}</SectionHeading>
          <p>
            <Trans
              id="A manager can see and correct their account on its Account screen, and ask for it to be removed through the <0>Contact</0> page."
              components={{ 0: <Link to="/contact" className={textLinkClass} /> }}
            />
          </p>
        </section>
      </div>
    </main>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
