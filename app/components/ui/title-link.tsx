import type { ReactNode } from "react";
import { Link } from "./link.tsx";
import { titleLinkClass } from "./styles.ts";

/**
 * The title of a card or list item (a journal, an issue, a paper, a search hit): a semibold,
 * snugly leaded heading whose whole text links to the item's page in the shared title link look
 * (`titleLinkClass`). `as` is the heading's level (`h3` unless told); `className` its size
 * (`text-lg` unless told) and spacing; `id` lets the item name itself by its title
 * (`aria-labelledby`).
 */
export function TitleLink({
  as: Heading = "h3",
  to,
  id,
  className = "text-lg",
  children,
}: {
  as?: "h2" | "h3";
  to: string;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Heading id={id} className={`${className} leading-snug font-semibold`}>
      <Link to={to} className={titleLinkClass}>
        {children}
      </Link>
    </Heading>
  );
}
