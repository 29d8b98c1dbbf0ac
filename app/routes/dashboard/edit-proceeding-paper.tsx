/**
 * Edit a conference paper, /dashboard/edit_proceeding_paper/{proceeding}/{paper} (issue 8;
 * decision 202): the add form prefilled from GET
 * /api/get_proceeding_paper_edit/{proceeding}/{paper}, the current PDF named with a link, Paper
 * File optional; 'Update' / 'Updating...'; POST /api/edit_proceeding_paper/{proceeding}/{paper}.
 * Success shows 'Paper Updated Successfully.' and the paper reloads; a failure shows the
 * server's msg, else 'Paper Update failed', under the form.
 */
import { useMemo } from "react";
import { Link, useRevalidator } from "react-router";
import type { ProceedingPaperEdit } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { PaperForm } from "../../components/dashboard/paper-form.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { textLinkClass } from "../../components/ui/styles.ts";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/edit-proceeding-paper";

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const path = [params.proceeding, params.paper].map(encodeURIComponent).join("/");
  return loadScreen(request, async (get) => {
    const { paper } = await get<{ paper: ProceedingPaperEdit }>(
      `/get_proceeding_paper_edit/${path}`,
    );
    return paper;
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Edit Paper");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the paper…" />;
}

export default function EditProceedingPaper({ loaderData, params }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const paper = loaderData.data;
  const initial = useMemo(
    () =>
      paper
        ? {
            sel_publication: "",
            title: paper.title,
            doi: paper.doi,
            abstract: paper.abstract,
            keywords: paper.keywords,
            first_page: paper.first_page,
            last_page: paper.last_page,
            authors: paper.authors,
          }
        : null,
    [paper],
  );
  if (loaderData.error !== null || !paper || !initial) {
    return <DashboardFailure message={loaderData.error ?? MESSAGES.notAuthorised} />;
  }
  const id = params.proceeding;
  return (
    <DashboardScreen
      title="Edit Paper"
      lead={
        <Link to={`/dashboard/proceeding_papers/${id}`} className={textLinkClass}>
          Back to the proceeding's papers
        </Link>
      }
    >
      <PaperForm
        openLink={() => paper.link}
        editLink={(paperID) => `/dashboard/edit_proceeding_paper/${id}/${paperID}`}
        publications={null}
        submitPath={`/edit_proceeding_paper/${encodeURIComponent(id)}/${paper.paperID}`}
        initial={initial}
        currentFile={paper.file_url || undefined}
        fileRequired={false}
        submitLabel="Update"
        busyLabel="Updating..."
        successMessage={MESSAGES.paperUpdated}
        failureMessage={MESSAGES.paperUpdateFailed}
        clearOnSuccess={false}
        onDone={() => revalidator.revalidate()}
      />
    </DashboardScreen>
  );
}
