/**
 * A paper's views and downloads, under its facts (issue 17; docs/decisions/284-usage-figures-for-readers.md):
 * COUNTER Release 5.1 figures (Total_Item_Investigations and Total_Item_Requests) up to the end
 * of yesterday (UTC). Nothing is shown before the paper's first view.
 */
import type { ReaderFigures } from "../../../shared/usage.ts";

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

export function PaperUsage({ usage }: { usage: ReaderFigures | null | undefined }) {
  if (!usage || usage.views === 0) return null;
  const through = new Date(`${usage.through}T00:00:00Z`).toLocaleDateString("en-GB", {
    timeZone: "UTC",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  return (
    <p className="mt-3 text-sm text-slate-700" data-usage="">
      <span className="font-semibold">{count(usage.views, "view", "views")}</span>
      {" · "}
      <span className="font-semibold">{count(usage.downloads, "download", "downloads")}</span>
      <span className="text-slate-600">
        {" "}
        (to {through}, counted by the COUNTER Code of Practice)
      </span>
    </p>
  );
}
