/**
 * Edit a conference paper, /dashboard/edit_proceeding_paper/{proceeding}/{paper} (issue 8;
 * decision 202): the add form prefilled from GET
 * /api/get_proceeding_paper_edit/{proceeding}/{paper}, the current PDF named with a link, Paper
 * File optional; 'Update' / 'Updating...'; POST /api/edit_proceeding_paper/{proceeding}/{paper}.
 * Success shows 'Paper Updated Successfully.' and the paper reloads; a failure shows the
 * server's msg, else 'Paper Update failed', under the form. Its JATS full text can be removed
 * from the form (POST /api/remove_proceeding_paper_jats/{proceeding}/{paper}, decision 316), and its PDF (POST /api/remove_proceeding_paper_pdf/{proceeding}/{paper}, decision 510).
 * Below it, 'Add a notice' adds a correction, retraction… to the paper, the journal papers' form
 * (POST /api/add_proceeding_paper_update, decision 496).
 */
import { useMemo } from "react";
import { pathOf } from "../../../shared/contract.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { paperEditAction, paperFileRemovals } from "../../components/dashboard/paper-edit.ts";
import { PaperForm, scholarlyOf } from "../../components/dashboard/paper-form.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { UpdateNoticeForm } from "../../components/dashboard/update-notice-form.tsx";
import { Link } from "../../components/ui/link.tsx";
import { textLinkClass } from "../../components/ui/styles.ts";
import { useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/edit-proceeding-paper";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const { paper } = await get(pathOf("GET /get_proceeding_paper_edit/:proceeding/:paper", params));
  return paper;
});

/** The paper's form posts to /edit_proceeding_paper; 'Add a notice' to /add_proceeding_paper_update. */
export const clientAction = paperEditAction(({ params }: Route.ClientActionArgs) => ({
  edit: pathOf("POST /edit_proceeding_paper/:proceeding/:paper", params),
  notice: pathOf("POST /add_proceeding_paper_update/:proceeding/:paper", params),
}));

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Edit Paper"));
}

export const HydrateFallback = screenFallback(msg("Loading the paper…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function EditProceedingPaper({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const paper = loaderData;
  const initial = useMemo(
    () => ({
      sel_publication: "",
      title: paper.title,
      doi: paper.doi,
      abstract: paper.abstract,
      keywords: paper.keywords,
      first_page: paper.first_page,
      last_page: paper.last_page,
      authors: paper.authors,
      scholarly: scholarlyOf(paper),
      language: paper.language,
      translations: paper.translations,
    }),
    [paper],
  );
  const id = params.proceeding;
  return (
    <DashboardScreen
      title={t("Edit Paper")}
      lead={
        <Link to={`/dashboard/proceeding_papers/${id}`} className={textLinkClass}>
          {t("Back to the proceeding's papers")}
        </Link>
      }
    >
      <PaperForm
        openLink={() => paper.link}
        editLink={(paperID) => `/dashboard/edit_proceeding_paper/${id}/${paperID}`}
        publications={null}
        initial={initial}
        currentFile={paper.file_url || undefined}
        textNote={paper.text_note}
        currentFullText={paper.fulltext_url || undefined}
        {...paperFileRemovals(params)}
        mode="edit"
      />
      <div className="mt-8">
        <UpdateNoticeForm />
      </div>
    </DashboardScreen>
  );
}
