import "swiper/css";
import { createElement } from "react";
import type { PartnerItem } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { CAROUSEL_ELEMENT } from "./carousel-element.ts";
import { PartnerSlide, SLIDE_CLASS } from "./partner-slide.tsx";

/**
 * The partner carousel of the home page (docs/product/screens.md, settings of section 9: 4/3/2/1 slides
 * by width, 500 ms transitions, autoplay every 2000 ms, infinite loop, no dots), each slide the
 * partner's logo and name, linked when the partner has a link.
 *
 * The server renders the partners as a still row with Swiper's classes and the final slide
 * widths (`.partner-carousel` rules in app.css), so the page looks the same before Swiper
 * starts. The `<ath-carousel>` element around it (./carousel-element.ts, decision 292) fetches
 * Swiper only when the carousel comes near the viewport and starts it on this markup
 * (./partner-swiper.ts), so readers who never scroll that far never download it, and the
 * server never runs it (docs/decisions/107-lazy-carousel.md).
 *
 * Moving content needs a way to stop it (WCAG 2.2.2): autoplay pauses while the pointer is over
 * the carousel or focus is inside it, the Pause/Play button (`aria-pressed` when paused; its
 * icon follows that through CSS) stops it, also before Swiper has loaded, and it does not start
 * at all for readers who ask for reduced motion (docs/decisions/044-partner-carousel.md).
 *
 * The words the element and Swiper show or announce are rendered here, in the page's language
 * (decision 382): the button's in its `data-*-text`/`data-*-name` attributes, Swiper's in the
 * carousel's `data-label` and `data-slide-label` (./partner-swiper.ts).
 */
export function PartnerCarousel({ partners }: { partners: PartnerItem[] }) {
  const t = useT();
  if (partners.length === 0) return null;
  const pauseName = t("Pause the partner carousel");
  return createElement(
    CAROUSEL_ELEMENT.tag,
    { className: "relative block" },
    <div className="mb-4 flex justify-end">
      <button
        type="button"
        aria-pressed="false"
        aria-label={pauseName}
        {...{
          [CAROUSEL_ELEMENT.pauseText]: t("Pause"),
          [CAROUSEL_ELEMENT.playText]: t("Play"),
          [CAROUSEL_ELEMENT.pauseName]: pauseName,
          [CAROUSEL_ELEMENT.playName]: t("Play the partner carousel"),
        }}
        className="group inline-flex items-center gap-2 rounded-sm border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-700 hover:text-brand-800"
      >
        <PauseIcon />
        <PlayIcon />
        <span {...{ [CAROUSEL_ELEMENT.label]: "" }}>{t("Pause")}</span>
      </button>
    </div>,
    <div
      className="swiper partner-carousel"
      data-testid="partner-carousel"
      data-label={t("Partner institutions")}
      // Swiper's own placeholders, {{index}} and {{slidesLength}}, go through as values
      data-slide-label={t("{index} / {count}", { index: "{{index}}", count: "{{slidesLength}}" })}
    >
      <div className="swiper-wrapper">
        {partners.map((partner) => (
          <div key={partner.id} className={`swiper-slide ${SLIDE_CLASS}`}>
            <PartnerSlide partner={partner} />
          </div>
        ))}
      </div>
    </div>,
  );
}

function PauseIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="size-3.5 fill-current group-aria-pressed:hidden"
    >
      <rect x="3" y="2" width="3.5" height="12" rx="0.5" />
      <rect x="9.5" y="2" width="3.5" height="12" rx="0.5" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="hidden size-3.5 fill-current group-aria-pressed:block"
    >
      <path d="M4 2.5v11l9-5.5z" />
    </svg>
  );
}
