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

import { useCallback } from "react";
import { type ShouldRevalidateFunctionArgs, useNavigate } from "react-router";
import type { ProceedingDetail } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";
import { dangerButtonClass } from "../../components/dashboard/confirm-dialog.tsx";
import { CoverAndBoard } from "../../components/dashboard/cover-and-board.tsx";
import {
  DOI_STATUS_UNREAD,
  DOIS_NOT_REGISTERED,
  DoiRegistration,
} from "../../components/dashboard/doi-registration.tsx";
import { FlashMessage, flashState } from "../../components/dashboard/flash.tsx";
import { formAction, useFormAction } from "../../components/dashboard/form-action.ts";
import { PaperContents } from "../../components/dashboard/paper-contents.tsx";
import { deletedPaperId, usePaperDeletion } from "../../components/dashboard/paper-deletion.ts";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { Spinner } from "../../components/forms/index.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { Link } from "../../components/ui/link.tsx";
import { Trans, useT } from "../../i18n/use-t.tsx";
import { apiGet, apiPost } from "../../lib/api.ts";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/proceeding-papers";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const { proceeding } = await get(
    `/get_proceeding_contents/${encodeURIComponent(params.proceeding)}`,
  );
  return proceeding;
});

const DELETE_PROCEEDING = "delete-proceeding";

/** A paper's deletion (app/components/dashboard/paper-deletion.ts), or the proceeding's. */
export const clientAction = formAction((intent, { params }: Route.ClientActionArgs) => {
  const id = encodeURIComponent(params.proceeding);
  const paper = deletedPaperId(intent);
  return {
    path: paper ? `/delete_proceeding_paper/${id}/${paper}` : `/delete_proceeding/${id}`,
    failure: MESSAGES.somethingWentWrong,
    method: "GET",
    reloadOnFailure: true,
  };
});

/** A deleted proceeding is not reloaded: the screen goes back to the list. */
export function shouldRevalidate({
  json,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = (json as { intent?: unknown } | undefined)?.intent;
  if (intent === DELETE_PROCEEDING && (actionResult as { ok?: unknown } | undefined)?.ok) {
    return false;
  }
  return defaultShouldRevalidate;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return dashboardMeta(matches, loaderData?.title ?? msg("Proceeding"));
}

export const HydrateFallback = screenFallback(msg("Loading the proceeding…"));
export const ErrorBoundary = ScreenErrorBoundary;

type Paper = ProceedingDetail["papers"][number];

/** 'pp. 465–478', 'p. 465', or '' when the pages are unknown, in `t`'s language. */
function pagesOf(paper: Paper, t: Translate): string {
  if (paper.first_page && paper.last_page) {
    return t("pp. {first}–{last}", { first: paper.first_page, last: paper.last_page });
  }
  return paper.first_page ? t("p. {first}", { first: paper.first_page }) : "";
}

export default function DashboardProceeding({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const papers = usePaperDeletion();
  const { ask, dialog, setProblem } = papers;
  const proceedingAction = useFormAction((result) => {
    if (result.ok) navigate("/dashboard/proceedings", { state: flashState(result.msg) });
    else setProblem(t("The proceeding was not deleted: {reason}", { reason: t(result.msg) }));
  });
  const deleting = proceedingAction.busy ? "proceeding" : papers.deleting;
  const p = loaderData;
  const id = params.proceeding;
  const loadDois = useCallback(
    async (signal?: AbortSignal) =>
      (
        await apiGet(
          pathOf("GET /dashboard/doi_status/proceeding/:proceeding", { proceeding: id }),
          DOI_STATUS_UNREAD,
          { signal },
        )
      ).deposit,
    [id],
  );
  const registerDois = async () =>
    apiPost(
      pathOf("POST /register_dois/proceeding/:proceeding", { proceeding: id }),
      {},
      DOIS_NOT_REGISTERED,
    );

  async function removeProceeding() {
    const ok = await ask({
      title: t("Delete proceeding"),
      message: t("Are you sure you want to delete this proceeding?"),
      detail: p.title,
      confirmLabel: t("Delete"),
    });
    if (!ok) return;
    setProblem(null);
    proceedingAction.submit(DELETE_PROCEEDING, {});
  }

  return (
    <DashboardScreen
      kicker={
        <Link to="/dashboard/proceedings" className="hover:underline">
          {t("Proceedings")}
        </Link>
      }
      title={p.title}
      lead={
        <Trans
          id="{event} from <0>{start}</0> to <1>{end}</1>"
          values={{ event: p.event_name, start: p.event_start_date, end: p.event_end_date }}
          components={{
            0: <time dateTime={p.event_start_date} className="whitespace-nowrap" />,
            1: <time dateTime={p.event_end_date} className="whitespace-nowrap" />,
          }}
        />
      }
      actions={
        <>
          <ButtonLink to={`/dashboard/add_proceeding_paper/${id}`}>{t("Add Paper")}</ButtonLink>
          <ButtonLink to={`/dashboard/edit_proceeding/${id}`} variant="secondary">
            {t("Edit Proceeding")}
          </ButtonLink>
          <ButtonLink to={p.link} variant="secondary">
            {t("View on Site")}
          </ButtonLink>
        </>
      }
    >
      {dialog}
      <FlashMessage />
      <CoverAndBoard
        of={p}
        alt={t("Cover of {title}", { title: p.title })}
        placeholder={p.event_name}
        kind="proceeding"
      >
        <PaperContents
          id="papers-title"
          heading={t("Papers")}
          papers={p.papers}
          emptyText={t("No papers in this proceeding yet.")}
          deletion={{ ...papers, deleting }}
          openLink={(paper) => paper.link}
          editLink={(paper) => `/dashboard/edit_proceeding_paper/${id}/${paper.paperID}`}
          detail={(paper) => pagesOf(paper, t)}
        />
        <DoiRegistration
          load={loadDois}
          register={registerDois}
          crossrefXml={pathOf("GET /dashboard/crossref_xml/proceeding/:proceeding", {
            proceeding: id,
          })}
        />

        <section aria-labelledby="delete-title" className="border-t border-slate-200 pt-6">
          <h2 id="delete-title" className="text-lg font-semibold">
            {t("Delete this proceeding")}
          </h2>
          {p.papers.length > 0 ? (
            <p className="mt-1 text-sm text-slate-600">
              {t(
                "{count, plural, one {A proceeding can be deleted once it has no papers: delete its paper first.} other {A proceeding can be deleted once it has no papers: delete its # papers first.}}",
                { count: p.papers.length },
              )}
            </p>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">
                {t("It has no papers. Deleting it removes its cover and editorial board for good.")}
              </p>
              <button
                type="button"
                onClick={removeProceeding}
                disabled={deleting !== null}
                aria-busy={deleting === "proceeding" || undefined}
                className={`${dangerButtonClass} mt-3`}
              >
                {deleting === "proceeding" ? <Spinner /> : null}
                {t("Delete Proceeding")}
              </button>
            </>
          )}
        </section>
      </CoverAndBoard>
    </DashboardScreen>
  );
}
