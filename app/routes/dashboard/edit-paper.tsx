/**
 * Edit paper, /dashboard/edit_paper/{journal}/{paper} (docs/product/screens.md and docs/product/api.md): the submission
 * form prefilled from GET /api/get_paper/{journal}/{paper}, the current PDF named with a link,
 * Paper File optional; 'Update' / 'Updating...'; POST /api/edit_paper/{journal}/{paper}. Success
 * shows 'Paper Updated Successfully.' and the paper reloads (the form then holds what was
 * stored); a failure shows the server's msg, else 'Paper Update failed', under the form. A
 * failed load shows its message full-page. Its JATS full text can be removed from the form
 * (POST /api/remove_paper_jats/{journal}/{paper}, decision 316), and its PDF (POST /api/remove_paper_pdf/{journal}/{paper}, decision 510). Below it, 'Add a notice' adds a
 * correction, retraction… to the published paper (POST /api/add_paper_update, decision 490).
 */
import { useMemo } from "react";
import { pathOf } from "../../../shared/contract.ts";
import { paperLink } from "../../../shared/format.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { paperEditAction, paperFileRemovals } from "../../components/dashboard/paper-edit.ts";
import {
  loadPaperFormData,
  PaperForm,
  scholarlyOf,
} from "../../components/dashboard/paper-form.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { UpdateNoticeForm } from "../../components/dashboard/update-notice-form.tsx";
import { Link } from "../../components/ui/link.tsx";
import { Trans, useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/edit-paper";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const [formData, { paper }] = await Promise.all([
    loadPaperFormData(get, params.journal),
    get(pathOf("GET /get_paper/:journal/:paper", params)),
  ]);
  return { ...formData, paper };
});

/** The paper's form posts to /edit_paper; 'Add a notice' to /add_paper_update (decision 490). */
export const clientAction = paperEditAction(({ params }: Route.ClientActionArgs) => ({
  edit: pathOf("POST /edit_paper/:journal/:paper", params),
  notice: pathOf("POST /add_paper_update/:journal/:paper", params),
}));

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Edit Paper"));
}

export const HydrateFallback = screenFallback(msg("Loading the paper…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function EditPaper({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const { journalName, publications, paper } = loaderData;
  const initial = useMemo(
    () => ({
      sel_publication: paper.publication,
      title: paper.title,
      doi: paper.doi,
      abstract: paper.abstract,
      keywords: paper.keywords,
      authors: paper.authors,
      scholarly: scholarlyOf(paper),
      language: paper.language,
      translations: paper.translations,
    }),
    [paper],
  );
  const issue = publications.find((p) => String(p.value) === paper.publication);
  return (
    <DashboardScreen
      kicker={journalName}
      title={t("Edit Paper")}
      lead={
        issue ? (
          <Trans
            id="In <0>{issue}</0>"
            values={{ issue: issue.label }}
            components={{
              0: (
                <Link
                  to={`/dashboard/${params.journal}/${issue.volume}/${issue.issue}`}
                  className="underline decoration-brand-300 underline-offset-4 hover:decoration-brand-800"
                />
              ),
            }}
          />
        ) : undefined
      }
    >
      <PaperForm
        openLink={(id) => paperLink(params.journal, id)}
        editLink={(id) => `/dashboard/edit_paper/${params.journal}/${id}`}
        publications={publications}
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
