import { derivativeSrcSet } from "../../../shared/images.ts";

/** Covers are portrait 3:4 (the generated ones are 600 × 800). */
export const COVER_SIZE = { width: 600, height: 800 } as const;

/**
 * A cover or logo image: the stored image with its WebP derivatives in `srcSet` (shared/images.ts)
 * so the browser picks the smallest sufficient one for `sizes`, explicit `width`/`height` so the
 * layout does not shift while it loads, and lazy loading unless `eager` (above the fold).
 * Without an image (`src` null) a quiet placeholder of the same shape shows `placeholder`
 * (e.g. a journal's abbreviation).
 */
export function CoverImage({
  src,
  alt,
  width = COVER_SIZE.width,
  height = COVER_SIZE.height,
  sizes,
  eager = false,
  placeholder = "",
  fit = "cover",
  className = "",
}: {
  src: string | null;
  /** Empty when the image only repeats text next to it (WCAG 1.1.1, decorative). */
  alt: string;
  /** Intrinsic size in CSS pixels; the image keeps this aspect ratio (default: a 3:4 cover). */
  width?: number;
  height?: number;
  /** The `sizes` attribute: how wide the image is drawn, e.g. `(min-width: 1024px) 12rem, 40vw`. */
  sizes: string;
  eager?: boolean;
  placeholder?: string;
  fit?: "cover" | "contain";
  className?: string;
}) {
  if (!src) {
    return (
      <div
        aria-hidden="true"
        style={{ aspectRatio: `${width} / ${height}` }}
        className={`flex items-center justify-center overflow-hidden bg-brand-800 p-3 text-center font-serif text-brand-50 ${className}`}
      >
        <span className="line-clamp-3 text-lg leading-tight">{placeholder}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={derivativeSrcSet(src)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      style={{ aspectRatio: `${width} / ${height}` }}
      className={`${fit === "cover" ? "object-cover" : "object-contain"} bg-slate-100 ${className}`}
    />
  );
}
