/**
 * The image file fields of the dashboard forms (Cover Image, Journal Cover Image, a partner's
 * logo): a labelled file input that accepts the image types the server accepts
 * (docs/product/files.md: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB), refuses anything else at once with a message
 * under the field, and shows a small preview of the chosen image, or else of the current one
 * (`currentSrc`, on edit). The server checks the content again (a renamed file is a 415 there).
 *
 * The file is reported through `onFile` (null when cleared or refused); the input itself is
 * uncontrolled, so a form that wants it emptied gives it a new `key`
 * (docs/decisions/075-dashboard-image-fields.md). `useImageChoice` holds what a form keeps of
 * its one image field: the chosen file, the message under the field and that key. Its messages
 * and hints are catalogue messages (`msg`), translated where shown (decision 382).
 */
import { useEffect, useId, useRef, useState } from "react";
import { msg } from "../../../shared/i18n/messages.ts";
import { derivativeSrcSet } from "../../../shared/images.ts";
import { useT } from "../../i18n/use-t.tsx";
import { FieldError } from "../forms/field.tsx";
import { hintClass, labelClass } from "../forms/styles.ts";
import { fileInputClass, useCheckedFile } from "./file-choice.ts";

/** MIME types of docs/product/files.md, and the extensions some systems report instead. */
export const IMAGE_ACCEPT =
  "image/jpeg,image/png,image/webp,image/gif,image/avif,.jpg,.jpeg,.png,.webp,.gif,.avif";
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif|avif)$/i;

/** Largest image the server accepts (server/services/images.ts MAX_IMAGE_BYTES). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why `file` cannot be sent as an image (a catalogue message), or null when it can. */
export function imageFileProblem(file: File): string | null {
  const typeOk = file.type ? IMAGE_TYPES.has(file.type) : IMAGE_EXTENSIONS.test(file.name);
  if (!typeOk) return msg("Choose a JPEG, PNG, WebP, GIF or AVIF image.");
  if (file.size > MAX_IMAGE_BYTES) {
    return msg("The image is too large. Choose one of at most 5 MB.");
  }
  if (file.size === 0) return msg("The file is empty. Choose another image.");
  return null;
}

const NOT_AN_IMAGE = msg(
  "This file is not an image that can be shown. Choose a JPEG, PNG, WebP, GIF or AVIF image.",
);

/**
 * The hint of a cover or logo field (a catalogue message): on a new item the accepted types and
 * size and the shape that looks best; on edit (`replacing`), that a chosen file replaces the
 * current image.
 */
export function imageHint(what: "cover" | "logo", replacing: boolean): string {
  if (replacing) {
    return what === "cover"
      ? msg(
          "Choose a file only to replace the current cover: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.",
        )
      : msg(
          "Choose a file only to replace the current logo: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.",
        );
  }
  return what === "cover"
    ? msg("JPEG, PNG, WebP, GIF or AVIF, at most 5 MB; portrait 3:4 looks best.")
    : msg("JPEG, PNG, WebP, GIF or AVIF, at most 5 MB; a square logo looks best.");
}

/** What `useImageChoice` gives a form; `field` is spread onto its `ImageFileField`. */
export type ImageChoice = {
  /** The chosen image, or null (none chosen, cleared, or refused by the browser check). */
  file: File | null;
  /**
   * Whether the form may be sent as far as the image goes: true when a file is chosen or none
   * is required; else false, and the field shows the `missing` message.
   */
  ready: () => boolean;
  /**
   * react-hook-form's two `handleSubmit` callbacks for a form holding this image beside its
   * values: both run `before` (e.g. clearing the form's message) and check the image, so a
   * missing image is shown together with the field messages; `send` runs only when the values
   * are valid and the image is ready. Use: `handleSubmit(...image.checkedSubmit(send, before))`.
   */
  checkedSubmit: <V>(
    send: (values: V) => void,
    before?: () => void,
  ) => [valid: (values: V) => void, invalid: () => void];
  /** Shows the server's message for the image field (undefined: none). */
  showError: (message: string | undefined) => void;
  /** Forgets the chosen file and empties the input (after a save that keeps the form open). */
  clear: () => void;
  /** Remounts the input when it changes: give it to `ImageFileField` as its `key`. */
  key: number;
  field: {
    required: boolean;
    optional: boolean;
    error: string | undefined;
    onFile: (file: File | null) => void;
  };
};

/**
 * The state of a dashboard form's one image (a journal's or issue's cover, a partner's logo):
 * required on create and optional on edit (docs/product/files.md). Sent without a required
 * file, the form shows `missing` under the field (`ready()`); choosing a file takes the message
 * away, whether it was the form's or the server's.
 */
export function useImageChoice({
  required,
  missing = msg("Choose an image."),
}: {
  required: boolean;
  /**
   * The message shown when a required image is not chosen (a catalogue message), e.g. 'Choose a
   * cover image for …'.
   */
  missing?: string;
}): ImageChoice {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [key, setKey] = useState(0);
  const ready = () => {
    if (!required || file) return true;
    setError(missing);
    return false;
  };
  return {
    file,
    ready,
    checkedSubmit: (send, before) => [
      (values) => {
        before?.();
        if (ready()) send(values);
      },
      () => {
        before?.();
        ready();
      },
    ],
    showError: setError,
    clear: () => {
      setFile(null);
      setError(undefined);
      setKey((k) => k + 1);
    },
    key,
    field: {
      required,
      optional: !required,
      error,
      onFile: (chosen) => {
        setFile(chosen);
        if (chosen) setError(undefined);
      },
    },
  };
}

export function ImageFileField({
  label,
  required = false,
  optional = false,
  error,
  hint,
  currentSrc,
  previewShape = "cover",
  onFile,
  name,
}: {
  /** Translated, as `hint`. */
  label: string;
  required?: boolean;
  optional?: boolean;
  /** A message from the form or the server; shown under the field, translated. */
  error?: string;
  hint?: string;
  /** The image stored now (edit forms), previewed until another is chosen. */
  currentSrc?: string | null;
  /** `cover` previews 3:4, `logo` a square. */
  previewShape?: "cover" | "logo";
  onFile: (file: File | null) => void;
  name: string;
}) {
  const t = useT();
  const id = useId();
  const { problem, choose } = useCheckedFile(imageFileProblem);
  const [preview, setPreview] = useState<string | null>(null);
  // a file named and typed as an image whose content the browser cannot draw (issue 34)
  const [undrawable, setUndrawable] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const usable = choose(event);
    setUndrawable(null);
    setPreview(usable ? URL.createObjectURL(usable) : null);
    onFile(usable);
  };

  /** The chosen file is no image after all: no broken preview, the field's message instead. */
  const onPreviewError = () => {
    setPreview(null);
    setUndrawable(NOT_AN_IMAGE);
    if (input.current) input.current.value = "";
    onFile(null);
  };

  const shown = problem ?? undrawable ?? error;
  const src = preview ?? currentSrc ?? null;
  const describedBy = [hint ? `${id}-hint` : "", shown ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const box = previewShape === "cover" ? "h-24 w-18" : "size-20";

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {optional ? <span className="font-normal text-slate-500"> {t("(optional)")}</span> : null}
      </label>
      <div className="flex items-start gap-4">
        {src ? (
          <img
            src={src}
            srcSet={preview ? undefined : derivativeSrcSet(src)}
            sizes="80px"
            alt={preview ? t("Preview of the chosen image") : t("The current image")}
            onError={preview ? onPreviewError : undefined}
            className={`${box} shrink-0 rounded-sm border border-slate-200 bg-slate-50 object-contain`}
          />
        ) : null}
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          accept={IMAGE_ACCEPT}
          required={required}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={onChange}
          className={fileInputClass}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={shown} />
    </div>
  );
}
