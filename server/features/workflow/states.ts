/**
 * Moving a submission through the state machine of shared/workflow.ts (issue 31; decision 400)
 * and recording its dated history. No HTTP here.
 *
 * A move is one conditional UPDATE (`where status in (the transition's from)`), so two editors
 * deciding at once, or an author revising while an editor declines, cannot both win: the loser
 * gets a 409 and reloads.
 */
import { msg } from "../../../shared/i18n/messages.ts";
import {
  nextStatus,
  type SubmissionStatus,
  TRANSITIONS,
  type Transition,
} from "../../../shared/workflow.ts";
import type { Db } from "../../db/database.ts";
import type { Submission } from "../../db/schema.ts";
import { AppError } from "../../services/errors.ts";
import type { Trx } from "../../services/write.ts";

export const MOVED_ON = msg(
  "This submission's status does not allow that now. Reload the page to see where it stands.",
);

/** Who did something, as the history stores it. */
export type ActorTag = "author" | "system" | `editor:${number}` | `reviewer:${number}`;

/** Appends one dated action to a submission's history. */
export async function recordEvent(
  db: Db | Trx,
  submissionId: number,
  action: string,
  actor: ActorTag,
  at: string,
  detail = "",
): Promise<void> {
  await db
    .insertInto("submission_events")
    .values({ submission_id: submissionId, action, actor, at, detail })
    .execute();
}

/**
 * Applies `transition` to `submission` inside `trx`: the status it leads to, the round (+1 on
 * `send_to_review` and `new_round`), the dates (submitted, first decision, final decision), and
 * one history event `transition`.
 * @returns the new status and round.
 * @throws AppError `conflict` (409, {@link MOVED_ON}) when the stored status does not allow it.
 */
export async function moveSubmission(
  trx: Trx,
  submission: Pick<Submission, "id" | "status" | "round" | "first_decision_at">,
  transition: Transition,
  actor: ActorTag,
  at: string,
  detail = "",
): Promise<{ status: SubmissionStatus; round: number }> {
  const to = nextStatus(submission.status, transition);
  if (!to) throw new AppError("conflict", MOVED_ON);
  const round =
    transition === "send_to_review" || transition === "new_round"
      ? submission.round + 1
      : submission.round;
  const isDecision = transition !== "submit" && transition !== "revise";
  const moved = await trx
    .updateTable("submissions")
    .set({
      status: to,
      round,
      updated_at: at,
      ...(transition === "submit" ? { submitted_at: at } : {}),
      ...(isDecision && !submission.first_decision_at ? { first_decision_at: at } : {}),
      ...(to === "accepted" || to === "declined" ? { decided_at: at } : {}),
    })
    .where("id", "=", submission.id)
    .where("status", "in", [...TRANSITIONS[transition].from])
    .where("status", "=", submission.status)
    .returning("id")
    .executeTakeFirst();
  if (!moved) throw new AppError("conflict", MOVED_ON);
  await recordEvent(trx, submission.id, transition, actor, at, detail);
  return { status: to, round };
}
