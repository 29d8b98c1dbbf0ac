/**
 * Dashboard publication page, /dashboard/{journal_url}/{volume}/{issue} (docs/product/screens.md and docs/product/states.md and
 * 8): the heading '{abbreviation} Journal Vol. {volume} No. {issue} ,{year}' (spaced as the spec
 * writes it), the cover, the collapsible 'Editorial Board' (collapsed first, grouped by role:
 * name and institution) and 'Publication Contents': each paper's title and authors with Open
 * (/journal/{journal_url}/{paperID}), Edit (/dashboard/edit_paper/{journal_url}/{paperID}) and
 * Delete. Delete asks 'Are you sure you want to delete this paper?' in a modal dialog, then calls
 * GET /api/delete_paper/{journal_url}/{paperID} and reloads the page.
 *
 * Data: GET /api/get_publication/{journal_url}/{volume}/{issue}, which shows a signed-in manager
 * drafts too. The spec ignores failures of this load and of the delete (section 8); the page
 * still says in one quiet line what did not happen, so the manager is not left guessing
 * (docs/decisions/082-dashboard-publication-page.md).
 */

import { useCallback } from "react";
import type { PublicationDetail } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { paperLink, publicationLink, volumeNumber } from "../../../shared/format.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { type Translate, translatorFor } from "../../../shared/i18n/translator.ts";
import { CoverAndBoard } from "../../components/dashboard/cover-and-board.tsx";
import {
  DOI_STATUS_UNREAD,
  DOIS_NOT_REGISTERED,
  DoiRegistration,
} from "../../components/dashboard/doi-registration.tsx";
import { formAction } from "../../components/dashboard/form-action.ts";
import { PaperContents } from "../../components/dashboard/paper-contents.tsx";
import { deletedPaperId, usePaperDeletion } from "../../components/dashboard/paper-deletion.ts";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { screenFailure, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { Link } from "../../components/ui/link.tsx";
import { containerClass, textLinkClass } from "../../components/ui/styles.ts";
import { Trans, useT } from "../../i18n/use-t.tsx";
import { apiGet, apiPost } from "../../lib/api.ts";
import { loadManagedJournal, screenLoader } from "../../lib/dashboard-load.ts";
import { localeOf } from "../../lib/root-data.ts";
import type { Route } from "./+types/publication";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  // the managed-journal call answers 403 for a journal of another manager
  const [, { publication }] = await Promise.all([
    loadManagedJournal(get, params.journalUrl),
    get(pathOf("GET /get_publication/:journalUrl/:volume/:issue", params)),
  ]);
  return publication;
}, MESSAGES.pageNotLoading);

/**
 * The page heading of docs/product/screens.md, exactly in English: '{abbreviation} Journal Vol.
 * … No. … ,{year}', in `t`'s language.
 */
function dashboardIssueHeading(
  p: Pick<PublicationDetail, "journal_abbreviation" | "volume" | "issue" | "show_number" | "year">,
  t: Translate,
): string {
  return t("{abbreviation} Journal {issue} ,{year}", {
    abbreviation: p.journal_abbreviation,
    issue: volumeNumber(p.volume, p.issue, p.show_number),
    year: String(p.year),
  });
}

/** A paper's deletion (app/components/dashboard/paper-deletion.ts). */
export const clientAction = formAction((intent, { params }: Route.ClientActionArgs) => ({
  path: `/delete_paper/${encodeURIComponent(params.journalUrl)}/${deletedPaperId(intent)}`,
  failure: MESSAGES.somethingWentWrong,
  method: "GET",
  reloadOnFailure: true,
}));

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const p = loaderData;
  const t = translatorFor(localeOf(matches));
  return dashboardMeta(matches, p ? dashboardIssueHeading(p, t) : msg("Publication"));
}

export const HydrateFallback = screenFallback(msg("Loading the publication…"));

/** A failed load: its message with a way back to the journal's publications. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <main className={`${containerClass} py-10`}>
      <p className="text-slate-700">
        <Trans
          id="This publication could not be shown ({reason}). <0>Back to the publications</0>"
          values={{ reason: t(screenFailure(error)) }}
          components={{
            0: (
              <Link to={`/dashboard/${params.journalUrl}/publications`} className={textLinkClass} />
            ),
          }}
        />
      </p>
    </main>
  );
}

export default function DashboardPublication({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const deletion = usePaperDeletion();
  const listLink = `/dashboard/${params.journalUrl}/publications`;
  const p = loaderData;
  const { journal_url: journal, volume, issue } = p;
  const where = { journal, volume, issue };
  const loadDois = useCallback(
    async (signal?: AbortSignal) =>
      (
        await apiGet(
          pathOf("GET /dashboard/doi_status/:journal/:volume/:issue", { journal, volume, issue }),
          DOI_STATUS_UNREAD,
          { signal },
        )
      ).deposit,
    [journal, volume, issue],
  );
  const registerDois = async () =>
    apiPost(pathOf("POST /register_dois/:journal/:volume/:issue", where), {}, DOIS_NOT_REGISTERED);

  return (
    <DashboardScreen
      kicker={
        <Link to={listLink} className="hover:underline">
          {p.journal_name}
        </Link>
      }
      title={dashboardIssueHeading(p, t)}
      lead={p.title || undefined}
      actions={
        <>
          <ButtonLink to={`/dashboard/paper_submission/${p.journal_url}?publication=${p.id}`}>
            {t("Add Paper")}
          </ButtonLink>
          <ButtonLink
            to={`/dashboard/edit_publication/${p.journal_url}/${p.id}`}
            variant="secondary"
          >
            {t("Edit Publication")}
          </ButtonLink>
          <ButtonLink to={publicationLink(p.journal_url, p.volume, p.issue)} variant="secondary">
            {t("View on Site")}
          </ButtonLink>
        </>
      }
    >
      {deletion.dialog}
      <CoverAndBoard
        of={p}
        alt={t("Cover of {title}", {
          title: `${p.journal_name}, ${volumeNumber(p.volume, p.issue, p.show_number)}`,
        })}
        placeholder={p.journal_abbreviation}
      >
        <PaperContents
          id="contents-title"
          heading={t("Publication Contents")}
          papers={p.papers}
          emptyText={t("No papers in this publication yet.")}
          deletion={deletion}
          openLink={(paper) => paperLink(p.journal_url, paper.paperID)}
          editLink={(paper) => `/dashboard/edit_paper/${p.journal_url}/${paper.paperID}`}
        />
        <DoiRegistration
          load={loadDois}
          register={registerDois}
          crossrefXml={pathOf("GET /dashboard/crossref_xml/:journal/:volume/:issue", where)}
          doajXml={`${pathOf("GET /dashboard/doaj_xml/:journal", { journal: p.journal_url })}?volume=${encodeURIComponent(p.volume)}&issue=${encodeURIComponent(p.issue)}`}
        />
      </CoverAndBoard>
    </DashboardScreen>
  );
}
