/**
 * Public proceedings list `/proceedings` (docs/decisions/090-public-proceedings.md): every
 * conference proceeding as a card, newest year first, with its cover, the spec's line
 * '{event_name} from {event_start_date} to {event_end_date}' (docs/product/screens.md, Proceedings
 * list), title, sub title, intro and a link to the proceeding's page. The list loads on its own
 * and stays empty when its load fails (docs/product/errors.md).
 */
import { listProceedings } from "../../server/features/proceedings/queries.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { ProceedingCard } from "../components/proceedings/proceeding-card.tsx";
import { EmptyNote } from "../components/ui/empty-note.tsx";
import { PageHeading } from "../components/ui/heading.tsx";
import { containerClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { useT } from "../i18n/use-t.tsx";
import { loadSection } from "../lib/public-load.ts";
import { localeOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/proceedings";

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const proceedings = await loadSection(ctx, "proceedings: all proceedings", () =>
    listProceedings(ctx, "public"),
  );
  return { proceedings };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return pageMeta(
    matches,
    t("Conference Proceedings"),
    t(
      "Proceedings of academic conferences: the papers given at each event, free to read in full text.",
    ),
  );
}

export default function Proceedings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { proceedings } = loaderData;
  return (
    <main className={`${containerClass} py-10 sm:py-14`}>
      <PageHeading
        kicker={t("Catalogue")}
        title={t("Conference Proceedings")}
        lead={t(
          "The papers given at academic conferences, published together for each event: read them in full text in your browser.",
        )}
      />
      <section aria-label={t("All proceedings")} className="max-w-4xl">
        {proceedings?.length === 0 ? (
          <EmptyNote>{t("No proceedings have been published yet.")}</EmptyNote>
        ) : null}
        {proceedings ? (
          <ul className="space-y-6">
            {proceedings.map((proceeding, i) => (
              <li key={proceeding.id}>
                <ProceedingCard proceeding={proceeding} eager={i < 2} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </main>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
