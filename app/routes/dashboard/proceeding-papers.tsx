/**
 * Dashboard proceeding page, /dashboard/proceeding_papers/{proceeding} (issue 8, "Proceedings,
 * whole"; docs/decisions/202-proceeding-papers.md), laid out like the dashboard publication
 * page: the proceeding's title and event line, its cover, the collapsible 'Editorial Board' and
 * 'Papers', each with title, authors, pages and Open (/proceedings/{slug}/{paperID}), Edit
 * (/dashboard/edit_proceeding_paper/{proceeding}/{paperID}) and Delete, which asks 'Are you
 * sure you want to delete this paper?' in a modal dialog, then calls GET
 * /api/delete_proceeding_paper/{proceeding}/{paperID} and reloads.
 *
 * 'Delete Proceeding' asks too and calls GET /api/delete_proceeding/{proceeding}; it is offered
 * only while the proceeding has no papers (the server refuses otherwise, 409), and on success
 * goes to /dashboard/proceedings with the server's msg. Data: GET
 * /api/get_proceeding_contents/{proceeding}; a failed load shows its message full-page.
 */
import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { ProceedingDetail } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { dangerButtonClass, useConfirm } from "../../components/dashboard/confirm-dialog.tsx";
import { FlashMessage, flashState } from "../../components/dashboard/flash.tsx";
import { PaperContents } from "../../components/dashboard/paper-contents.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { Spinner } from "../../components/forms/index.ts";
import { EditorialBoard } from "../../components/journal/editorial-board.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { CoverImage } from "../../components/ui/cover-image.tsx";
import { Disclosure } from "../../components/ui/disclosure.tsx";
import { apiGet, errorMessage } from "../../lib/api.ts";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/proceeding-papers";

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    const { proceeding } = await get<{ proceeding: ProceedingDetail }>(
      `/get_proceeding_contents/${encodeURIComponent(params.proceeding)}`,
    );
    return proceeding;
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return dashboardMeta(matches, loaderData?.data?.title ?? "Proceeding");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the proceeding…" />;
}

type Paper = ProceedingDetail["papers"][number];

/** '465–478', '465', or '' when the pages are unknown. */
function pagesOf(paper: Paper): string {
  if (paper.first_page && paper.last_page) return `pp. ${paper.first_page}–${paper.last_page}`;
  return paper.first_page ? `p. ${paper.first_page}` : "";
}

export default function DashboardProceeding({ loaderData, params }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { ask, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<number | "proceeding" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const p = loaderData.data;
  const id = params.proceeding;

  async function removePaper(paper: Paper) {
    const ok = await ask({
      title: "Delete paper",
      message: MESSAGES.confirmDeletePaper,
      detail: paper.title,
      confirmLabel: "Delete",
    });
    if (!ok) return;
    setDeleting(paper.paperID);
    setProblem(null);
    try {
      await apiGet(`/delete_proceeding_paper/${id}/${paper.paperID}`, MESSAGES.somethingWentWrong);
    } catch (error) {
      setProblem(
        `“${paper.title}” was not deleted: ${errorMessage(error, MESSAGES.somethingWentWrong)}`,
      );
    }
    await revalidator.revalidate();
    setDeleting(null);
  }

  async function removeProceeding() {
    const ok = await ask({
      title: "Delete proceeding",
      message: "Are you sure you want to delete this proceeding?",
      detail: p.title,
      confirmLabel: "Delete",
    });
    if (!ok) return;
    setDeleting("proceeding");
    setProblem(null);
    try {
      const { msg } = await apiGet(`/delete_proceeding/${id}`, MESSAGES.somethingWentWrong);
      navigate("/dashboard/proceedings", { state: flashState(msg) });
      return;
    } catch (error) {
      setProblem(
        `The proceeding was not deleted: ${errorMessage(error, MESSAGES.somethingWentWrong)}`,
      );
    }
    await revalidator.revalidate();
    setDeleting(null);
  }

  return (
    <DashboardScreen
      kicker={
        <Link to="/dashboard/proceedings" className="hover:underline">
          Proceedings
        </Link>
      }
      title={p.title}
      lead={
        <>
          {p.event_name} from{" "}
          <time dateTime={p.event_start_date} className="whitespace-nowrap">
            {p.event_start_date}
          </time>{" "}
          to{" "}
          <time dateTime={p.event_end_date} className="whitespace-nowrap">
            {p.event_end_date}
          </time>
        </>
      }
      actions={
        <>
          <ButtonLink to={`/dashboard/add_proceeding_paper/${id}`}>Add Paper</ButtonLink>
          <ButtonLink to={`/dashboard/edit_proceeding/${id}`} variant="secondary">
            Edit Proceeding
          </ButtonLink>
          <ButtonLink to={p.link} variant="secondary">
            View on Site
          </ButtonLink>
        </>
      }
    >
      {dialog}
      <FlashMessage />
      <div className="flex flex-col gap-8 md:flex-row md:items-start">
        <CoverImage
          src={p.cover_img}
          alt={`Cover of ${p.title}`}
          sizes="(min-width: 768px) 12rem, 9rem"
          eager
          placeholder={p.event_name}
          className="w-36 shrink-0 self-start shadow-md ring-1 ring-slate-900/10 md:w-48"
        />
        <div className="min-w-0 flex-1 space-y-10">
          <Disclosure title="Editorial Board">
            <EditorialBoard editors={p.editors} />
          </Disclosure>

          <PaperContents
            id="papers-title"
            heading="Papers"
            papers={p.papers}
            emptyText="No papers in this proceeding yet."
            problem={problem}
            deleting={deleting}
            openLink={(paper) => paper.link}
            editLink={(paper) => `/dashboard/edit_proceeding_paper/${id}/${paper.paperID}`}
            detail={pagesOf}
            onDelete={removePaper}
          />

          <section aria-labelledby="delete-title" className="border-t border-slate-200 pt-6">
            <h2 id="delete-title" className="text-lg font-semibold">
              Delete this proceeding
            </h2>
            {p.papers.length > 0 ? (
              <p className="mt-1 text-sm text-slate-600">
                A proceeding can be deleted once it has no papers: delete its{" "}
                {p.papers.length === 1 ? "paper" : `${p.papers.length} papers`} first.
              </p>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-600">
                  It has no papers. Deleting it removes its cover and editorial board for good.
                </p>
                <button
                  type="button"
                  onClick={removeProceeding}
                  disabled={deleting !== null}
                  aria-busy={deleting === "proceeding" || undefined}
                  className={`${dangerButtonClass} mt-3`}
                >
                  {deleting === "proceeding" ? <Spinner /> : null}
                  Delete Proceeding
                </button>
              </>
            )}
          </section>
        </div>
      </div>
    </DashboardScreen>
  );
}
