/** Inline SVG icons of the layout (no icon font or external files: the CSP allows none). */
import type { ReactNode } from "react";

type IconProps = { className?: string };

/**
 * The shell of the line icons: a 24×24 view box drawn with 1.8-wide round strokes in the text
 * colour, hidden from assistive technology (the button around it carries the name). `icon` sets
 * `data-icon`, by which the menu button's open and close icons are told apart.
 */
function StrokeIcon({
  className,
  icon,
  children,
}: {
  className: string;
  icon?: string;
  children: ReactNode;
}) {
  return (
    <svg
      data-icon={icon}
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      className={className}
    >
      {children}
    </svg>
  );
}

/** Three bars: "open the menu". */
export function MenuIcon({ className = "size-6" }: IconProps) {
  return (
    <StrokeIcon icon="open" className={className}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </StrokeIcon>
  );
}

/** A cross: "close the menu". */
export function CloseIcon({ className = "size-6" }: IconProps) {
  return (
    <StrokeIcon icon="close" className={className}>
      <path d="M6 6l12 12M18 6L6 18" />
    </StrokeIcon>
  );
}

/** A magnifying glass. */
export function SearchIcon({ className = "size-5" }: IconProps) {
  return (
    <StrokeIcon className={className}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </StrokeIcon>
  );
}

/** The site's mark: a classical portico (an athenaeum) drawn in the accent colour. */
export function LogoMark({ className = "size-10" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className={className}>
      <rect width="40" height="40" rx="2" className="fill-brand-800" />
      <path d="M8 15L20 8l12 7z" className="fill-white" />
      <path
        d="M11 17.5v11M16.3 17.5v11M23.7 17.5v11M29 17.5v11"
        className="stroke-white"
        strokeWidth="2.2"
      />
      <path d="M8 31h24" className="stroke-white" strokeWidth="2.2" />
    </svg>
  );
}

/** A globe: "the language of the site". */
export function GlobeIcon({ className = "size-5" }: IconProps) {
  return (
    <StrokeIcon className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </StrokeIcon>
  );
}
