/**
 * The editorial figures on a journal's public page (decision 406): one list a year with the
 * counts, the acceptance rate as a percentage, the medians in days, and "—" where nothing was
 * decided or published yet, in the page's language.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { PublicWorkflowFiguresList } from "../../app/components/workflow/figures-table.tsx";
import { LocaleProvider } from "../../app/i18n/use-t.tsx";
import { loadCatalogues } from "../../server/i18n/catalogues.ts";

beforeAll(loadCatalogues);

const rows = [
  {
    year: 2026,
    received: 12,
    accepted: 3,
    declined: 1,
    acceptance_rate: 0.75,
    median_days_to_first_decision: 20.5,
    median_days_to_publication: null,
  },
];

describe("public editorial figures", () => {
  it("shows each year's counts, rate and medians, and a dash for none", () => {
    const html = renderToStaticMarkup(createElement(PublicWorkflowFiguresList, { rows }));
    const text = html.replace(/<[^>]+>/g, "|");
    expect(html).toContain("Editorial figures");
    expect(text).toContain("|2026|");
    expect(text).toMatch(/Received\|+12\|/);
    expect(text).toMatch(/Acceptance rate\|+75%\|/);
    expect(text).toMatch(/Median days to first decision\|+21\|/);
    expect(text).toMatch(/Median days to publication\|+—\|/);
  });

  it("is written in the page's language", () => {
    const html = renderToStaticMarkup(
      createElement(
        LocaleProvider,
        { locale: "en-XA" } as never,
        createElement(PublicWorkflowFiguresList, { rows }),
      ),
    );
    expect(html).not.toContain("Editorial figures");
    expect(html).not.toContain("Acceptance rate");
  });
});
