/**
 * The viewer's side panel (issue 9; decision 207): the PDF's outline (bookmarks) and page
 * thumbnails, as pdf.js's own viewer has in its sidebar. pdfjs-dist does not ship that sidebar's
 * classes (PDFOutlineViewer, PDFThumbnailViewer are not in pdf_viewer.mjs), so the panel reads
 * the same data through pdf.js's API: `getOutline()` followed with the link service, and each
 * thumbnail drawn by pdf.js (`page.render`) when it scrolls into the panel.
 *
 * Shown beside the pages on wide screens; on phones it opens over them from the toolbar's
 * 'Outline and pages' toggle and closes when an entry is chosen. Texts and page numbers in the
 * page's language; outline titles (the PDF's own) in their own direction.
 */
import { useEffect, useId, useRef, useState } from "react";
import { formatNumber } from "../../../shared/i18n/intl.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import type { OutlineItem } from "./session.ts";

const THUMB_WIDTH = 112;

export type SidePanelProps = {
  /** The outline, `null` while it is read. */
  outline: OutlineItem[] | null;
  pages: number;
  currentPage: number;
  onOutline: (item: OutlineItem) => void;
  onPage: (page: number) => void;
  drawThumbnail: (page: number, canvas: HTMLCanvasElement, width: number) => Promise<void>;
};

function OutlineList({
  items,
  onOutline,
}: {
  items: OutlineItem[];
  onOutline: (item: OutlineItem) => void;
}) {
  const t = useT();
  return (
    <ul className="space-y-0.5 ps-3 first:ps-0">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an outline is fixed for the document
        <li key={i}>
          <button
            type="button"
            dir={item.title ? "auto" : undefined}
            className="w-full rounded px-2 py-1 text-start text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            onClick={() => onOutline(item)}
          >
            {item.title || t("(untitled)")}
          </button>
          {item.items.length > 0 ? <OutlineList items={item.items} onOutline={onOutline} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Thumbnail({
  page,
  current,
  onPage,
  draw,
}: {
  page: number;
  current: boolean;
  onPage: (page: number) => void;
  draw: SidePanelProps["drawThumbnail"];
}) {
  const t = useT();
  const locale = useLocale();
  const ref = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || drawn) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      draw(page, canvas, THUMB_WIDTH).then(
        () => setDrawn(true),
        (error: unknown) => console.warn("Thumbnail not drawn", error),
      );
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [page, draw, drawn]);
  return (
    <li>
      <button
        type="button"
        aria-label={t("Page {page, number}", { page })}
        aria-current={current ? "page" : undefined}
        className="block rounded p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:ring-2 aria-[current=page]:ring-brand-600"
        onClick={() => onPage(page)}
      >
        <canvas
          ref={ref}
          className="block bg-white shadow"
          style={{ width: THUMB_WIDTH, height: drawn ? undefined : THUMB_WIDTH * 1.3 }}
        />
        <span className="mt-1 block text-center text-xs text-slate-700">
          {formatNumber(page, locale)}
        </span>
      </button>
    </li>
  );
}

/** The panel's two views, in their tab order: the document's outline and the page thumbnails. */
const SIDE_VIEWS = [
  ["outline", msg("Outline")],
  ["pages", msg("Pages")],
] as const;

export function SidePanel(props: SidePanelProps) {
  const t = useT();
  const [view, setView] = useState<"outline" | "pages">("pages");
  const tabIds = { outline: useId(), pages: useId() };
  const hasOutline = (props.outline?.length ?? 0) > 0;
  useEffect(() => {
    if (hasOutline) setView("outline");
  }, [hasOutline]);

  const tabClass =
    "flex-1 rounded px-2 py-1 text-sm aria-selected:bg-white aria-selected:font-semibold aria-selected:shadow focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <div className="flex h-full flex-col">
      <div role="tablist" aria-label={t("Side panel")} className="flex gap-1 bg-slate-100 p-1">
        {SIDE_VIEWS.map(([name, label]) => (
          <button
            key={name}
            id={tabIds[name]}
            type="button"
            role="tab"
            aria-selected={view === name}
            className={tabClass}
            onClick={() => setView(name)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        aria-labelledby={tabIds[view]}
        className="min-h-0 flex-1 overflow-auto p-2"
      >
        {view === "outline" ? (
          props.outline === null ? (
            <p className="text-sm text-slate-600">{t("Loading…")}</p>
          ) : hasOutline ? (
            <nav aria-label={t("Document outline")}>
              <OutlineList items={props.outline} onOutline={props.onOutline} />
            </nav>
          ) : (
            <p className="text-sm text-slate-600">{t("This document has no outline.")}</p>
          )
        ) : (
          <ol aria-label={t("Page thumbnails")} className="flex flex-col items-center gap-2">
            {Array.from({ length: props.pages }, (_, i) => i + 1).map((n) => (
              <Thumbnail
                key={n}
                page={n}
                current={props.currentPage === n}
                onPage={props.onPage}
                draw={props.drawThumbnail}
              />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
