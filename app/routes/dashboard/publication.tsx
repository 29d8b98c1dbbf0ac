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
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { PublicationDetail } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { paperLink, publicationLink, volumeNumber } from "../../../shared/format.ts";
import { useConfirm } from "../../components/dashboard/confirm-dialog.tsx";
import { PaperContents } from "../../components/dashboard/paper-contents.tsx";
import {
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { EditorialBoard } from "../../components/journal/editorial-board.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { CoverImage } from "../../components/ui/cover-image.tsx";
import { Disclosure } from "../../components/ui/disclosure.tsx";
import { containerClass, textLinkClass } from "../../components/ui/styles.ts";
import { apiGet, errorMessage } from "../../lib/api.ts";
import { loadManagedJournal, loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/publication";

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const path = [params.journalUrl, params.volume, params.issue].map(encodeURIComponent).join("/");
  return loadScreen(
    request,
    async (get) => {
      // the managed-journal call answers 403 for a journal of another manager
      const [, { publication }] = await Promise.all([
        loadManagedJournal(get, params.journalUrl),
        get<{ publication: PublicationDetail }>(`/get_publication/${path}`),
      ]);
      return publication;
    },
    MESSAGES.pageNotLoading,
  );
}
clientLoader.hydrate = true as const;

/** The page heading of docs/product/screens.md, exactly: '{abbreviation} Journal Vol. … No. … ,{year}'. */
export function dashboardIssueHeading(
  p: Pick<PublicationDetail, "journal_abbreviation" | "volume" | "issue" | "show_number" | "year">,
): string {
  return `${p.journal_abbreviation} Journal ${volumeNumber(p.volume, p.issue, p.show_number)} ,${p.year}`;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const p = loaderData?.data;
  return dashboardMeta(matches, p ? dashboardIssueHeading(p) : "Publication");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the publication…" />;
}

type Paper = PublicationDetail["papers"][number];

export default function DashboardPublication({ loaderData, params }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { ask, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<number | null>(null);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const listLink = `/dashboard/${params.journalUrl}/publications`;

  if (loaderData.error !== null) {
    return (
      <main className={`${containerClass} py-10`}>
        <p className="text-slate-700">
          This publication could not be shown ({loaderData.error}).{" "}
          <Link to={listLink} className={textLinkClass}>
            Back to the publications
          </Link>
        </p>
      </main>
    );
  }
  const p = loaderData.data;

  async function remove(paper: Paper) {
    const ok = await ask({
      title: "Delete paper",
      message: MESSAGES.confirmDeletePaper,
      detail: paper.title,
      confirmLabel: "Delete",
    });
    if (!ok) return;
    setDeleting(paper.paperID);
    setDeleteProblem(null);
    try {
      await apiGet(`/delete_paper/${p.journal_url}/${paper.paperID}`, MESSAGES.somethingWentWrong);
    } catch (error) {
      setDeleteProblem(
        `“${paper.title}” was not deleted: ${errorMessage(error, MESSAGES.somethingWentWrong)}`,
      );
    }
    await revalidator.revalidate();
    setDeleting(null);
  }

  return (
    <DashboardScreen
      kicker={
        <Link to={listLink} className="hover:underline">
          {p.journal_name}
        </Link>
      }
      title={dashboardIssueHeading(p)}
      lead={p.title || undefined}
      actions={
        <>
          <ButtonLink to={`/dashboard/paper_submission/${p.journal_url}?publication=${p.id}`}>
            Add Paper
          </ButtonLink>
          <ButtonLink
            to={`/dashboard/edit_publication/${p.journal_url}/${p.id}`}
            variant="secondary"
          >
            Edit Publication
          </ButtonLink>
          <ButtonLink to={publicationLink(p.journal_url, p.volume, p.issue)} variant="secondary">
            View on Site
          </ButtonLink>
        </>
      }
    >
      {dialog}
      <div className="flex flex-col gap-8 md:flex-row md:items-start">
        <CoverImage
          src={p.cover_img}
          alt={`Cover of ${p.journal_name}, ${volumeNumber(p.volume, p.issue, p.show_number)}`}
          sizes="(min-width: 768px) 12rem, 9rem"
          eager
          placeholder={p.journal_abbreviation}
          className="w-36 shrink-0 self-start shadow-md ring-1 ring-slate-900/10 md:w-48"
        />
        <div className="min-w-0 flex-1 space-y-10">
          <Disclosure title="Editorial Board">
            <EditorialBoard editors={p.editors} />
          </Disclosure>

          <PaperContents
            id="contents-title"
            heading="Publication Contents"
            papers={p.papers}
            emptyText="No papers in this publication yet."
            problem={deleteProblem}
            deleting={deleting}
            openLink={(paper) => paperLink(p.journal_url, paper.paperID)}
            editLink={(paper) => `/dashboard/edit_paper/${p.journal_url}/${paper.paperID}`}
            onDelete={remove}
          />
        </div>
      </div>
    </DashboardScreen>
  );
}
