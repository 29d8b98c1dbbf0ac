/**
 * A journal's DOI prefix and pattern and its preservation arrangement (issue 16, decision 279)
 * on the journal form, with the form's message for a prefix Crossref would not issue; the
 * arrangement then shows on the journal's page, and the LOCKSS/CLOCKSS manifest of its year
 * lists its issue under the permission statements.
 */
import { expect, test } from "@playwright/test";
import { DOI_PREFIX_MESSAGE } from "../../shared/schemas.ts";
import { signInAsNewManager } from "./helpers/account.ts";

/** One corpus journal per project (they share the server) and a year it published in. */
const JOURNALS: Record<string, { uri: string; year: number }> = {
  desktop: { uri: "metabolites", year: 2014 },
  phone: { uri: "gastroenterology-research-and-practice", year: 2016 },
};

test("sets the DOI prefix and the preservation arrangement, shown to readers and archives", async ({
  page,
}, testInfo) => {
  test.slow(); // the form twice, the journal page and the manifest
  const { uri, year } = JOURNALS[testInfo.project.name]!;
  const arrangement = `Preserved by CLOCKSS and the PKP Preservation Network (${testInfo.project.name}).`;
  await signInAsNewManager(page, testInfo);
  await page.goto(`/dashboard/edit_journal/${uri}`);
  await expect(page.getByLabel("DOI Prefix")).toBeVisible({ timeout: 30_000 });
  const submit = page.getByRole("tabpanel").getByRole("button", { name: "Submit" });

  // a prefix Crossref does not issue is refused with the rule
  await page.getByLabel("DOI Prefix").fill("10.1");
  await submit.click();
  await expect(page.getByText(DOI_PREFIX_MESSAGE)).toBeVisible();
  await page.screenshot({ path: `/tmp/journal-doi-${testInfo.project.name}.png`, fullPage: true });

  await page.getByLabel("DOI Prefix").fill("10.12345");
  await page.getByLabel("Preservation").fill(arrangement);
  await submit.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Journal Updated Successfully." }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("DOI Prefix")).toHaveValue("10.12345", { timeout: 30_000 });
  await expect(page.getByLabel("Preservation")).toHaveValue(arrangement);

  // readers see it on the journal's page
  await page.goto(`/journal/${uri}`);
  await page.getByRole("button", { name: "Preservation" }).click();
  await expect(page.getByText(arrangement)).toBeVisible();

  // and preservation networks crawl the year's manifest
  await page.goto(`/journal/${uri}/lockss/${year}`);
  await expect(
    page.getByText(
      "LOCKSS system has permission to collect, preserve, and serve this Archival Unit.",
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      "CLOCKSS system has permission to ingest, preserve, and serve this Archival Unit.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /^Vol\. / }).first()).toBeVisible();
  const missing = await page.request.get(`/journal/${uri}/lockss/1990`);
  expect(missing.status()).toBe(404);
});
