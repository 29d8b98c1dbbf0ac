/**
 * What the two edit screens of a paper share, a journal paper's
 * (/dashboard/edit_paper/{journal}/{paper}) and a conference paper's
 * (/dashboard/edit_proceeding_paper/{proceeding}/{paper}): the route's `clientAction`, which
 * sends the paper's form to its edit call and 'Add a notice' to its update call (decisions 490
 * and 496), and the removals of its HTML full text and PDF (decisions 316 and 510).
 */
import { MESSAGES } from "../../../shared/constants.ts";
import { type ApiPath, pathOf } from "../../../shared/contract.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { apiPost } from "../../lib/api.ts";
import { formAction } from "./form-action.ts";
import { REMOVE_JATS_FAILED, REMOVE_PDF_FAILED } from "./paper-form.tsx";
import { UPDATE_NOTICE_INTENT } from "./update-notice-form.tsx";

/**
 * An edit screen's `clientAction`: the {@link UPDATE_NOTICE_INTENT} posts to `paths(args).notice`
 * ('The notice could not be added.' when the server gives no message), any other intent (the
 * paper's form) to `paths(args).edit` ('Paper Update failed', docs/product/errors.md).
 */
export function paperEditAction<A extends { request: Request }>(
  paths: (args: A) => { edit: ApiPath<"POST">; notice: ApiPath<"POST"> },
) {
  return formAction((intent, args: A) =>
    intent === UPDATE_NOTICE_INTENT
      ? { path: paths(args).notice, failure: msg("The notice could not be added.") }
      : { path: paths(args).edit, failure: MESSAGES.paperUpdateFailed },
  );
}

/** The route parameters that name a paper: of a journal, or of a proceeding. */
type PaperParams = { journal: string; paper: string } | { proceeding: string; paper: string };

/**
 * The `removeJats` and `removePdf` of an edit screen's paper form, for the paper `params` name:
 * POST /remove_paper_jats/{journal}/{paper} (or /remove_proceeding_paper_jats/…) with no fields,
 * and POST /remove_paper_pdf/… (or /remove_proceeding_paper_pdf/…) with the form's change note
 * as `version_note`. Each rejects with the server's message, else its catalogue message.
 */
export function paperFileRemovals(params: PaperParams) {
  if ("journal" in params) {
    return {
      removeJats: () =>
        apiPost(pathOf("POST /remove_paper_jats/:journal/:paper", params), {}, REMOVE_JATS_FAILED),
      removePdf: (version_note: string) =>
        apiPost(
          pathOf("POST /remove_paper_pdf/:journal/:paper", params),
          { version_note },
          REMOVE_PDF_FAILED,
        ),
    };
  }
  return {
    removeJats: () =>
      apiPost(
        pathOf("POST /remove_proceeding_paper_jats/:proceeding/:paper", params),
        {},
        REMOVE_JATS_FAILED,
      ),
    removePdf: (version_note: string) =>
      apiPost(
        pathOf("POST /remove_proceeding_paper_pdf/:proceeding/:paper", params),
        { version_note },
        REMOVE_PDF_FAILED,
      ),
  };
}
