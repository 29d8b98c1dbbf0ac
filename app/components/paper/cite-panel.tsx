/**
 * 'Cite this paper' (docs/decisions/186-cite-this-paper.md, 245): a group of radio buttons
 * chooses the style (APA, MLA, Chicago, Harvard, IEEE, Vancouver), the reference in that style
 * is shown below it with a 'Copy citation' button, and links download the BibTeX, RIS and
 * CSL-JSON files; below them, the paper's JATS as published and the generated JATS 1.1
 * (decision 474).
 *
 * The page carries the style choices and the links only: the references are formatted on the
 * server off the request thread and fetched from `{paper page}/citations.json` when the panel
 * nears the viewport, with 'Loading references…' meanwhile and an error with 'Try again' when
 * that fails. This renders the markup; the `<ath-cite>` element around it (./cite-element.ts,
 * decision 292) fetches, shows the chosen style's reference and copies it, with no React state.
 * Without JavaScript the panel says the references need it; the downloads are plain links
 * either way. Every text is in the page's language, the element's too: the page has no catalogue
 * in the browser, so what the element says is rendered here into its `data-*-label` attributes
 * (decision 382). Style and file format names (APA, BibTeX…) are names, not translated.
 */
import { createElement, useId } from "react";
import type { PaperCitations } from "../../../shared/api.ts";
import { Trans, useT } from "../../i18n/use-t.tsx";
import { TitledSection } from "../ui/heading.tsx";
import { buttonClass, textLinkClass } from "../ui/styles.ts";
import { CITE } from "./cite-element.ts";

/** The link in 'Formatted with <0>Citation Style Language</0> styles.' (`Trans` fills it in). */
// biome-ignore lint/a11y/useAnchorContent: Trans puts the message's words inside
const CSL_LINK = <a href="https://citationstyles.org/" className={textLinkClass} />;

export function CitePanel({ citations }: { citations: PaperCitations }) {
  const t = useT();
  const id = useId();
  const chosen = citations.styles[0];
  if (!chosen) return null;

  return createElement(
    CITE.tag,
    {
      className: "mt-10 block",
      [CITE.references]: citations.references,
      [CITE.loadingLabel]: t("Loading references…"),
      [CITE.failedLabel]: t("The formatted references could not be loaded."),
      [CITE.copyFailedLabel]: t("Could not copy: select the text and copy it."),
    },
    <TitledSection headingId={`${id}-heading`} title={t("Cite this paper")}>
      <fieldset className="mt-3">
        <legend className="sr-only">{t("Citation style")}</legend>
        <div className="flex flex-wrap gap-2">
          {citations.styles.map((s) => (
            <label
              key={s.key}
              className="cursor-pointer rounded-sm border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 has-checked:border-brand-800 has-checked:bg-brand-800 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 hover:border-brand-700"
            >
              <input
                type="radio"
                name={`${id}-style`}
                value={s.key}
                defaultChecked={s.key === chosen.key}
                {...{ [CITE.copiedLabel]: t("{style} citation copied.", { style: s.label }) }}
                className="sr-only"
              />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 rounded-sm border border-slate-200 bg-slate-50 p-4">
        <p
          id={`${id}-text`}
          aria-live="polite"
          {...{ [CITE.style]: chosen.key }}
          data-state="idle"
          className="font-serif text-base leading-relaxed break-words text-slate-900"
        >
          <noscript>
            <span className="font-sans text-sm text-slate-700">
              {t(
                "The formatted references need JavaScript. The BibTeX, RIS and CSL-JSON downloads below work without it.",
              )}
            </span>
          </noscript>
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            {...{ [CITE.retry]: "" }}
            hidden
            className={buttonClass("secondary")}
          >
            {t("Try again")}
          </button>
          <button
            type="button"
            {...{ [CITE.copy]: "" }}
            hidden
            className={buttonClass("secondary")}
            aria-describedby={`${id}-text`}
          >
            {t("Copy citation")}
          </button>
          <span role="status" className="text-sm text-slate-700" />
        </div>
      </div>
      <p className="mt-4 text-sm text-slate-700">
        <span className="font-semibold">{t("Download citation:")}</span>{" "}
        {citations.files.map((f, i) => (
          <span key={f.format}>
            {i > 0 ? " · " : null}
            <a href={f.href} download className={textLinkClass}>
              {f.label}
            </a>
          </span>
        ))}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold">{t("JATS XML:")}</span>{" "}
        <a href={citations.jats.published} className={textLinkClass}>
          {t("as published")}
        </a>
        {" · "}
        <a href={citations.jats.generated} className={textLinkClass}>
          {t("JATS 1.1 (valid against its DTD)")}
        </a>
      </p>
      <p className="mt-2 text-xs text-slate-500">
        <Trans
          id="Formatted with <0>Citation Style Language</0> styles."
          components={{ 0: CSL_LINK }}
        />
      </p>
    </TitledSection>,
  );
}
