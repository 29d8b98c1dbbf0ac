/**
 * The one script of the public pages that React does not hydrate (docs/decisions/240-unhydrated-
 * public-pages.md): it defines the site's custom elements (app/elements.ts, decision 292), which
 * give the server-rendered components their behaviour (menu, accordion, editorial board,
 * carousel, 'Cite this paper', the PDF reader), as they do on the hydrated pages. Then it marks
 * the header `data-hydrated`, as hydration does elsewhere.
 */
import { defineElements } from "../elements.ts";
import { keepFocusInView } from "../lib/focus-in-view.ts";

defineElements();
keepFocusInView();
document.querySelector("header")?.setAttribute("data-hydrated", "");
