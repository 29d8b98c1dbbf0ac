/**
 * Derivative URLs of a stored image. Every cover and logo at `/files/{folder}/{name}.{ext}` has
 * WebP derivatives beside it, `/files/{folder}/{name}-{width}.webp`, for each width below.
 */
export const DERIVATIVE_WIDTHS = [320, 640] as const;
export type DerivativeWidth = (typeof DERIVATIVE_WIDTHS)[number];

/** URL of the `width`-pixel WebP derivative of the image at `url`. */
export function derivativeUrl(url: string, width: DerivativeWidth): string {
  return url.replace(/\.[a-z0-9]+$/, `-${width}.webp`);
}

/** `srcSet` value listing every derivative of the image at `url`. */
export function derivativeSrcSet(url: string): string {
  return DERIVATIVE_WIDTHS.map((w) => `${derivativeUrl(url, w)} ${w}w`).join(", ");
}
