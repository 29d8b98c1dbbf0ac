import { type ComponentType, useEffect, useRef, useState } from "react";
import type { Swiper as SwiperInstance } from "swiper";
import "swiper/css";
import type { PartnerItem } from "../../../shared/api.ts";
import { PartnerSlide, SLIDE_CLASS } from "./partner-slide.tsx";
import type { PartnerSwiperProps } from "./partner-swiper.tsx";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
/** How close (px) the carousel comes to the viewport before Swiper is fetched and started. */
const LOAD_MARGIN = "400px 0px";

/**
 * The partner carousel of the home page (docs/product/screens.md, settings of section 9: 4/3/2/1 slides
 * by width, 500 ms transitions, autoplay every 2000 ms, infinite loop, no dots), each slide the
 * partner's logo and name, linked when the partner has a link.
 *
 * The server renders the partners as a still row with Swiper's classes and the final slide
 * widths (`.partner-carousel` rules in app.css), so the page looks the same before Swiper
 * starts. Swiper's code is fetched only when the carousel comes near the viewport
 * (IntersectionObserver, then `import()` of ./partner-swiper.tsx), so readers who never scroll
 * that far never download it, and the server never runs it (docs/decisions/107-lazy-carousel.md).
 *
 * Moving content needs a way to stop it (WCAG 2.2.2): autoplay pauses while the pointer is over
 * the carousel or focus is inside it, a Pause/Play button stops it (also before Swiper has
 * loaded), and it does not start at all for readers who ask for reduced motion
 * (docs/decisions/044-partner-carousel.md).
 */
export function PartnerCarousel({ partners }: { partners: PartnerItem[] }) {
  const swiperRef = useRef<SwiperInstance | null>(null);
  const boxRef = useRef<HTMLDivElement | null>(null);
  const [playing, setPlaying] = useState(true);
  const [Started, setStarted] = useState<ComponentType<PartnerSwiperProps> | null>(null);

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

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        import("./partner-swiper.tsx").then(
          (module) => {
            if (!cancelled) setStarted(() => module.PartnerSwiper);
          },
          // Offline or a stale deployment: the still row stays, which is a fine carousel too.
          () => {},
        );
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(box);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
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
    if (swiper) {
      if (playing) swiper.autoplay.stop();
      else swiper.autoplay.start();
    }
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
      {Started ? (
        <Started
          partners={partners}
          autoplay={playing && !window.matchMedia(REDUCED_MOTION).matches}
          onSwiper={(swiper) => {
            swiperRef.current = swiper;
          }}
        />
      ) : (
        <div className="swiper partner-carousel" data-testid="partner-carousel">
          <div className="swiper-wrapper">
            {partners.map((partner) => (
              <div key={partner.id} className={`swiper-slide ${SLIDE_CLASS}`}>
                <PartnerSlide partner={partner} />
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
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
