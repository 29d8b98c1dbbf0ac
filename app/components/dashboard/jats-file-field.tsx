/**
 * The optional JATS full text of the paper forms (issue 18, docs/decisions/288-jats-in-the-paper-forms.md):
 * a JATS XML file (`jats_file`) and the figure images it names (`jats_figures`, several), beside
 * the PDF. The server checks the XML (well-formed, a JATS `<article>`, `MAX_JATS_MB`, no entity
 * declarations) and the images by content, and its message shows under the field it names
 * (`error`, `figuresError`); here only a file that is plainly not XML is refused at once.
 *
 * The files are reported through `onChange`; the inputs are uncontrolled, so a form that wants
 * them emptied gives the field a new `key`.
 *
 * When the paper has a full text (`current`, edit), it is named with a link and a
 * "Remove the HTML full text" button (`onRemove`: the form asks and removes, decision 316). Once
 * an XML file is chosen, "Fill empty fields from this file" (`onFill`, decision 317) lets the form
 * fill its empty fields from it; `note` says what the last fill or removal did.
 */
import { useEffect, useId, useRef, useState } from "react";
import { msg } from "../../../shared/i18n/messages.ts";
import { Trans, useT } from "../../i18n/use-t.tsx";
import { FieldError } from "../forms/field.tsx";
import { Spinner } from "../forms/spinner.tsx";
import { labelClass } from "../forms/styles.ts";
import { buttonClass, textLinkClass } from "../ui/styles.ts";
import { fileInputClass, useCheckedFile } from "./file-choice.ts";
import { ChosenFileHint, RemoveFileButton } from "./file-field-parts.tsx";

export type JatsChoice = { xml: File | null; figures: File[] };

/** Why `file` cannot be sent as a JATS file (a catalogue message), or null when it can. */
export function jatsFileProblem(file: File): string | null {
  const isXml = /\.xml$/i.test(file.name) || /[/+]xml$/.test(file.type);
  if (!isXml) return msg("Choose the JATS full text as an XML file (.xml).");
  if (file.size === 0) return msg("The file is empty. Choose another XML file.");
  return null;
}

export function JatsFileField({
  error,
  figuresError,
  current,
  onRemove,
  removing = false,
  onFill,
  filling = false,
  note,
  onChange,
}: {
  /** A message from the server about the XML file. */
  error?: string;
  /** A message from the server about the figure images. */
  figuresError?: string;
  /** The paper's HTML full text (edit), when it has one: a new file replaces it. */
  current?: string;
  /** Asks, then removes the current full text. */
  onRemove?: () => void;
  /** The removal is under way. */
  removing?: boolean;
  /** Fills the form's empty fields from the chosen XML file. */
  onFill?: (file: File) => void;
  /** The file is being read for the fill. */
  filling?: boolean;
  /** What the last fill or removal did (a status message, translated). */
  note?: string;
  onChange: (choice: JatsChoice) => void;
}) {
  const t = useT();
  const id = useId();
  const { problem, choose } = useCheckedFile(jatsFileProblem);
  const [choice, setChoice] = useState<JatsChoice>({ xml: null, figures: [] });
  // A removal takes the focused button away with the full text: focus goes on to the XML input,
  // the next control (WCAG 2.4.3), as after removing the PDF (pdf-file-field.tsx), while the
  // status region announces what was done (4.1.3).
  const xmlRef = useRef<HTMLInputElement>(null);
  const hadFullText = useRef(Boolean(current));
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (hadFullText.current && !current && lost) xmlRef.current?.focus();
    hadFullText.current = Boolean(current);
  }, [current]);

  const update = (next: JatsChoice) => {
    setChoice(next);
    onChange(next);
  };
  const onXml = (event: React.ChangeEvent<HTMLInputElement>) => {
    update({ ...choice, xml: choose(event) });
  };
  const onFigures = (event: React.ChangeEvent<HTMLInputElement>) => {
    update({ ...choice, figures: Array.from(event.target.files ?? []) });
  };

  const shown = problem ?? error;
  return (
    <fieldset className="space-y-3">
      <legend className={labelClass}>
        {t("Full text in JATS XML")}{" "}
        <span className="font-normal text-slate-500">{t("(optional)")}</span>
      </legend>
      {current ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          <p>
            <Trans
              id="This paper has an <0>HTML full text</0>."
              components={{
                // biome-ignore lint/a11y/useAnchorContent: Trans gives the link its (translated) text
                0: <a href={current} className={textLinkClass} target="_blank" rel="noopener" />,
              }}
            />
          </p>
          {onRemove ? (
            <RemoveFileButton
              label={t("Remove the HTML full text")}
              onRemove={onRemove}
              removing={removing}
            />
          ) : null}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-xml`} className="text-sm text-slate-700">
          {t("JATS XML file")}
        </label>
        <input
          ref={xmlRef}
          id={`${id}-xml`}
          name="jats_file"
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
          onChange={onXml}
          className={fileInputClass}
        />
        <ChosenFileHint id={`${id}-hint`} file={choice.xml}>
          {current
            ? t("A new file replaces the current full text.")
            : t(
                "Readers get the paper as HTML, with its sections, figures, tables and references.",
              )}
        </ChosenFileHint>
        <FieldError id={`${id}-error`} message={shown} />
        {choice.xml && onFill ? (
          <button
            type="button"
            onClick={() => choice.xml && onFill(choice.xml)}
            disabled={filling}
            className={buttonClass("secondary", "mt-3")}
          >
            {filling ? <Spinner /> : null}
            {filling ? t("Reading the file…") : t("Fill empty fields from this file")}
          </button>
        ) : null}
        {/* always on the page, so that what is put in it is announced */}
        <p role="status" className="mt-2 text-sm text-slate-700 empty:hidden">
          {note}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-figures`} className="text-sm text-slate-700">
          {t("Figure images named by the JATS file")}
        </label>
        <input
          id={`${id}-figures`}
          name="jats_figures"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          aria-invalid={figuresError ? true : undefined}
          aria-describedby={figuresError ? `${id}-figures-error` : undefined}
          onChange={onFigures}
          className={fileInputClass}
        />
        <FieldError id={`${id}-figures-error`} message={figuresError} />
      </div>
    </fieldset>
  );
}
