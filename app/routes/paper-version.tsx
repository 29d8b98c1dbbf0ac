/**
 * An earlier version of a journal paper, `/journal/{journal_url}/{paper}/version/{n}` (issue 33,
 * decision 490): app/components/paper/version-page.tsx, loaded by app/lib/paper-load.ts (the
 * paper found as its page finds it; an unknown version is the 404 page).
 */
import {
  PaperVersionPage,
  versionPageHandle,
  versionPageMeta,
} from "../components/paper/version-page.tsx";
import { issuePapers, loadVersionPage } from "../lib/paper-load.ts";
import type { Route } from "./+types/paper-version";

export const loader = (args: Route.LoaderArgs) => loadVersionPage(issuePapers, args);

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  return versionPageMeta(loaderData, matches);
}

export default function JournalPaperVersionPage({ loaderData }: Route.ComponentProps) {
  return <PaperVersionPage {...loaderData} />;
}

export const handle = versionPageHandle;
