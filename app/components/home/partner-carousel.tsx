import { useEffect, useRef, useState } from "react";
import type { Swiper as SwiperInstance } from "swiper";
import { A11y, Autoplay } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import type { PartnerItem } from "../../../shared/api.ts";
import { CAROUSEL } from "../../../shared/constants.ts";
import { derivativeSrcSet } from "../../../shared/images.ts";
import { slidesLayout } from "./carousel-settings.ts";

const LAYOUT = slidesLayout(CAROUSEL);
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * The partner carousel of the home page (spec section 2, settings of section 9: 4/3/2/1 slides
 * by width, 500 ms transitions, autoplay every 2000 ms, infinite loop, no dots), each slide the
 * partner's logo and name, linked when the partner has a link.
 *
 * Moving content needs a way to stop it (WCAG 2.2.2): autoplay pauses while the pointer is over
 * the carousel or focus is inside it, a Pause/Play button stops it, and it does not start at
 * all for readers who ask for reduced motion (docs/decisions/044-partner-carousel.md).
 * Before hydration the slides are already laid out at their final widths (`.partner-carousel`
 * rules in app.css at the same breakpoints), so nothing shifts when Swiper starts.
 */
export function PartnerCarousel({ partners }: { partners: PartnerItem[] }) {
  const swiperRef = useRef<SwiperInstance | null>(null);
  const boxRef = useRef<HTMLDivElement | null>(null);
  const [playing, setPlaying] = useState(true);
  // Loop needs more slides than fit in a view; with few partners rewind to the start instead.
  const loop = CAROUSEL.infinite && partners.length > CAROUSEL.slidesToShow * 2;

  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const apply = () => {
      if (query.matches) {
        swiperRef.current?.autoplay?.stop();
        setPlaying(false);
      }
    };
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, []);

  // Keyboard users get the same pause as pointer users while focus is inside the carousel.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onFocusIn = () => swiperRef.current?.autoplay?.pause();
    const onFocusOut = (event: FocusEvent) => {
      if (!box.contains(event.relatedTarget as Node | null)) swiperRef.current?.autoplay?.resume();
    };
    box.addEventListener("focusin", onFocusIn);
    box.addEventListener("focusout", onFocusOut);
    return () => {
      box.removeEventListener("focusin", onFocusIn);
      box.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  const toggle = () => {
    const swiper = swiperRef.current;
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  };

  if (partners.length === 0) return null;

  return (
    <div ref={boxRef} className="relative">
      <div className="mb-4 flex justify-end">
        <button
          type="button"
          onClick={toggle}
          aria-pressed={!playing}
          className="inline-flex items-center gap-2 rounded-sm border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-700 hover:text-brand-800"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
          {playing ? "Pause" : "Play"}
          <span className="sr-only"> the partner carousel</span>
        </button>
      </div>
      <Swiper
        modules={[Autoplay, A11y]}
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
          if (window.matchMedia(REDUCED_MOTION).matches) swiper.autoplay.stop();
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
          <SwiperSlide key={partner.id} className="h-auto! px-2">
            <PartnerSlide partner={partner} />
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}

function PartnerSlide({ partner }: { partner: PartnerItem }) {
  const body = (
    <>
      <span className="flex h-24 w-full items-center justify-center">
        {partner.logo ? (
          <img
            src={partner.logo}
            srcSet={derivativeSrcSet(partner.logo)}
            sizes="96px"
            alt=""
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            className="size-24 object-contain"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-full bg-brand-800 font-serif text-2xl text-white"
          >
            {initials(partner.name)}
          </span>
        )}
      </span>
      <span className="mt-4 line-clamp-2 text-center font-serif text-[0.98rem] leading-snug text-slate-800">
        {partner.name}
      </span>
    </>
  );
  const box =
    "flex h-full min-h-48 flex-col items-center justify-start rounded-sm border border-slate-200 bg-white px-4 py-6";
  return partner.link ? (
    <a
      href={partner.link}
      rel="noopener noreferrer"
      className={`${box} hover:border-brand-400 hover:shadow-sm`}
    >
      {body}
    </a>
  ) : (
    <div className={box}>{body}</div>
  );
}

/** Up to two initials of an institution's name, skipping "of", "the", "and". */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => w && !/^(of|the|and|for|de|la|&)$/i.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 fill-current">
      <rect x="3" y="2" width="3.5" height="12" rx="0.5" />
      <rect x="9.5" y="2" width="3.5" height="12" rx="0.5" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 fill-current">
      <path d="M4 2.5v11l9-5.5z" />
    </svg>
  );
}
