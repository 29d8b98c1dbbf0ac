/**
 * axe-core (through @axe-core/playwright) over a page as it is now, for the accessibility and
 * full-text specs (issue 15, decision 267; issue 18). What is checked: the WCAG 2.0/2.1/2.2 A
 * and AA rules ({@link WCAG_TAGS}); what fails a test: a violation of any impact, minor and
 * moderate as well as serious and critical (WCAG 2.2 AA, issue 34, decision 450).
 *
 * Two settings make a run cheaper without checking less (decision 371):
 * - `resultTypes: ["violations"]`: every rule still runs on every element, but axe builds a
 *   unique selector only for the first node of the rules that pass, are incomplete or do not
 *   apply, not for each of them, which is most of its time on a long page (axe-core's API
 *   documentation, "resultTypes").
 * - legacy mode, `axe.run` in the page: the default `runPartial` then opens a blank page,
 *   injects axe a second time and sends it every frame's partial results to finish the run,
 *   which serves cross-origin frames; our pages have none.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The axe tags of WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe on `page`; returns one line per violation of any impact, naming `label` (the
 * page), the rule, its impact and help, and its first three elements with axe's summary.
 */
export async function wcagViolations(page: Page, label: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    // options() replaces what was set before it, so it comes before withTags()
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .analyze();
  return violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
        .slice(0, 3)
        .map(
          (n) =>
            n.target.join(" ") +
            (n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, " ").slice(0, 160)}]` : ""),
        )
        .join("; ")}`,
  );
}
