/**
 * The editorial workflow's state machine and template checks (issue 31; decision 400): every
 * transition from every status, against the table the decision record gives; and a journal's
 * mail text is refused unless it is ICU naming only its template's placeholders.
 */
import { describe, expect, it } from "vitest";
import { validateTemplateText } from "../../server/features/workflow/mail-templates.ts";
import { AppError } from "../../server/services/errors.ts";
import {
  decisionsFrom,
  nextStatus,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  type Transition,
} from "../../shared/workflow.ts";

/** Decision 400's table: status → transition → the status it leads to (absent: refused). */
const ALLOWED: Record<SubmissionStatus, Partial<Record<Transition, SubmissionStatus>>> = {
  draft: { submit: "submitted" },
  submitted: { send_to_review: "in_review", accept: "accepted", decline: "declined" },
  in_review: {
    request_revisions: "revisions_requested",
    new_round: "in_review",
    accept: "accepted",
    decline: "declined",
  },
  revisions_requested: { revise: "in_review", decline: "declined" },
  accepted: {},
  declined: {},
};
const TRANSITIONS: Transition[] = [
  "submit",
  "send_to_review",
  "request_revisions",
  "revise",
  "new_round",
  "accept",
  "decline",
];

describe("the submission state machine", () => {
  it("allows exactly the transitions of the decision's table", () => {
    const seen: Record<string, Partial<Record<Transition, SubmissionStatus>>> = {};
    for (const status of SUBMISSION_STATUSES) {
      seen[status] = {};
      for (const transition of TRANSITIONS) {
        const to = nextStatus(status, transition);
        if (to) seen[status]![transition] = to;
      }
    }
    expect(seen).toEqual(ALLOWED);
  });

  it("offers the editor only decisions (never the author's submit or revise)", () => {
    expect(decisionsFrom("submitted")).toEqual(["send_to_review", "accept", "decline"]);
    expect(decisionsFrom("revisions_requested")).toEqual(["decline"]);
    expect(decisionsFrom("draft")).toEqual([]);
    expect(decisionsFrom("accepted")).toEqual([]);
  });
});

describe("a journal's mail text", () => {
  const refusal = (text: string) => {
    try {
      validateTemplateText("decline", text, "body");
      return null;
    } catch (error) {
      return error instanceof AppError ? error.errors?.body : String(error);
    }
  };

  it("accepts ICU naming only the template's placeholders", () => {
    expect(refusal("Dear {author_name}, about {submission_title}: {review_comments}")).toBeNull();
  });

  it("refuses another placeholder and broken braces", () => {
    expect(refusal("Dear {reviewer_name}")).toContain("{reviewer_name}");
    expect(refusal("Dear {author_name")).toBe(
      "This text is not valid: check its braces and placeholders.",
    );
  });
});
