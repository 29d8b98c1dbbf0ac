/**
 * The moving part of the partner carousel: Swiper with its Autoplay and A11y modules under the
 * settings of docs/product/constants.md. Loaded by the browser only when the carousel comes near the
 * viewport (app/components/home/partner-carousel.tsx); the server never runs this code.
 */
import type { Swiper as SwiperInstance } from "swiper";
import { A11y, Autoplay } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { PartnerItem } from "../../../shared/api.ts";
import { CAROUSEL } from "../../../shared/constants.ts";
import { slidesLayout } from "./carousel-settings.ts";
import { PartnerSlide, SLIDE_CLASS } from "./partner-slide.tsx";

const LAYOUT = slidesLayout(CAROUSEL);

export type PartnerSwiperProps = {
  partners: PartnerItem[];
  /** False: start with autoplay stopped (paused before Swiper loaded, or reduced motion). */
  autoplay: boolean;
  /** Receives the Swiper instance once it has started. */
  onSwiper: (swiper: SwiperInstance) => void;
};

/** The started carousel, laid out like the server-rendered list it replaces. */
export function PartnerSwiper({ partners, autoplay, onSwiper }: PartnerSwiperProps) {
  // Loop needs more slides than fit in a view; with few partners rewind to the start instead.
  const loop = CAROUSEL.infinite && partners.length > CAROUSEL.slidesToShow * 2;
  return (
    <Swiper
      modules={[Autoplay, A11y]}
      onSwiper={(swiper) => {
        if (!autoplay) swiper.autoplay.stop();
        onSwiper(swiper);
      }}
      slidesPerView={LAYOUT.base}
      breakpoints={LAYOUT.breakpoints}
      speed={CAROUSEL.speedMs}
      loop={loop}
      rewind={!loop}
      autoplay={{
        delay: CAROUSEL.autoplayMs,
        disableOnInteraction: false,
        pauseOnMouseEnter: true,
      }}
      a11y={{ enabled: true, containerMessage: "Partner institutions" }}
      className="partner-carousel"
      data-testid="partner-carousel"
    >
      {partners.map((partner) => (
        <SwiperSlide key={partner.id} className={SLIDE_CLASS}>
          <PartnerSlide partner={partner} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
