/**
 * The partner carousel settings of docs/product/constants.md (`CAROUSEL` in shared/constants.ts: 4 slides
 * visible, 3 below 1024 px, 2 below 640 px, 1 below 480 px) turned into Swiper's mobile-first
 * `breakpoints` (keys are minimum window widths in CSS pixels).
 */
import { CAROUSEL } from "../../../shared/constants.ts";

export type SlidesLayout = {
  /** Slides visible below the smallest breakpoint. */
  base: number;
  /** Minimum width (px) → slides visible from that width up. */
  breakpoints: Record<number, { slidesPerView: number }>;
};

/** `{base: 1, breakpoints: {480: 2, 640: 3, 1024: 4}}` for the spec's settings. */
export function slidesLayout(settings: {
  slidesToShow: number;
  responsive: readonly { below: number; slidesToShow: number }[];
}): SlidesLayout {
  const steps = [...settings.responsive].sort((a, b) => a.below - b.below);
  if (steps.length === 0) return { base: settings.slidesToShow, breakpoints: {} };
  const breakpoints: SlidesLayout["breakpoints"] = {};
  steps.forEach((step, i) => {
    breakpoints[step.below] = {
      slidesPerView: steps[i + 1]?.slidesToShow ?? settings.slidesToShow,
    };
  });
  return { base: steps[0]!.slidesToShow, breakpoints };
}

/** Slides visible at a window `width` (px) under the spec's settings. */
export function slidesVisibleAt(width: number, layout = slidesLayout(CAROUSEL)): number {
  let visible = layout.base;
  for (const [min, { slidesPerView }] of Object.entries(layout.breakpoints)) {
    if (width >= Number(min)) visible = slidesPerView;
  }
  return visible;
}
