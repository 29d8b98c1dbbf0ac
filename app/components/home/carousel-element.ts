/**
 * `<ath-carousel>`: the moving part of the home page's partner carousel (./partner-carousel.tsx)
 * as a custom element next to its component (decision 292). Swiper (./partner-swiper.ts) is
 * fetched only when the carousel comes within 400 px of the viewport (decision 107) and started
 * on the server's markup; the Pause/Play button ({@link CAROUSEL_ELEMENT}.label names its text)
 * stops and restarts autoplay, also before Swiper has loaded; focus inside pauses it like the
 * pointer does; readers who ask for reduced motion get no autoplay (decision 044).
 *
 * The button's words, in the page's language, are the server's (public pages have no catalogue
 * in the browser; decision 382): its text and name for either state come in the attributes
 * {@link CAROUSEL_ELEMENT}.pauseText, playText, pauseName and playName of the button.
 *
 * Safe to import anywhere: the class is made only by {@link defineCarousel}, in a browser.
 */

/** The names the component and the element share. */
export const CAROUSEL_ELEMENT = {
  tag: "ath-carousel",
  /** On the span that says "Pause" or "Play". */
  label: "data-carousel-label",
  /** On the button: its visible text and its name (`aria-label`) while playing and paused. */
  pauseText: "data-pause-text",
  playText: "data-play-text",
  pauseName: "data-pause-name",
  playName: "data-play-name",
} as const;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
/** How close (px) the carousel comes to the viewport before Swiper is fetched and started. */
const LOAD_MARGIN = "400px 0px";

type Autoplay = { stop(): void; start(): void; pause(): void; resume(): void };

/** Defines `<ath-carousel>` in `registry` (once). */
export function defineCarousel(registry: CustomElementRegistry = customElements): void {
  if (registry.get(CAROUSEL_ELEMENT.tag)) return;

  class CarouselElement extends HTMLElement {
    #autoplay: Autoplay | null = null;
    #playing = true;
    #motion = window.matchMedia(REDUCED_MOTION);
    #observer: IntersectionObserver | null = null;
    #applyMotion = () => {
      if (!this.#motion.matches) return;
      this.#autoplay?.stop();
      this.#show(false);
    };

    constructor() {
      super();
      this.addEventListener("click", (event) => {
        if (!(event.target as Element).closest("button[aria-pressed]")) return;
        if (this.#playing) this.#autoplay?.stop();
        else this.#autoplay?.start();
        this.#show(!this.#playing);
      });
      // Keyboard users get the same pause as pointer users while focus is inside the carousel.
      this.addEventListener("focusin", () => this.#autoplay?.pause());
      this.addEventListener("focusout", (event) => {
        if (!this.contains(event.relatedTarget as Node | null)) this.#autoplay?.resume();
      });
    }

    connectedCallback(): void {
      this.#applyMotion();
      this.#motion.addEventListener("change", this.#applyMotion);
      const element = this.querySelector<HTMLElement>(".swiper");
      if (!element || this.#autoplay) return;
      this.#observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          this.#observer?.disconnect();
          import("./partner-swiper.ts").then(
            (module) => {
              const play = this.#playing && !this.#motion.matches;
              this.#autoplay = module.startCarousel(element, play).autoplay;
            },
            // Offline or a stale deployment: the still row stays, which is a fine carousel too.
            () => {},
          );
        },
        { rootMargin: LOAD_MARGIN },
      );
      this.#observer.observe(this);
    }

    disconnectedCallback(): void {
      this.#observer?.disconnect();
      this.#motion.removeEventListener("change", this.#applyMotion);
    }

    #show(play: boolean): void {
      this.#playing = play;
      const button = this.querySelector("button[aria-pressed]");
      if (!button) return;
      button.setAttribute("aria-pressed", String(!play));
      const name = button.getAttribute(
        play ? CAROUSEL_ELEMENT.pauseName : CAROUSEL_ELEMENT.playName,
      );
      if (name) button.setAttribute("aria-label", name);
      const label = button.querySelector(`[${CAROUSEL_ELEMENT.label}]`);
      const text = button.getAttribute(
        play ? CAROUSEL_ELEMENT.pauseText : CAROUSEL_ELEMENT.playText,
      );
      if (label && text) label.textContent = text;
    }
  }

  registry.define(CAROUSEL_ELEMENT.tag, CarouselElement);
}
