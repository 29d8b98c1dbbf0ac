/**
 * The ORCID iD icon and the Creative Commons badge of the paper page (decision 305), drawn inline
 * (the CSP allows no external images, and pages should not load CC's buttons from their site).
 */
import type { CreativeCommonsLicence } from "../../../shared/licences.ts";

/**
 * ORCID's iD icon as its display guidelines draw it: the white "iD" on a green (#A6CE39)
 * circle, 16 px beside a name or an iD. Decorative: the link around it names the iD.
 */
export function OrcidIcon({ className = "size-4" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 256 256" className={`inline-block shrink-0 ${className}`}>
      <circle cx="128" cy="128" r="128" fill="#A6CE39" />
      <path
        fill="#fff"
        d="M86.3 186.2H70.9V79.1h15.4zM78.6 47.6a10.1 10.1 0 1 1 0 20.2 10.1 10.1 0 0 1 0-20.2z"
      />
      <path
        fill="#fff"
        d="M108.9 79.1h41.6c39.6 0 57 28.3 57 53.6 0 27.5-21.5 53.6-56.8 53.6h-41.8zm15.4 93.3h24.5c34.9 0 42.9-26.5 42.9-39.7 0-21.5-13.7-39.7-43.7-39.7h-23.7z"
      />
    </svg>
  );
}

/**
 * A Creative Commons badge in the spirit of CC's 88×31 buttons: the "cc" mark, then the licence's
 * short label (`BY-NC 4.0`) on a dark ground, left to right in every language. Decorative: the
 * licence link beside it carries the name.
 */
export function LicenceBadge({ licence }: { licence: CreativeCommonsLicence }) {
  const label = licence.label.replace(/^CC\s+/, "");
  return (
    <span
      aria-hidden="true"
      // a mark drawn as Creative Commons draws it, in every language
      dir="ltr"
      className="inline-flex shrink-0 items-center gap-1 rounded-sm bg-slate-800 py-0.5 pr-1.5 pl-0.5 font-sans text-[0.7rem] leading-none font-bold tracking-wide text-white"
    >
      <span className="inline-flex size-5 items-center justify-center rounded-full bg-white text-[0.62rem] text-slate-900">
        cc
      </span>
      {label}
    </span>
  );
}
