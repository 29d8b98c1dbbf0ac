/**
 * The Paper File field of the paper forms (docs/product/screens.md): a labelled file input for one PDF
 * (docs/product/files.md: PDF only; the server checks the content again, a renamed file is a 415 and
 * one over `MAX_PDF_MB` a 413). Anything that is not a PDF by type or name is refused at once
 * with a message under the field. On edit, the current file is named with a link to it
 * (`current`), with `note` when its text was cut at the limits of one paper (decision 271), and
 * choosing a file replaces it. With `onRemove`, a "Remove the PDF" button beside the current file
 * lets the form ask and remove it (issue 34, decision 510); `removing` while that is under way,
 * and `removedNote` says what the last removal did.
 *
 * The file is reported through `onFile` (null when cleared or refused); the input itself is
 * uncontrolled, so a form that wants it emptied gives it a new `key`. Its messages are catalogue
 * messages, translated where shown; a file's size is written in the page's language.
 */
import { useEffect, useId, useRef, useState } from "react";
import { msg } from "../../../shared/i18n/messages.ts";
import { Trans, useT } from "../../i18n/use-t.tsx";
import { FieldError } from "../forms/field.tsx";
import { FormNote } from "../forms/form-message.tsx";
import { labelClass } from "../forms/styles.ts";
import { textLinkClass } from "../ui/styles.ts";
import { fileInputClass, useCheckedFile } from "./file-choice.ts";
import { ChosenFileHint, RemoveFileButton } from "./file-field-parts.tsx";

export const PDF_ACCEPT = "application/pdf,.pdf";

/** Why `file` cannot be sent as the paper's PDF (a catalogue message), or null when it can. */
export function pdfFileProblem(file: File): string | null {
  const isPdf = file.type ? file.type === "application/pdf" : /\.pdf$/i.test(file.name);
  if (!isPdf) return msg("Choose the paper as a PDF file.");
  if (file.size === 0) return msg("The file is empty. Choose another PDF.");
  return null;
}

export function PdfFileField({
  label,
  required,
  error,
  current,
  note,
  onRemove,
  removing = false,
  removedNote,
  onFile,
}: {
  /** Translated; default 'Paper File'. */
  label?: string;
  required: boolean;
  /** A message from the form or the server; shown under the field. */
  error?: string;
  /** The PDF stored now (edit): its URL, linked as the current file. */
  current?: string;
  /** What to know about the current file (its text was cut), shown under its name. */
  note?: string;
  /** Asks, then removes the current PDF (edit; decision 510). */
  onRemove?: () => void;
  /** The removal is under way. */
  removing?: boolean;
  /** What the last removal did (a status message, translated). */
  removedNote?: string;
  onFile: (file: File | null) => void;
}) {
  const t = useT();
  const id = useId();
  const { problem, choose } = useCheckedFile(pdfFileProblem);
  const [chosen, setChosen] = useState<File | null>(null);
  // the removal took the focused button away: focus goes on to the file input, the next control
  // (WCAG 2.4.3), while the status region, always on the page, announces what was done (4.1.3)
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (removedNote) inputRef.current?.focus();
  }, [removedNote]);

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const usable = choose(event);
    setChosen(usable);
    onFile(usable);
  };

  const shown = problem ?? error;
  const hint = current
    ? t("Choose a PDF only to replace the current file.")
    : t("The full text as one PDF file.");
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label ?? t("Paper File")}
        {required ? null : <span className="font-normal text-slate-500"> {t("(optional)")}</span>}
      </label>
      {current ? (
        <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          <p className="min-w-0">
            <Trans
              id="Current file: <0>{name}</0>"
              values={{ name: decodeURIComponent(current.split("/").at(-1) ?? "document.pdf") }}
              components={{
                0: (
                  // biome-ignore lint/a11y/useAnchorContent: Trans gives the link its text (the file name)
                  <a
                    href={current}
                    target="_blank"
                    rel="noopener"
                    className={`${textLinkClass} break-all`}
                  />
                ),
              }}
            />
          </p>
          {onRemove ? (
            <RemoveFileButton label={t("Remove the PDF")} onRemove={onRemove} removing={removing} />
          ) : null}
        </div>
      ) : null}
      {onRemove ? (
        <p role="status" className="mb-2 text-sm text-slate-700 empty:hidden">
          {removedNote}
        </p>
      ) : null}
      {current ? <FormNote message={note} className="mb-2" /> : null}
      <input
        ref={inputRef}
        id={id}
        name="paper_file"
        type="file"
        accept={PDF_ACCEPT}
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
        onChange={onChange}
        className={fileInputClass}
      />
      <ChosenFileHint id={`${id}-hint`} file={chosen}>
        {hint}
      </ChosenFileHint>
      <FieldError id={`${id}-error`} message={shown} />
    </div>
  );
}
