/**
 * The browser entry of the pages React hydrates (the dashboard, sign-in and account pages;
 * decision 240): React Router's default, with the site's custom elements (app/elements.ts,
 * decision 292) defined before hydration, so the components that the public pages share
 * (header menu, editorial board) behave the same here.
 */

import catalogues from "virtual:athenaeum/catalogues";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale, PSEUDO_LOCALE } from "../shared/i18n/locales.ts";
import { registerCatalogue } from "../shared/i18n/translator.ts";
import { defineElements } from "./elements.ts";
import { keepFocusInView } from "./lib/focus-in-view.ts";

defineElements();
keepFocusInView();

// The page's language (its `<html lang>`), whose catalogue must be in place before React
// renders what the server rendered in it (decision 382).
const lang = document.documentElement.lang;
const locale = isLocale(lang) || lang === PSEUDO_LOCALE ? lang : DEFAULT_LOCALE;
registerCatalogue(locale, (await catalogues[locale]!()).default);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
