/**
 * Edit publication, /dashboard/edit_publication/{journal}/{publication} (spec sections 2 and 7):
 * the create form prefilled from GET /api/get_publication_only/{journal}/{publication} (volume,
 * issue, title, year, editors; the current cover shown), the cover optional; 'Update' /
 * 'Updating...' (docs/decisions/083-publication-forms.md); POST
 * /api/edit_publication/{journal}/{publication}. Success goes to
 * /dashboard/{journal}/publications; a failure shows the server's msg, else 'Publication Update
 * failed', under the form. A failed load shows its message full-page.
 */
import { useNavigate } from "react-router";
import type { JournalDetail, PublicationEdit } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { PublicationForm } from "../../components/dashboard/publication-form.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
  type Loaded,
} from "../../components/dashboard/screen.tsx";
import { apiGet, errorMessage, isAbort } from "../../lib/api.ts";
import type { Route } from "./+types/edit-publication";

type EditData = { journalName: string; publication: PublicationEdit };

export async function clientLoader({
  params,
  request,
}: Route.ClientLoaderArgs): Promise<Loaded<EditData>> {
  const journal = encodeURIComponent(params.journal);
  const options = { signal: request.signal };
  try {
    const [journalAnswer, publicationAnswer] = await Promise.all([
      apiGet<{ journal: JournalDetail }>(
        `/get_journal/${journal}`,
        MESSAGES.notAuthorised,
        options,
      ),
      apiGet<{ publication: PublicationEdit }>(
        `/get_publication_only/${journal}/${encodeURIComponent(params.publication)}`,
        MESSAGES.notAuthorised,
        options,
      ),
    ]);
    return {
      data: { journalName: journalAnswer.journal.name, publication: publicationAnswer.publication },
      error: null,
    };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { data: null, error: errorMessage(error, MESSAGES.notAuthorised) };
  }
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Edit Publication");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the publication…" />;
}

export default function EditPublication({ loaderData, params }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const { journalName, publication: p } = loaderData.data;
  return (
    <DashboardScreen
      kicker={journalName}
      title="Edit Publication"
      lead={`Vol. ${p.volume} No. ${p.issue} (${p.year})`}
    >
      <PublicationForm
        key={p.id}
        submitPath={`/edit_publication/${encodeURIComponent(params.journal)}/${p.id}`}
        initial={{
          volume: p.volume,
          issue: p.issue,
          title: p.title,
          year: p.year,
          editors: p.editors,
        }}
        currentCover={p.cover_img}
        coverRequired={false}
        submitLabel="Update"
        busyLabel="Updating..."
        failureMessage={MESSAGES.publicationUpdateFailed}
        onDone={() => navigate(`/dashboard/${params.journal}/publications`)}
      />
    </DashboardScreen>
  );
}
