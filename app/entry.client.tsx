/**
 * The browser entry of the pages React hydrates (the dashboard, sign-in and account pages;
 * decision 240): React Router's default, with the site's custom elements (app/elements.ts,
 * decision 292) defined before hydration, so the components that the public pages share
 * (header menu, editorial board) behave the same here.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { defineElements } from "./elements.ts";

defineElements();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
