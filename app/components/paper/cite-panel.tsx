/**
 * 'Cite this paper' (docs/decisions/186-cite-this-paper.md): a group of radio buttons chooses
 * the style (APA, MLA, Chicago, Harvard, IEEE, Vancouver), the reference in that style is shown
 * below it with a 'Copy citation' button, and links download the BibTeX, RIS and CSL-JSON files.
 *
 * Every reference is formatted on the server (server/services/citation/cite.ts), so the page
 * ships text, not a citation library. The paper pages are not hydrated (decision 240): each
 * radio button carries its style's reference (`data-text`), and app/public/page-script.ts
 * (`[data-cite]`) shows the chosen one and copies it. Without JavaScript the first style shows
 * and the radio buttons are still there; the downloads are plain links either way.
 */
import { useId } from "react";
import type { PaperCitations } from "../../../shared/api.ts";
import { buttonClass, textLinkClass } from "../ui/styles.ts";

export function CitePanel({ citations }: { citations: PaperCitations }) {
  const id = useId();
  const chosen = citations.styles[0];
  if (!chosen) return null;

  return (
    <section aria-labelledby={`${id}-heading`} data-cite="" className="mt-10">
      <h2 id={`${id}-heading`} className="text-xl font-semibold sm:text-2xl">
        Cite this paper
      </h2>
      <fieldset className="mt-3">
        <legend className="sr-only">Citation style</legend>
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
                data-text={s.text}
                data-label={s.label}
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
          data-style={chosen.key}
          className="font-serif text-base leading-relaxed break-words text-slate-900"
        >
          {chosen.text}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            data-cite-copy=""
            className={buttonClass("secondary")}
            aria-describedby={`${id}-text`}
          >
            Copy citation
          </button>
          <span role="status" className="text-sm text-slate-700" />
        </div>
      </div>
      <p className="mt-4 text-sm text-slate-700">
        <span className="font-semibold">Download citation:</span>{" "}
        {citations.files.map((f, i) => (
          <span key={f.format}>
            {i > 0 ? " · " : null}
            <a href={f.href} download className={textLinkClass}>
              {f.label}
            </a>
          </span>
        ))}
      </p>
      <p className="mt-2 text-xs text-slate-500">
        Formatted with{" "}
        <a href="https://citationstyles.org/" className={textLinkClass}>
          Citation Style Language
        </a>{" "}
        styles.
      </p>
    </section>
  );
}
