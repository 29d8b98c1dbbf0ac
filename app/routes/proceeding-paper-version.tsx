/**
 * An earlier version of a conference paper, `/proceedings/{slug}/{paper}/version/{n}` (issue 33,
 * decision 490), as app/routes/paper-version.tsx for journal papers.
 */
import {
  PaperVersionPage,
  versionPageHandle,
  versionPageMeta,
} from "../components/paper/version-page.tsx";
import { loadVersionPage, proceedingPapers } from "../lib/paper-load.ts";
import type { Route } from "./+types/proceeding-paper-version";

export const loader = (args: Route.LoaderArgs) => loadVersionPage(proceedingPapers, args);

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  return versionPageMeta(loaderData, matches);
}

export default function ProceedingPaperVersionPage({ loaderData }: Route.ComponentProps) {
  return <PaperVersionPage {...loaderData} />;
}

export const handle = versionPageHandle;
