/**
 * The rules of the dashboard's route parameters (docs/product/screens.md, Routes; decision 210),
 * checked once for every dashboard screen by the dashboard frame (app/routes/dashboard/layout.tsx):
 * on the server, so an address no screen can show is answered HTTP 404 with the '404 Page Not
 * Found' page (issue 15: `/dashboard/create_journal/3` was a 200), and in the browser for a
 * navigation within the dashboard. The rules are the ones the API calls behind each screen
 * apply (shared/contract.ts), keyed by parameter name: every dashboard route names its
 * parameters after what they hold (app/routes.ts; tests/unit/dashboard-params.test.ts keeps
 * each name here). Whether the journal, issue or paper exists is the screen's own load.
 */
import "../../shared/zod-setup.ts";
import { data } from "react-router";
import { z } from "zod";
import { routeId, routeJournalUri, routeNumberText } from "../../shared/route-params.ts";

/** Each dashboard route parameter's rule, by name. */
export const DASHBOARD_PARAM_RULES = {
  /** `/dashboard/create_journal/{section}`: the spec's two steps. */
  section: z.enum(["1", "2"]),
  journal: routeJournalUri,
  journalUrl: routeJournalUri,
  volume: routeNumberText,
  issue: routeNumberText,
  publication: routeId,
  paper: routeId,
  proceeding: routeId,
  /** `/dashboard/editor_submission/{submission}` (decision 400). */
  submission: routeId,
} satisfies Record<string, z.ZodType>;

/** Whether every parameter present in `params` keeps its rule (a name without one does not). */
export function dashboardParamsValid(
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  return Object.entries(params).every(([name, value]) => {
    if (value === undefined) return true; // an optional segment left out
    const rule: z.ZodType | undefined =
      DASHBOARD_PARAM_RULES[name as keyof typeof DASHBOARD_PARAM_RULES];
    return rule?.safeParse(value).success === true;
  });
}

/**
 * @throws a 404 route error response (the root's '404 Page Not Found', with that status on the
 *   server) when a parameter breaks its rule.
 */
export function assertDashboardParams(params: Readonly<Record<string, string | undefined>>): void {
  if (!dashboardParamsValid(params)) throw data(null, { status: 404 });
}
