/**
 * The buttons of the PDF reader's toolbar (pdf-viewer.tsx): one look (36 px square at the least,
 * slate border, dimmed when disabled), an optional line icon of {@link ICONS} and an optional
 * text beside it, which `textClass` may hide visually at some widths (`xl:sr-only`: the icon
 * alone on the one-row desktop toolbar, icon and word in the 'More tools' row below 1280 px).
 * Texts come translated from the viewer (pdf-viewer.tsx); icons that point back or forth (undo,
 * redo) are mirrored in right-to-left pages.
 */
import type { ComponentProps, ReactNode } from "react";

const buttonClass =
  "inline-flex h-9 min-w-9 items-center justify-center gap-1 whitespace-nowrap rounded border border-slate-300 bg-white px-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";

/** An annotation tool's button: amber while its tool is on (`aria-pressed`). */
export const toolClass = `${buttonClass} aria-pressed:border-amber-500 aria-pressed:bg-amber-100`;

/** The toolbar's icons: SVG path data on a 24×24 grid, drawn as 2-wide round strokes. */
const ICONS = {
  minus: "M5 12h14",
  plus: "M12 5v14M5 12h14",
  download: "M12 4v11m-5-5 5 5 5-5M5 20h14",
  close: "M6 6l12 12M18 6 6 18",
  highlight: "M4 20h16M7 16l9-9 3 3-9 9H7z",
  ink: "M4 18c3-6 5 2 8-4s5 2 8-4M4 21h16",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9.5h.01",
  undo: "M9 7 4 12l5 5M4 12h11a5 5 0 0 1 0 10h-3",
  redo: "M15 7l5 5-5 5M20 12H9a5 5 0 0 0 0 10h3",
  panel: "M4 5h16v14H4zM9 5v14",
  downloadMarked: "M12 4v9m-4-4 4 4 4-4M5 20h14M17 4l3 3",
  up: "M6 15l6-6 6 6",
  find: "M10.5 17a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13zM15.5 15.5 20 20",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  down: "M6 9l6 6 6-6",
};

export type IconName = keyof typeof ICONS;

/** Icons whose direction means something: drawn mirrored when the page reads right to left. */
const MIRRORED: ReadonlySet<IconName> = new Set(["undo", "redo"]);

function Icon({ name }: { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      className={MIRRORED.has(name) ? "rtl:-scale-x-100" : undefined}
    >
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export type ToolbarButtonProps = Omit<ComponentProps<"button">, "type" | "children"> & {
  /** The icon drawn first, if any. */
  icon?: IconName;
  /** Words after the icon; in a `<span className={textClass}>` when `textClass` is given. */
  text?: string;
  textClass?: string;
  /** Anything after the text (such as the dot that marks a tool in use). */
  children?: ReactNode;
};

/** A `type="button"` of the toolbar; every other prop (ref, aria-*, onClick…) goes to it. */
export function ToolbarButton({
  icon,
  text,
  textClass,
  className = buttonClass,
  children,
  ...rest
}: ToolbarButtonProps) {
  return (
    <button type="button" className={className} {...rest}>
      {icon ? <Icon name={icon} /> : null}
      {text && textClass ? <span className={textClass}>{text}</span> : text}
      {children}
    </button>
  );
}

/** How a toggle reports its state: a mode is `aria-pressed`, a row it opens `aria-expanded`. */
const TOGGLE_CLASSES = {
  pressed: `${buttonClass} aria-pressed:bg-slate-200`,
  expanded: `${buttonClass} aria-expanded:bg-slate-200`,
};

export type ToggleButtonProps = Omit<ToolbarButtonProps, "onClick" | "className"> & {
  /** The id of the element the button shows and hides. */
  controls: string;
  open: boolean;
  setOpen: (update: (open: boolean) => boolean) => void;
  /** The ARIA state that says it is open (default `expanded`); it also greys the button. */
  state?: keyof typeof TOGGLE_CLASSES;
  /** Classes after the toggle's own (such as `xl:hidden`). */
  extraClass?: string;
};

/** A toolbar button that shows or hides a part of the reader (side panel, find bar, tools row). */
export function ToggleButton({
  controls,
  open,
  setOpen,
  state = "expanded",
  extraClass,
  ...rest
}: ToggleButtonProps) {
  return (
    <ToolbarButton
      className={extraClass ? `${TOGGLE_CLASSES[state]} ${extraClass}` : TOGGLE_CLASSES[state]}
      aria-pressed={state === "pressed" ? open : undefined}
      aria-expanded={state === "expanded" ? open : undefined}
      aria-controls={controls}
      onClick={() => setOpen((wasOpen) => !wasOpen)}
      {...rest}
    />
  );
}
