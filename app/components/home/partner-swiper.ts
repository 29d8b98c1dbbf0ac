/**
 * The moving part of the home page's partner carousel: Swiper (its own API, no React) with its
 * Autoplay and A11y modules under the settings of docs/product/constants.md, started on the
 * server-rendered markup of ./partner-carousel.tsx. Fetched by the `<ath-carousel>` element
 * (./carousel-element.ts) only when the carousel comes near the viewport (decision 107); the
 * server never runs it. What its A11y module announces (the carousel's name, each slide's
 * label) comes from the markup, in the page's language (`data-label`, `data-slide-label`;
 * decision 382).
 */
import { Swiper } from "swiper";
import { A11y, Autoplay } from "swiper/modules";
import { CAROUSEL } from "../../../shared/constants.ts";
import { slidesLayout } from "./carousel-settings.ts";

const LAYOUT = slidesLayout(CAROUSEL);

/**
 * Starts Swiper on `element` (the `.swiper` box holding `.swiper-wrapper` and its slides), with
 * autoplay stopped when `autoplay` is false (paused before Swiper loaded, or reduced motion).
 */
export function startCarousel(element: HTMLElement, autoplay: boolean): Swiper {
  const slides = element.querySelectorAll(".swiper-slide").length;
  // Loop needs more slides than fit in a view; with few partners rewind to the start instead.
  const loop = CAROUSEL.infinite && slides > CAROUSEL.slidesToShow * 2;
  const swiper = new Swiper(element, {
    modules: [Autoplay, A11y],
    slidesPerView: LAYOUT.base,
    breakpoints: LAYOUT.breakpoints,
    speed: CAROUSEL.speedMs,
    loop,
    rewind: !loop,
    autoplay: {
      delay: CAROUSEL.autoplayMs,
      disableOnInteraction: false,
      pauseOnMouseEnter: true,
    },
    a11y: {
      enabled: true,
      containerMessage: element.dataset.label ?? null,
      ...(element.dataset.slideLabel ? { slideLabelMessage: element.dataset.slideLabel } : {}),
    },
  });
  if (!autoplay) swiper.autoplay.stop();
  return swiper;
}
