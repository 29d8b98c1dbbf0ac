/**
 * The image file fields of the dashboard forms (Cover Image, Journal Cover Image, a partner's
 * logo): a labelled file input that accepts the image types the server accepts
 * (docs/product/files.md: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB), refuses anything else at once with a message
 * under the field, and shows a small preview of the chosen image, or else of the current one
 * (`currentSrc`, on edit). The server checks the content again (a renamed file is a 415 there).
 *
 * The file is reported through `onFile` (null when cleared or refused); the input itself is
 * uncontrolled, so a form that wants it emptied gives it a new `key`
 * (docs/decisions/075-dashboard-image-fields.md).
 */
import { useEffect, useId, useState } from "react";
import { derivativeSrcSet } from "../../../shared/images.ts";
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

/** Why `file` cannot be sent as an image, or null when it can. */
export function imageFileProblem(file: File): string | null {
  const typeOk = file.type ? IMAGE_TYPES.has(file.type) : IMAGE_EXTENSIONS.test(file.name);
  if (!typeOk) return "Choose a JPEG, PNG, WebP, GIF or AVIF image.";
  if (file.size > MAX_IMAGE_BYTES) return "The image is too large. Choose one of at most 5 MB.";
  if (file.size === 0) return "The file is empty. Choose another image.";
  return null;
}

/**
 * The hint of a cover or logo field: on a new item the accepted types and size and the shape that
 * looks best; on edit (`replacing`), that a chosen file replaces the current image.
 */
export function imageHint(what: "cover" | "logo", replacing: boolean): string {
  if (replacing) {
    return `Choose a file only to replace the current ${what}: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.`;
  }
  const best = what === "cover" ? "portrait 3:4" : "a square logo";
  return `JPEG, PNG, WebP, GIF or AVIF, at most 5 MB; ${best} looks best.`;
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
  label: string;
  required?: boolean;
  optional?: boolean;
  /** A message from the form or the server; shown under the field. */
  error?: string;
  hint?: string;
  /** The image stored now (edit forms), previewed until another is chosen. */
  currentSrc?: string | null;
  /** `cover` previews 3:4, `logo` a square. */
  previewShape?: "cover" | "logo";
  onFile: (file: File | null) => void;
  name: string;
}) {
  const id = useId();
  const { problem, choose } = useCheckedFile(imageFileProblem);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const usable = choose(event);
    setPreview(usable ? URL.createObjectURL(usable) : null);
    onFile(usable);
  };

  const shown = problem ?? error;
  const src = preview ?? currentSrc ?? null;
  const describedBy = [hint ? `${id}-hint` : "", shown ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const box = previewShape === "cover" ? "h-24 w-18" : "size-20";

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      <div className="flex items-start gap-4">
        {src ? (
          <img
            src={src}
            srcSet={preview ? undefined : derivativeSrcSet(src)}
            sizes="80px"
            alt={preview ? "Preview of the chosen image" : "The current image"}
            className={`${box} shrink-0 rounded-sm border border-slate-200 bg-slate-50 object-contain`}
          />
        ) : null}
        <input
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
