/**
 * The Funding list of the paper forms (issue 16, decisions 255, 256 and 251): one row per
 * funder with its name, its Crossref Funder ID or ROR id (checked when the field is left, with
 * the server's `funderIdSchema` and message) and its award numbers (one field, separated by
 * semicolons, as `funding[k][award_ids]` takes them); rows are added, moved and removed.
 * Messages come keyed by wire path (`funding.0.funder_id`) and show under their field.
 */
import type { FundingItem } from "../../../shared/api.ts";
import { funderIdSchema } from "../../../shared/schemas.ts";
import { useT } from "../../i18n/use-t.tsx";
import { TextField } from "../forms/index.ts";
import { type ListFieldProps, RowList } from "./list-rows.tsx";

/** A funder as the form holds it; `key` tells rows apart across moves. */
export type FundingRow = { key: number; funder_name: string; funder_id: string; award_ids: string };

let lastKey = 0;

/** A stored funder (or an empty one) as a row, its award numbers joined with "; ". */
export function fundingRowOf(item?: FundingItem): FundingRow {
  lastKey += 1;
  return {
    key: lastKey,
    funder_name: item?.funder_name ?? "",
    funder_id: item?.funder_id ?? "",
    award_ids: item?.award_ids.join("; ") ?? "",
  };
}

/** A row as `funding[k]` takes it (decision 256). */
export function fundingToWire({ funder_name, funder_id, award_ids }: FundingRow) {
  return { funder_name, funder_id, award_ids };
}

export function FundingRowsField(props: ListFieldProps<FundingRow>) {
  const t = useT();
  return (
    <div className="space-y-3">
      <RowList
        text={{
          label: t("Funders"),
          empty: t("No funders listed."),
          add: t("Add funder"),
          names: (n) => ({
            up: t("Move funder {n} up", { n }),
            down: t("Move funder {n} down", { n }),
            remove: t("Remove funder {n}", { n }),
          }),
        }}
        legend={(_, index) => t("Funder {n}", { n: index + 1 })}
        list="funding"
        newRow={fundingRowOf}
        {...props}
      >
        {({ text, checkOnBlur }) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={t("Funder name")} required {...text("funder_name")} />
            <TextField
              label={t("Funder ID or ROR id")}
              optional
              spellCheck={false}
              hint={t(
                "Such as 10.13039/100000002 (Crossref Funder ID) or https://ror.org/021nxhr62.",
              )}
              {...text("funder_id")}
              onBlur={checkOnBlur("funder_id", funderIdSchema)}
            />
            <TextField
              label={t("Award numbers")}
              optional
              className="sm:col-span-2"
              hint={t("Separate several with semicolons.")}
              {...text("award_ids")}
            />
          </div>
        )}
      </RowList>
    </div>
  );
}
