/**
 * Edit publication, /dashboard/edit_publication/{journal}/{publication} (docs/product/screens.md and docs/product/api.md):
 * the create form prefilled from GET /api/get_publication_only/{journal}/{publication} (volume,
 * issue, title, year, editors; the current cover shown), the cover optional; 'Update' /
 * 'Updating...' (docs/decisions/083-publication-forms.md); POST
 * /api/edit_publication/{journal}/{publication}. Success goes to
 * /dashboard/{journal}/publications; a failure shows the server's msg, else 'Publication Update
 * failed', under the form. A failed load shows its message full-page.
 */
import { useNavigate } from "react-router";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { publicationLabel } from "../../../shared/format.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { flashState } from "../../components/dashboard/flash.tsx";
import { mirrorAction } from "../../components/dashboard/form-action.ts";
import { PublicationForm } from "../../components/dashboard/publication-form.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { loadJournalName, screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/edit-publication";

export const clientLoader = screenLoader(async (get, { params }: Route.ClientLoaderArgs) => {
  const [journalName, { publication }] = await Promise.all([
    loadJournalName(get, params.journal),
    get(pathOf("GET /get_publication_only/:journal/:publication", params)),
  ]);
  return { journalName, publication };
});

export const clientAction = mirrorAction(
  "POST /edit_publication/:journal/:publication",
  MESSAGES.publicationUpdateFailed,
);

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Edit Publication"));
}

export const HydrateFallback = screenFallback(msg("Loading the publication…"));
export const ErrorBoundary = ScreenErrorBoundary;

export default function EditPublication({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const { journalName, publication: p } = loaderData;
  return (
    <DashboardScreen
      kicker={journalName}
      title={t("Edit Publication")}
      lead={publicationLabel(p.volume, p.issue, p.year, p.show_number)}
    >
      <PublicationForm
        key={p.id}
        initial={{
          volume: p.volume,
          issue: p.issue,
          show_number: p.show_number,
          title: p.title,
          year: p.year,
          editors: p.editors,
          publication_date: p.publication_date,
          status: p.status,
        }}
        currentCover={p.cover_img}
        coverRequired={false}
        submitLabel={t("Update")}
        busyLabel={t("Updating...")}
        onDone={(message) =>
          navigate(`/dashboard/${params.journal}/publications`, { state: flashState(message) })
        }
      />
    </DashboardScreen>
  );
}
