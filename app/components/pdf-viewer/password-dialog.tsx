/**
 * The in-page password prompt of a protected PDF (docs/product/screens.md): a modal `<dialog>` reading
 * 'Enter the password to open this PDF file.', and after a wrong password also
 * 'Invalid password. Please try again.'. Escape or Cancel give up (`onCancel`).
 * Remount it (new `key`) for every prompt so the field starts empty. Texts in the page's language.
 */
import { useEffect, useId, useRef, useState } from "react";
import { VIEWER_MESSAGES } from "../../../shared/constants.ts";
import { useT } from "../../i18n/use-t.tsx";
import { buttonClass } from "../ui/styles.ts";

export type PasswordDialogProps = {
  /** The previous password was wrong. */
  retry: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
};

export function PasswordDialog({ retry, onSubmit, onCancel }: PasswordDialogProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState("");
  const labelId = useId();
  const errorId = useId();
  const inputId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelId}
      aria-describedby={retry ? errorId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(password);
        }}
      >
        <p className="mb-1 font-serif text-lg font-semibold">{t("Password required")}</p>
        {retry ? (
          <p id={errorId} role="alert" className="mb-3 text-sm font-medium text-red-700">
            {t(VIEWER_MESSAGES.invalidPassword)}
          </p>
        ) : null}
        <label id={labelId} htmlFor={inputId} className="block text-sm text-slate-700">
          {t(VIEWER_MESSAGES.passwordPrompt)}
        </label>
        <input
          id={inputId}
          type="password"
          name="pdf-password"
          autoComplete="off"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          className="mt-2 block w-full rounded border border-slate-400 px-3 py-2 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
        />
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
            {t("Cancel")}
          </button>
          <button type="submit" className={buttonClass("primary")}>
            {t("OK")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
