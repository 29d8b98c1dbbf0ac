/**
 * Class names of the site's small interactive pieces (buttons, links, badges), shared by the
 * public pages and the dashboard so every control looks and focuses the same way.
 */

export type ButtonVariant = "primary" | "secondary" | "quiet";

const BUTTON_BASE =
  "inline-flex items-center justify-center gap-2 rounded-sm px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const BUTTON_VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-800 text-white hover:bg-brand-900 active:bg-brand-950",
  secondary:
    "border border-brand-800 bg-white text-brand-800 hover:bg-brand-50 active:bg-brand-100",
  quiet: "text-brand-800 underline-offset-4 hover:underline",
};

/** Classes of a button or a link styled as one. */
export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANTS[variant]}${extra ? ` ${extra}` : ""}`;
}

/** Classes of a text link inside running text or a list. */
export const textLinkClass =
  "text-brand-800 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-800";

/** Classes of a title link (no underline until hovered). */
export const titleLinkClass =
  "text-slate-900 decoration-brand-400 underline-offset-4 hover:text-brand-800 hover:underline";

/** Small uppercase label above a title ("kicker"), e.g. a journal name over an issue. */
export const kickerClass = "text-xs font-semibold uppercase tracking-[0.16em] text-brand-700";

/** Badge such as 'New Journal'. */
export const badgeClass =
  "inline-block rounded-sm bg-brand-50 px-2 py-0.5 text-[0.7rem] font-semibold uppercase tracking-wider text-brand-800 ring-1 ring-brand-200 ring-inset";

/** Width-limited, padded page column. */
export const containerClass = "mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8";
