/**
 * The alt text dialog of an image (stamp) annotation (docs/product/data.md: alt text data altText and
 * decorative; issue 9). pdf.js's editor calls its alt text manager when an image is added and when
 * the image's alt text button is pressed (session.ts); this modal `<dialog>` is that manager's
 * face, worded with pdf.js's own en-US strings (catalogue messages, in the page's language). Save
 * resolves with the text, Cancel or Escape with `null` (pdf.js then keeps the previous alt text).
 */
import { useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/use-t.tsx";
import { buttonClass } from "../ui/styles.ts";
import type { AltTextData } from "./session.ts";

export type AltTextDialogProps = {
  /** The image's current alt text. */
  current: AltTextData;
  onSave: (data: AltTextData) => void;
  onCancel: () => void;
};

export function AltTextDialog({ current, onSave, onCancel }: AltTextDialogProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [altText, setAltText] = useState(current.altText);
  const [decorative, setDecorative] = useState(current.decorative);
  const titleId = useId();
  const descriptionId = useId();
  const fieldId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const editing = Boolean(current.altText) || current.decorative;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ altText: decorative ? "" : altText.trim(), decorative });
        }}
      >
        <h2 id={titleId} className="mb-1 font-serif text-lg font-semibold">
          {editing ? t("Edit alt text (image description)") : t("Add alt text (image description)")}
        </h2>
        <p id={descriptionId} className="mb-3 text-sm text-slate-700">
          {t(
            "Short description for people who can’t see the image or when the image doesn’t load.",
          )}
        </p>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          {t("Description")}
        </label>
        <textarea
          id={fieldId}
          rows={3}
          autoFocus
          disabled={decorative}
          placeholder={t("Write your description here…")}
          value={altText}
          onChange={(event) => setAltText(event.target.value)}
          className="mt-1 block w-full rounded border border-slate-400 px-3 py-2 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-600 disabled:bg-slate-100"
        />
        <label className="mt-3 flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-1"
            checked={decorative}
            onChange={(event) => setDecorative(event.target.checked)}
          />
          <span>
            {t("Mark as decorative")}
            <span className="block text-slate-600">
              {t("This is used for ornamental images, like borders or watermarks.")}
            </span>
          </span>
        </label>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
            {t("Cancel")}
          </button>
          <button
            type="submit"
            className={buttonClass("primary")}
            disabled={!decorative && !altText.trim()}
          >
            {t("Save")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
