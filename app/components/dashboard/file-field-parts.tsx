/**
 * The pieces the PDF and JATS file fields of the paper forms both show (decisions 316 and 510):
 * the button that removes the paper's current file, and the hint under a file input that names
 * the chosen file and its size before the field's own advice.
 */
import type { ReactNode } from "react";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { Spinner } from "../forms/spinner.tsx";
import { hintClass } from "../forms/styles.ts";
import { dangerOutlineClass } from "./confirm-dialog.tsx";
import { fileSize } from "./formats.ts";

/**
 * The danger-outlined button beside a current file: `label` (translated, e.g. 'Remove the PDF')
 * calls `onRemove` (which asks, then removes); while `removing`, it is disabled and reads
 * 'Removing…' with a spinner.
 */
export function RemoveFileButton({
  label,
  onRemove,
  removing,
}: {
  label: string;
  onRemove: () => void;
  removing: boolean;
}) {
  const t = useT();
  return (
    <button type="button" onClick={onRemove} disabled={removing} className={dangerOutlineClass}>
      {removing ? <Spinner /> : null}
      {removing ? t("Removing…") : label}
    </button>
  );
}

/**
 * The hint of a file input, `id` its element id (the input names it in `aria-describedby`): the
 * chosen `file` as '{name}, {size}.' (size in the page's language), when there is one, then
 * `children`, the field's advice.
 */
export function ChosenFileHint({
  id,
  file,
  children,
}: {
  id: string;
  file: File | null;
  children: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <p id={id} className={hintClass}>
      {file
        ? `${t("{name}, {size}.", { name: file.name, size: fileSize(file.size, locale) })} `
        : ""}
      {children}
    </p>
  );
}
