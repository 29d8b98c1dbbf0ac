/**
 * A real confirmation before a destructive dashboard action (docs/product/screens.md, Dashboard
 * publication page: Delete asks 'Are you sure you want to delete this paper?'). A modal
 * `<dialog>` (`showModal`: the page behind is inert, focus stays inside, Escape cancels; WAI-ARIA
 * Authoring Practices, Alert and Message Dialogs pattern) with the question as its accessible
 * description and two buttons; Cancel has the focus first, so Enter never destroys by accident.
 *
 * ```tsx
 * const { ask, dialog } = useConfirm();
 * if (await ask({ message: t(MESSAGES.confirmDeletePaper), confirmLabel: t("Delete") })) { ... }
 * return <>{dialog} ...</>;
 * ```
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/use-t.tsx";
import { buttonClass } from "../ui/styles.ts";

/** What the dialog says, translated by the caller (decision 382). */
export type ConfirmRequest = {
  /** The question, shown and announced as it is written. */
  message: string;
  /** Label of the button that goes ahead, e.g. 'Delete'. */
  confirmLabel: string;
  /** Title of the dialog; default 'Please confirm'. */
  title?: string;
  /** Extra line naming what is concerned, such as the paper's title. */
  detail?: string;
};

/** Like `buttonClass("primary")`, in red: the button that destroys something. */
export const dangerButtonClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-sm bg-red-800 px-4 py-2 text-sm font-semibold text-white transition-colors hover:bg-red-900 active:bg-red-950 disabled:cursor-not-allowed disabled:opacity-60";

/** Like `buttonClass("secondary")`, in red: a small outlined Delete button in a list. */
export const dangerOutlineClass =
  "inline-flex min-h-9 items-center justify-center gap-2 rounded-sm border border-red-800 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 transition-colors hover:bg-red-50 active:bg-red-100 disabled:cursor-not-allowed disabled:opacity-60";

type Pending = ConfirmRequest & { resolve: (ok: boolean) => void };

export function useConfirm(): {
  ask: (request: ConfirmRequest) => Promise<boolean>;
  dialog: React.ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => setPending({ ...request, resolve })),
    [],
  );
  const settle = useCallback(
    (ok: boolean) => {
      pending?.resolve(ok);
      setPending(null);
    },
    [pending],
  );
  return { ask, dialog: pending ? <ConfirmDialog request={pending} onSettle={settle} /> : null };
}

function ConfirmDialog({
  request,
  onSettle,
}: {
  request: ConfirmRequest;
  onSettle: (ok: boolean) => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Focus returns to the control that opened the dialog when it closes.
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      // Escape: the browser closes the dialog; treat it as Cancel.
      onCancel={(event) => {
        event.preventDefault();
        onSettle(false);
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-sm border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50"
    >
      <div className="p-6">
        <h2 id={`${id}-title`} className="font-serif text-xl font-semibold">
          {request.title ?? t("Please confirm")}
        </h2>
        <p id={`${id}-message`} className="mt-3 text-base">
          {request.message}
        </p>
        {request.detail ? (
          <p className="mt-2 text-sm break-words text-slate-600">{request.detail}</p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={() => onSettle(false)}
            className={buttonClass("secondary", "min-h-11")}
          >
            {t("Cancel")}
          </button>
          <button type="button" onClick={() => onSettle(true)} className={dangerButtonClass}>
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
