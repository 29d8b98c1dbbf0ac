/**
 * Screenshots of new screens for a person to look at: saved only when `SCREENSHOT_DIR` names a
 * folder (nothing is checked against them).
 */
import type { Page, TestInfo } from "@playwright/test";

/** The whole page as `{SCREENSHOT_DIR}/{name}-{project}.png`, when `SCREENSHOT_DIR` is set. */
export async function screenshotForReview(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-${testInfo.project.name}.png`, fullPage: true });
}
