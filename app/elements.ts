/**
 * Every custom element of the site (decision 292): the behaviours of server-rendered components
 * that React does not run on the public pages (decision 240), each defined next to its component
 * with the names both use. Called by the public pages' script (app/public/page-script.ts) and
 * before hydration on the others (app/entry.client.tsx), so a component behaves the same on
 * both kinds of page.
 */
import { defineCarousel } from "./components/home/carousel-element.ts";
import { defineMenu } from "./components/layout/menu-element.ts";
import { defineCite } from "./components/paper/cite-element.ts";
import { defineReader } from "./components/paper/reader-element.ts";
import { defineDisclosure } from "./components/ui/disclosure-element.ts";

/** Defines the site's custom elements in this window (each once). */
export function defineElements(): void {
  defineMenu();
  defineDisclosure();
  defineCarousel();
  defineCite();
  defineReader();
}
