/**
 * Pieces the editorial workflow's screens share (issue 31; decision 400): a submission's status
 * badge, its dated history, its decisions with the mails sent, its files, `CallForm`, a form that
 * makes its API call from the page, and `useCall`, the busy flag and last answer of a button or
 * form that calls the API.
 */
import { type ReactNode, useState } from "react";
import { formatDate } from "../../../shared/i18n/intl.ts";
import { DECISION_LABELS, STATUS_LABELS, type SubmissionStatus } from "../../../shared/workflow.ts";
import type {
  DecisionItem,
  HistoryItem,
  SubmissionFileItem,
} from "../../../shared/workflow-api.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { errorMessage } from "../../lib/api.ts";
import { DashboardFailure } from "../dashboard/screen.tsx";
import { screenFailure } from "../dashboard/screen-route.tsx";
import type { Notice } from "../forms/index.ts";
import { Link } from "../ui/link.tsx";
import { badgeClass, textLinkClass } from "../ui/styles.ts";

/**
 * The ErrorBoundary of the author's screens: the failed load's message full-page (as the
 * dashboard's), with the ways in for somebody not signed in: sign in, or sign up as an author.
 */
export function AuthorErrorBoundary({ error }: { error: unknown }) {
  const t = useT();
  return (
    <>
      <DashboardFailure message={screenFailure(error)} />
      <p className="mx-auto mb-10 flex max-w-6xl flex-wrap gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/manager" className={textLinkClass}>
          {t("Sign in")}
        </Link>
        <Link to="/author-signup" className={textLinkClass}>
          {t("Sign up as an author")}
        </Link>
      </p>
    </>
  );
}

/** A submission's status as a badge. */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  const t = useT();
  return <span className={badgeClass}>{t(STATUS_LABELS[status])}</span>;
}

/** A titled section of a workflow screen. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="font-serif text-xl text-slate-900">{title}</h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

/**
 * A form of a workflow screen that makes its API call from the page: it posts (`multipart`: as
 * `multipart/form-data`, for files), stops the browser's own submission and hands `onData` the
 * submitted fields and the form element (to `reset()` it after a success). `className` lays the
 * fields out; by default one above the other.
 */
export function CallForm({
  multipart = false,
  className = "space-y-4",
  onData,
  children,
}: {
  multipart?: boolean;
  className?: string;
  onData: (data: FormData, form: HTMLFormElement) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      className={className}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        await onData(new FormData(form), form);
      }}
    >
      {children}
    </form>
  );
}

/** The busy flag and last answer of an API call made by a button or form. */
export function useCall(failure: string) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  async function run(call: () => Promise<{ msg: string }>): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      const { msg } = await call();
      setNotice({ ok: true, msg });
      return true;
    } catch (error) {
      setNotice({ ok: false, msg: errorMessage(error, failure) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, notice, run };
}

/** The dated history of a submission, oldest first. */
export function History({ items }: { items: HistoryItem[] }) {
  const t = useT();
  const locale = useLocale();
  const label = (action: string) => {
    const known: Record<string, string> = {
      created: t("Draft started"),
      submit: t("Submitted"),
      revise: t("Revision submitted"),
      reviewer_invited: t("Reviewer invited"),
      review_accepted: t("Reviewer accepted"),
      review_declined: t("Reviewer declined"),
      review_completed: t("Review received"),
      note_added: t("Note added"),
      scheduled: t("Scheduled for publication"),
      mail_failed: t("A mail could not be sent"),
    };
    const decision = DECISION_LABELS[action as keyof typeof DECISION_LABELS];
    return known[action] ?? (decision ? t(decision) : action);
  };
  return (
    <ol className="space-y-1 text-sm" aria-label={t("History")}>
      {items.map((item) => (
        <li key={item.id}>
          <time dateTime={item.at} className="text-slate-600">
            {formatDate(item.at.slice(0, 10), locale)}
          </time>{" "}
          {label(item.action)}
          {item.detail && item.action !== "scheduled" ? `: ${item.detail}` : ""}
        </li>
      ))}
    </ol>
  );
}

/**
 * The decisions taken, each with the mail the author received and, beside the reviewers'
 * comments it carried, the reviewers' files that came with it (neutral names; decision 520).
 */
export function Decisions({
  submissionId,
  items,
}: {
  submissionId: number;
  items: DecisionItem[];
}) {
  const t = useT();
  const locale = useLocale();
  if (items.length === 0) return <p className="text-sm text-slate-600">{t("No decision yet.")}</p>;
  return (
    <ul className="space-y-4">
      {items.map((d) => (
        <li key={d.id} className="rounded-sm border border-slate-200 bg-white p-4">
          <p className="font-semibold">
            {t(DECISION_LABELS[d.decision])} ·{" "}
            <time dateTime={d.created_at}>{formatDate(d.created_at.slice(0, 10), locale)}</time>
          </p>
          <p className="mt-1 text-sm text-slate-700">{d.subject}</p>
          <pre className="mt-2 whitespace-pre-wrap font-sans text-sm">{d.body}</pre>
          {d.review_files.length > 0 ? (
            <div className="mt-3 border-t border-slate-200 pt-3">
              <h3 className="text-sm font-semibold">{t("Reviewers' files for the author")}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {d.review_files.map((f) => (
                  <li key={f.id}>
                    <a
                      className={`${textLinkClass} [overflow-wrap:anywhere]`}
                      href={`/submission-file/${submissionId}/${f.id}`}
                      download
                    >
                      {f.name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A submission's files, each a download link for an author or editor; for editors, a reviewer's
 * file says whether it is for the author or for the editor only.
 */
export function FileList({
  submissionId,
  files,
}: {
  submissionId: number;
  files: SubmissionFileItem[];
}) {
  const t = useT();
  if (files.length === 0) return <p className="text-sm text-slate-600">{t("No files yet.")}</p>;
  const kind = (f: SubmissionFileItem) =>
    f.kind === "manuscript"
      ? t("Manuscript, version {version}", { version: f.version })
      : f.kind === "supplementary"
        ? t("Supplementary file")
        : f.reviewer_name
          ? t("File of reviewer {name}, round {round}", { name: f.reviewer_name, round: f.version })
          : t("Reviewer's file");
  return (
    <ul className="space-y-1 text-sm">
      {files.map((f) => (
        <li key={f.id} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span>
            {kind(f)}:{" "}
            <a
              className={`${textLinkClass} [overflow-wrap:anywhere]`}
              href={`/submission-file/${submissionId}/${f.id}`}
              download
            >
              {f.name}
            </a>
          </span>
          {f.for_author !== undefined ? (
            <span className={badgeClass}>
              {f.for_author ? t("For the author") : t("For the editor only")}
            </span>
          ) : null}
          {f.needs_check ? (
            <span className="text-amber-800">
              {f.kind === "review"
                ? t(
                    "Check this file's document properties for the reviewer's name before your decision: the author receives it.",
                  )
                : t("Check this file's document properties for the authors' names before review.")}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
