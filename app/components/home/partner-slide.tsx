import type { PartnerItem } from "../../../shared/api.ts";
import { derivativeSrcSet } from "../../../shared/images.ts";

/**
 * One partner of the home carousel: the logo (WebP derivative, lazy) or a monogram of the
 * initials, and the name; a link when the partner has one (docs/decisions/044-partner-carousel.md).
 * The same markup in the server-rendered list and in Swiper's slides.
 */
export function PartnerSlide({ partner }: { partner: PartnerItem }) {
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

/** Classes of each slide, before and after Swiper starts. */
export const SLIDE_CLASS = "h-auto! px-2";

/** Up to two initials of an institution's name, skipping "of", "the", "and". */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => w && !/^(of|the|and|for|de|la|&)$/i.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}
