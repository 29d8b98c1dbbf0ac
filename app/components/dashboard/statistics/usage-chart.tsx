/**
 * The chart of the Statistics screen: views and downloads per day or month, drawn by uPlot
 * (docs/decisions/283-statistics-screen.md: small, kept up, a canvas). A canvas says nothing to a
 * screen reader, so the figure is hidden from assistive technology and its caption points to the
 * data table beside it ({@link UsageTable}), which holds every figure the chart draws.
 *
 * uPlot and its stylesheet load in the browser only, when the chart first mounts; the chart
 * follows its container's width. Its legend and axes are in the page's language: the series'
 * names translated, month and weekday names and figures by `Intl` (English keeps uPlot's own
 * names, as before issue 32); the dates' numeric forms are uPlot's.
 */
import { useEffect, useRef } from "react";
import type uPlotType from "uplot";
import { formatDate, formatNumber } from "../../../../shared/i18n/intl.ts";
import { DEFAULT_LOCALE } from "../../../../shared/i18n/locales.ts";
import { msg } from "../../../../shared/i18n/messages.ts";
import type { UsagePeriod } from "../../../../shared/usage.ts";
import { useLocale, useT } from "../../../i18n/use-t.tsx";

/** Series drawn, with their colours (brand-700 and amber-700: 4.5:1 on white). */
const SERIES = [
  { key: "total_item_investigations", label: msg("Views"), stroke: "#263f65" },
  { key: "total_item_requests", label: msg("Downloads"), stroke: "#b45309" },
] as const;

const HEIGHT = 260;

/** Seconds since 1970 of a period's first day (UTC). */
function secondsOf(period: string): number {
  const day = period.length === 7 ? `${period}-01` : period;
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

export function UsageChart({
  periods,
  granularity,
  caption,
}: {
  periods: UsagePeriod[];
  granularity: "day" | "month";
  /** What the chart shows, for everybody; it says where the table is (translated). */
  caption: string;
}) {
  const t = useT();
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let chart: uPlotType | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void (async () => {
      const [{ default: uPlot }] = await Promise.all([
        import("uplot"),
        import("uplot/dist/uPlot.min.css"),
      ]);
      if (cancelled) return;
      const utc = (ts: number) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC");
      // the axis and the legend write dates as every page does (issue 34): `25 November 2026`
      const dateOf = (ts: number) =>
        formatDate(
          new Date(ts * 1000).toISOString().slice(0, granularity === "month" ? 7 : 10),
          locale,
        );
      const figure = (value: number | null) =>
        value === null ? "--" : formatNumber(value, locale);
      const data: uPlotType.AlignedData = [
        periods.map((p) => secondsOf(p.period)),
        ...SERIES.map((s) => periods.map((p) => p[s.key])),
      ];
      chart = new uPlot(
        {
          width: Math.max(280, target.clientWidth),
          height: HEIGHT,
          tzDate: utc,
          // room on the right for the last date's label
          padding: [12, 28, 0, 0],
          cursor: { drag: { x: false, y: false } },
          scales: {
            x: { time: true },
            y: { range: (_u, _min, max) => [0, Math.max(4, max * 1.1)] },
          },
          axes: [
            {
              stroke: "#334155",
              grid: { stroke: "#e2e8f0" },
              // a long date needs room: ticks at least this far apart (px)
              space: 140,
              values: (_u, splits) => splits.map((v) => dateOf(v)),
            },
            {
              stroke: "#334155",
              grid: { stroke: "#e2e8f0" },
              values: (_u, splits) => splits.map((v) => figure(v)),
            },
          ],
          series: [
            {
              label: granularity === "month" ? t("Month") : t("Day"),
              value: (_u: uPlotType, v: number | null) => (v === null ? "--" : dateOf(v)),
            },
            ...SERIES.map((s) => ({
              label: t(s.label),
              stroke: s.stroke,
              width: 2,
              points: { show: periods.length <= 62 },
              value: (_u: uPlotType, v: number | null) => figure(v),
            })),
          ],
        },
        data,
        target,
      );
      observer = new ResizeObserver(() => {
        chart?.setSize({ width: Math.max(280, target.clientWidth), height: HEIGHT });
      });
      observer.observe(target);
    })();
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [periods, granularity, t, locale]);

  return (
    <figure className="min-w-0">
      <div ref={box} aria-hidden="true" className="min-h-[300px] w-full" data-chart="usage" />
      <figcaption className="mt-2 text-sm text-slate-600">{caption}</figcaption>
    </figure>
  );
}
