/**
 * The one script of the public pages that React does not hydrate (docs/decisions/240-unhydrated-
 * public-pages.md): a few KB without React that wire the interactive parts the server rendered
 * (docs/product/screens.md, docs/product/states.md). Each part is found by a `data-` attribute its
 * component writes, and works on the same markup React would:
 *
 * - `[data-menu-toggle]` (site header): the phone menu opens and closes (`aria-expanded`, its
 *   label; CSS shows the menu and the icons), and Escape closes it.
 * - `[data-accordion]` (journal page): one panel open or none; `[data-disclosure]` (editorial
 *   board): open or closed.
 * - `[data-carousel]` (home page): Swiper fetched only when the carousel nears the viewport
 *   (./partner-swiper.ts, decision 107), with the Pause/Play button of decision 044.
 * - `[data-cite]` (paper pages): the references fetched when the panel nears the viewport
 *   (decision 245), the chosen style's reference and 'Copy citation' (decision 186).
 * - `[data-reader]` (paper pages): 'Open Full Text (PDF)' mounts the PDF viewer
 *   (./reader.tsx, fetched on that click), whose 'Close' goes back to the abstract.
 *
 * When all is wired, the header gets `data-hydrated`, as hydration gives it on other pages.
 */

/** Sets a disclosure button's state and shows or hides the panel it controls. */
function setExpanded(button: HTMLElement, expanded: boolean): void {
  button.setAttribute("aria-expanded", String(expanded));
  const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (panel) panel.hidden = !expanded;
}

function wireMenu(toggle: HTMLButtonElement): void {
  // The menu and the icons follow the button's state through CSS (`peer-aria-expanded`).
  const set = (open: boolean) => {
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  };
  toggle.addEventListener("click", () => set(toggle.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") set(false);
  });
}

function wireAccordions(): void {
  for (const box of document.querySelectorAll<HTMLElement>("[data-accordion]")) {
    const buttons = [
      ...box.querySelectorAll<HTMLButtonElement>(
        ":scope > div > :is(h2, h3) > button[aria-controls]",
      ),
    ];
    for (const button of buttons) {
      button.addEventListener("click", () => {
        const opening = button.getAttribute("aria-expanded") !== "true";
        for (const other of buttons) setExpanded(other, opening && other === button);
      });
    }
  }
  for (const box of document.querySelectorAll<HTMLElement>("[data-disclosure]")) {
    const button = box.querySelector<HTMLButtonElement>(
      ":scope > :is(h2, h3) > button[aria-controls]",
    );
    button?.addEventListener("click", () =>
      setExpanded(button, button.getAttribute("aria-expanded") !== "true"),
    );
  }
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
/** How close (px) the carousel comes to the viewport before Swiper is fetched and started. */
const LOAD_MARGIN = "400px 0px";

function wireCarousel(box: HTMLElement): void {
  const button = box.querySelector<HTMLButtonElement>("button[aria-pressed]");
  const label = box.querySelector<HTMLElement>("[data-carousel-label]");
  const element = box.querySelector<HTMLElement>(".swiper");
  if (!button || !label || !element) return;
  type Autoplay = { stop(): void; start(): void; pause(): void; resume(): void };
  let autoplay: Autoplay | null = null;
  let playing = true;
  const show = (play: boolean) => {
    playing = play;
    button.setAttribute("aria-pressed", String(!play));
    label.textContent = play ? "Pause" : "Play";
  };
  button.addEventListener("click", () => {
    if (playing) autoplay?.stop();
    else autoplay?.start();
    show(!playing);
  });
  const motion = window.matchMedia(REDUCED_MOTION);
  const applyMotion = () => {
    if (!motion.matches) return;
    autoplay?.stop();
    show(false);
  };
  applyMotion();
  motion.addEventListener("change", applyMotion);
  // Keyboard users get the same pause as pointer users while focus is inside the carousel.
  box.addEventListener("focusin", () => autoplay?.pause());
  box.addEventListener("focusout", (event) => {
    if (!box.contains(event.relatedTarget as Node | null)) autoplay?.resume();
  });
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      import("./partner-swiper.ts").then(
        (module) => {
          autoplay = module.startCarousel(element, playing && !motion.matches).autoplay;
        },
        // Offline or a stale deployment: the still row stays, which is a fine carousel too.
        () => {},
      );
    },
    { rootMargin: LOAD_MARGIN },
  );
  observer.observe(box);
}

type StyleText = { key: string; label: string; text: string };

/**
 * GETs the panel's `{paper page}/citations.json` (decision 245's contract, as
 * app/components/paper/citation-references.ts reads it for React, which this script must not
 * load) and returns its styles. @throws Error on a failure or another shape.
 */
async function fetchReferences(url: string): Promise<StyleText[]> {
  const res = await fetch(url, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const styles = ((await res.json()) as { styles?: unknown })?.styles;
  const valid =
    Array.isArray(styles) &&
    styles.every(
      (s: Record<string, unknown>) =>
        typeof s?.key === "string" && typeof s.label === "string" && typeof s.text === "string",
    );
  if (!valid) throw new Error("Unexpected answer");
  return styles as StyleText[];
}

/** A short note in the reference's place (loading, or the failure), in the sans font. */
function note(text: string, colour: string): HTMLSpanElement {
  const span = document.createElement("span");
  span.className = `font-sans text-sm ${colour}`;
  span.textContent = text;
  return span;
}

function wireCitations(panel: HTMLElement): void {
  const url = panel.dataset.references;
  const text = panel.querySelector<HTMLElement>("p[data-style]");
  const status = panel.querySelector<HTMLElement>("[role=status]");
  const copy = panel.querySelector<HTMLButtonElement>("[data-cite-copy]");
  const retry = panel.querySelector<HTMLButtonElement>("[data-cite-retry]");
  if (!url || !text || !status || !copy || !retry) return;
  const chosen = () => panel.querySelector<HTMLInputElement>("input[type=radio]:checked");
  let styles: StyleText[] | null = null;
  const show = () => {
    const input = chosen();
    if (!input) return;
    text.dataset.style = input.value;
    if (!styles) return;
    const found = styles.find((s) => s.key === input.value);
    if (found) text.textContent = found.text;
    else
      text.replaceChildren(note("The formatted references could not be loaded.", "text-red-800"));
    copy.hidden = !found;
  };
  const load = () => {
    text.dataset.state = "loading";
    text.setAttribute("aria-busy", "true");
    text.replaceChildren(note("Loading references…", "text-slate-600"));
    retry.hidden = true;
    copy.hidden = true;
    fetchReferences(url).then(
      (answer) => {
        styles = answer;
        text.dataset.state = "ready";
        text.setAttribute("aria-busy", "false");
        show();
      },
      () => {
        text.dataset.state = "failed";
        text.setAttribute("aria-busy", "false");
        text.replaceChildren(note("The formatted references could not be loaded.", "text-red-800"));
        retry.hidden = false;
      },
    );
  };
  retry.addEventListener("click", load);
  // Fetched when the panel comes within 400 px of the viewport, not with the page.
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: "400px 0px" },
  );
  observer.observe(panel);
  panel.addEventListener("change", () => {
    show();
    status.textContent = "";
  });
  copy.addEventListener("click", async () => {
    const label = chosen()?.dataset.label ?? "";
    try {
      await navigator.clipboard.writeText(text.textContent ?? "");
      status.textContent = `${label} citation copied.`;
    } catch {
      status.textContent = "Could not copy: select the text and copy it.";
    }
  });
}

function wireReader(article: HTMLElement): void {
  const open = article.querySelector<HTMLButtonElement>("[data-reader-open]");
  const slot = article.querySelector<HTMLElement>("[data-reader-slot]");
  const abstract = article.querySelector<HTMLElement>("[data-reader-abstract]");
  if (!open || !slot || !abstract) return;
  // The abstract view's parts that the reading view replaces: the buttons and the abstract.
  const parts = [...(open.parentElement?.children ?? [])] as HTMLElement[];
  const reading = (on: boolean) => {
    for (const part of [...parts, abstract]) part.hidden = on;
    slot.hidden = !on;
  };
  open.addEventListener("click", () => {
    reading(true);
    const view = document.createElement("div");
    slot.append(view);
    // pdf.js and the viewer's session code are fetched alongside React and the viewer, not
    // after them (the viewer asks for the same modules once mounted; a failure is its to show).
    import("../components/pdf-viewer/session.ts").catch(() => {});
    import("../components/pdf-viewer/pdfjs.ts").then(
      (module) => module.loadPdfjs().catch(() => {}),
      () => {},
    );
    import("./reader.tsx").then(
      (module) =>
        module.mountReader(view, {
          url: open.dataset.url ?? "",
          title: open.dataset.title ?? "",
          onClose: () => {
            view.remove();
            reading(false);
            open.focus();
          },
        }),
      () => {
        // Offline or a stale deployment: back to the abstract, where 'Download PDF' still works.
        view.remove();
        reading(false);
      },
    );
  });
}

const toggle = document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
if (toggle) wireMenu(toggle);
wireAccordions();
for (const box of document.querySelectorAll<HTMLElement>("[data-carousel]")) wireCarousel(box);
for (const panel of document.querySelectorAll<HTMLElement>("[data-cite]")) wireCitations(panel);
for (const article of document.querySelectorAll<HTMLElement>("[data-reader]")) wireReader(article);
toggle?.closest("header")?.setAttribute("data-hydrated", "");
