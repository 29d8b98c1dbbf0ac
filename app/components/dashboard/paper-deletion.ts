/**
 * Deleting a paper from a dashboard contents list (docs/product/screens.md, Dashboard
 * publication page; the proceeding page likewise): Delete asks 'Are you sure you want to delete
 * this paper?' in a real dialog, then submits the intent `delete-paper:{paperID}` to the route's
 * `clientAction` (app/components/dashboard/form-action.ts), which calls the route's delete link.
 * The list reloads whatever the answer; a failure is said above the list as '“{title}” was not
 * deleted: {msg}', in the page's language.
 */
import { useRef, useState } from "react";
import { MESSAGES } from "../../../shared/constants.ts";
import { useT } from "../../i18n/use-t.tsx";
import { useConfirm } from "./confirm-dialog.tsx";
import { useFormAction } from "./form-action.ts";

/** The intent prefix of a paper's deletion. */
export const DELETE_PAPER = "delete-paper";

/** The paper id of a `delete-paper:{id}` intent, or null for another intent. */
export function deletedPaperId(intent: string): string | null {
  const [kind, id] = intent.split(":");
  return kind === DELETE_PAPER && id ? id : null;
}

/**
 * @returns `remove(paper)` (asks, then deletes), `deleting` (the paper id under way, or null),
 *   `problem` (the last failure's line, or null), and the confirmation `dialog` and its `ask`
 *   for the page's other questions.
 */
export function usePaperDeletion() {
  const t = useT();
  const { ask, dialog } = useConfirm();
  const [problem, setProblem] = useState<string | null>(null);
  const title = useRef("");
  const action = useFormAction((result) => {
    if (!result.ok) {
      setProblem(
        t("“{title}” was not deleted: {reason}", { title: title.current, reason: t(result.msg) }),
      );
    }
  });

  async function remove(paper: { paperID: number; title: string }) {
    const ok = await ask({
      title: t("Delete paper"),
      message: t(MESSAGES.confirmDeletePaper),
      detail: paper.title,
      confirmLabel: t("Delete"),
    });
    if (!ok) return;
    setProblem(null);
    title.current = paper.title;
    action.submit(`${DELETE_PAPER}:${paper.paperID}`, { paperID: paper.paperID });
  }

  const pending = action.pending?.paperID;
  return {
    remove,
    deleting: typeof pending === "number" ? pending : null,
    problem,
    setProblem,
    ask,
    dialog,
  };
}
