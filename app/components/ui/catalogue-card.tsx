import type { ReactNode } from "react";
import type { Button } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { ButtonLink } from "./button-link.tsx";
import { CoverImage } from "./cover-image.tsx";
import { Link } from "./link.tsx";

/**
 * A card of the journal and proceeding lists (docs/product/screens.md, Journals list and Proceedings
 * list): the cover on the left (12rem wide from `sm` when `wide`, else 10rem) and `children`
 * (title, lines, buttons) in a column beside it. With `link`, the cover links there too, kept
 * out of the tab order and hidden from screen readers: the card's title is the same link.
 */
export function CatalogueCard({
  image,
  placeholder,
  link,
  wide = false,
  eager = false,
  children,
}: {
  image: string | null;
  /** Shown on the placeholder cover when there is no image. */
  placeholder: string;
  link?: string;
  wide?: boolean;
  eager?: boolean;
  children: ReactNode;
}) {
  const coverClass = `w-24 shrink-0 self-start ${wide ? "sm:w-48" : "sm:w-40"}`;
  const cover = (
    <CoverImage
      src={image}
      alt=""
      sizes={wide ? "(min-width: 640px) 12rem, 6rem" : "(min-width: 640px) 10rem, 6rem"}
      eager={eager}
      placeholder={placeholder}
      className="w-full"
    />
  );
  return (
    <article className="flex gap-4 rounded-sm border border-slate-200 bg-white p-4 shadow-xs sm:gap-6 sm:p-6">
      {link ? (
        <Link to={link} tabIndex={-1} aria-hidden="true" className={`block ${coverClass}`}>
          {cover}
        </Link>
      ) : (
        <div className={coverClass}>{cover}</div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
    </article>
  );
}

/**
 * The buttons a card's data carries (docs/product/api.md: `buttons`, each a label and a link),
 * the first one primary; `name` (the card's title) completes each button's accessible name.
 * The API's labels are the spec's English ('View Journal'); each shows in the page's language
 * (its catalogue message). Nothing without buttons.
 */
export function CardButtons({
  buttons,
  name,
  className,
}: {
  buttons: Button[];
  name: string;
  className: string;
}) {
  const t = useT();
  if (buttons.length === 0) return null;
  return (
    <div className={className}>
      {buttons.map((button, i) => (
        <ButtonLink
          key={button.link}
          to={button.link}
          variant={i === 0 ? "primary" : "secondary"}
          hiddenSuffix={name}
        >
          {t(button.label)}
        </ButtonLink>
      ))}
    </div>
  );
}
