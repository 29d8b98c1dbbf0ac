/**
 * What the dashboard shows of an issue's or a proceeding's DOI registration with Crossref
 * (issue 16, docs/decisions/278-crossref-deposits.md). Wire types only.
 */

import { msg } from "./i18n/messages.ts";

/** Where a paper's DOI stands: no deposit, deposited and waiting, registered, refused. */
export type DoiStatus = "not_registered" | "queued" | "registered" | "failed";

/** How each status is named on the screen: catalogue messages, translated where shown. */
export const DOI_STATUS_LABELS: Record<DoiStatus, string> = {
  not_registered: msg("Not registered"),
  queued: msg("Queued"),
  registered: msg("Registered"),
  failed: msg("Failed"),
};

/** One paper of the issue or proceeding. */
export type DepositPaper = {
  paperID: number;
  title: string;
  /** `""` when the paper has no DOI (the journal's pattern can give it one). */
  doi: string;
  status: DoiStatus;
  /** Crossref's message for a failure, else `""`. */
  message: string;
};

/** The DOI panel of an issue or proceeding screen. */
export type DepositScreen = {
  /** Crossref credentials are configured (`CROSSREF_USERNAME`, `CROSSREF_PASSWORD`). */
  configured: boolean;
  /** Deposits go to Crossref's test system (nothing is registered for real). */
  test_system: boolean;
  /** Papers without a DOI get one from the journal's prefix and pattern when registering. */
  can_assign: boolean;
  papers: DepositPaper[];
  /** The newest deposit: its batch id, time and state, or null before the first. */
  last_batch: {
    batch_id: string;
    submitted_at: string;
    state: "submitted" | "done" | "failed";
    message: string;
  } | null;
};
