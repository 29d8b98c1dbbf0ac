/**
 * Crash points for the upload crash test (tests/api/upload-crash.test.ts): when the process runs
 * with `NODE_ENV=test` and `ATHENAEUM_FAULT` names a point, reaching that point kills the process
 * with SIGKILL, as a power cut or the OOM killer would. Outside tests this does nothing.
 *
 * Points, in the order an upload passes them:
 * `before-file-write` (the upload is on disk, nothing stored), `during-file-write` (half of the
 * temp file written), `after-file-write` (files stored, no transaction yet), `before-commit`
 * (rows written, transaction open), `after-commit` (committed, replaced files not yet removed).
 */
export type FaultPoint =
  | "before-file-write"
  | "during-file-write"
  | "after-file-write"
  | "before-commit"
  | "after-commit";

/** Kills this process with SIGKILL when `ATHENAEUM_FAULT` is `point` and `NODE_ENV` is `test`. */
export function faultPoint(point: FaultPoint): void {
  if (process.env.NODE_ENV !== "test" || process.env.ATHENAEUM_FAULT !== point) return;
  process.kill(process.pid, "SIGKILL");
}
