/**
 * Accessibility statement (`/accessibility`, issue 34, decision 450): the standard the site aims
 * at (WCAG 2.2 level AA, on every page, public and dashboard, the PDF reader included), its
 * status per family of success criteria, the known gaps, how and when it was tested, and whom to
 * write to (the site's `CONTACT_EMAIL`, else the Contact page). The structure follows the EU
 * model accessibility statement (Commission Implementing Decision (EU) 2018/1523). Every text is
 * a catalogue message (decision 382); {@link REVIEWED} is the date of the last review, edited by
 * hand with the list of gaps.
 */

import { msg } from "../../shared/i18n/messages.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { DateText } from "../components/ui/date-text.tsx";
import { PageHeading, SectionHeading } from "../components/ui/heading.tsx";
import { Link } from "../components/ui/link.tsx";
import { containerClass, textLinkClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { Trans, useT } from "../i18n/use-t.tsx";
import { localeOf, pageMeta, useRootData } from "../lib/root-data.ts";
import type { Route } from "./+types/accessibility";

/** The day the statement was last reviewed against the site (YYYY-MM-DD). */
export const REVIEWED = "2026-11-29";

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  return { siteEmail: ctx.config.contactEmail ?? null };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return pageMeta(
    matches,
    t("Accessibility"),
    t(
      "How accessible the site is: the standard it meets (WCAG 2.2 AA), the known gaps, how it was tested, and how to report a problem.",
    ),
  );
}

type Status = "meets" | "partly";

/** The four principles of WCAG 2.2, each with its guidelines' status and what it covers here. */
const FAMILIES: { name: string; status: Status; covers: string }[] = [
  {
    name: msg("Perceivable: text alternatives, adaptable content, distinguishable text"),
    status: "partly",
    covers: msg(
      "Images, covers and logos have text alternatives; pages are marked up with headings, landmarks, lists and tables; text and controls meet the contrast ratios of level AA and reflow at 320 CSS pixels without scrolling sideways. Partly: the text alternatives of images inside PDF files and of figures in full texts are those their publishers supplied.",
    ),
  },
  {
    name: msg("Operable: keyboard, enough time, navigation, input modalities"),
    status: "meets",
    covers: msg(
      "Everything works with the keyboard alone, the PDF reader included (find, zoom, highlight, images with alt text); a focused element is never hidden under the footer or a sticky bar; every page has a skip link, a title and visible focus; no content flashes and nothing has a time limit, apart from a sign-in session that ends after 12 hours without use.",
    ),
  },
  {
    name: msg("Understandable: language, predictable behaviour, input assistance"),
    status: "meets",
    covers: msg(
      "Each page states its language and the language of each paper's texts; forms name every field, say which are optional, and explain an error beside the field in words, with the entered values kept; signing in needs no puzzle or memory test.",
    ),
  },
  {
    name: msg("Robust: compatible with assistive technologies, status messages"),
    status: "meets",
    covers: msg(
      "Pages are valid HTML with standard roles and names; save and error messages are announced by screen readers without moving focus.",
    ),
  },
];

const GAPS = [
  msg(
    "PDF files are published as the journals supply them: many are not tagged PDFs, so a screen reader reads their text layer in the order it was drawn. The paper's page gives its title, abstract and keywords as HTML, and many papers have an HTML full text.",
  ),
  msg(
    "Figures in HTML full texts and images that managers add to a PDF have the descriptions their authors gave them; some have none or short ones.",
  ),
  msg(
    "The usage chart of the dashboard's Statistics screen is a picture; the table beside it holds every figure it draws.",
  ),
];

const METHODS = [
  msg(
    "Automated checks with axe-core on every page and state the browser tests reach (dialogs, menus and error messages open), in Chromium at 1280 and 375 CSS pixels wide, against the WCAG 2.0, 2.1 and 2.2 rules of levels A and AA: no violation of any impact is allowed.",
  ),
  msg(
    "Keyboard-only walks through the public pages, the PDF reader, sign-in, the paper form and statistics, checking at each step that the focused element is fully visible.",
  ),
  msg("The HTML of every page checked with the Nu HTML Checker."),
  msg("Reviews of each screen by the people who build it, with a keyboard and a screen reader."),
];

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { siteName } = useRootData();
  const { siteEmail } = loaderData;
  return (
    <main className={`${containerClass} py-10 sm:py-14`}>
      <PageHeading
        kicker={siteName}
        title={t("Accessibility statement")}
        lead={t(
          "{product} wants everybody to be able to read its journals and proceedings and to publish them, whatever the way they use a computer.",
          { product: siteName },
        )}
      />
      <div className="max-w-prose space-y-12 leading-relaxed text-slate-700">
        <section aria-labelledby="standard-title">
          <SectionHeading id="standard-title">{t("The standard")}</SectionHeading>
          <p>
            {t(
              "The site aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA on every page: the public pages, the PDF reader and the HTML full texts, the sign-in and account pages and every screen of the managers' dashboard. These are the guidelines the European standard EN 301 549 refers to for the web.",
            )}
          </p>
          <p className="mt-4 font-semibold text-slate-900">
            {t(
              "The site partly meets WCAG 2.2 level AA: its own pages and controls meet it; the gaps listed below are in content supplied by publishers.",
            )}
          </p>
        </section>

        <section aria-labelledby="status-title">
          <SectionHeading id="status-title">{t("Status by principle")}</SectionHeading>
          <dl className="space-y-6">
            {FAMILIES.map((family) => (
              <div key={family.name}>
                <dt className="font-semibold text-slate-900">
                  {t(family.name)}:{" "}
                  <span
                    className={family.status === "meets" ? "text-emerald-800" : "text-amber-900"}
                  >
                    {family.status === "meets" ? t("meets") : t("partly meets")}
                  </span>
                </dt>
                <dd className="mt-1">{t(family.covers)}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="gaps-title">
          <SectionHeading id="gaps-title">{t("Known gaps")}</SectionHeading>
          <ul className="list-disc space-y-3 ps-5">
            {GAPS.map((gap) => (
              <li key={gap}>{t(gap)}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="tested-title">
          <SectionHeading id="tested-title">{t("How it was tested")}</SectionHeading>
          <ul className="list-disc space-y-3 ps-5">
            {METHODS.map((method) => (
              <li key={method}>{t(method)}</li>
            ))}
          </ul>
          <p className="mt-4">
            <Trans
              id="This statement was last reviewed on <0/>. The tests above run on every change to the site."
              components={{ 0: <DateText value={REVIEWED} /> }}
            />
          </p>
        </section>

        <section aria-labelledby="feedback-title">
          <SectionHeading id="feedback-title">{t("Feedback and contact")}</SectionHeading>
          {siteEmail ? (
            <p>
              <Trans
                id="If something on the site is hard to use or read, or you need a paper in another format, write to <0/>."
                components={{
                  0: (
                    <a href={`mailto:${siteEmail}`} className={textLinkClass}>
                      {siteEmail}
                    </a>
                  ),
                }}
              />
            </p>
          ) : (
            <p>
              <Trans
                id="If something on the site is hard to use or read, or you need a paper in another format, write to the editorial office of the journal concerned, listed on the <0>Contact</0> page."
                components={{ 0: <Link to="/contact" className={textLinkClass} /> }}
              />
            </p>
          )}
          <p className="mt-4">
            {t(
              "If you are not satisfied with the answer, you may contact the body that enforces accessibility law in your country.",
            )}
          </p>
        </section>
      </div>
    </main>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
