/**
 * `/review#<token>`: the page a reviewer's invitation opens (issue 31; decision 400). Opening it
 * changes nothing (decision 379): the page POSTs the token to read the invitation, then
 * 'Accept' or 'Decline' (one click each, a POST); once accepted, the files (each a form POST, so
 * the token never travels in a URL) and the review form: recommendation, comments to the author,
 * comments to the editor, files (each ticked "for the author" or left for the editor only). No
 * account or password. In double-anonymous review the answer holds no author, and the files come
 * with neutral names and cleared PDF properties. Coming back after the review was sent shows the
 * review as sent (date, recommendation, comments, files), never the form again; a declined
 * invitation's link says it was declined.
 */
import { useCallback, useEffect, useState } from "react";
import { MESSAGES } from "../../../shared/constants.ts";
import { formatDate } from "../../../shared/i18n/intl.ts";
import { translatorFor } from "../../../shared/i18n/translator.ts";
import { RECOMMENDATION_LABELS, RECOMMENDATIONS } from "../../../shared/workflow.ts";
import type { ReviewerScreen } from "../../../shared/workflow-api.ts";
import { AccountPanel } from "../../components/account/account-panel.tsx";
import {
  CheckboxField,
  FormFooter,
  FormNotice,
  TextAreaField,
  TextField,
} from "../../components/forms/index.ts";
import { buttonClass, textLinkClass } from "../../components/ui/styles.ts";
import { CallForm, Section, useCall } from "../../components/workflow/parts.tsx";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { apiPost, apiPostForm, errorMessage } from "../../lib/api.ts";
import { localeOf, pageMeta } from "../../lib/root-data.ts";
import type { Route } from "./+types/review";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    ...pageMeta(matches, t("Review invitation"), t("Answer an invitation to review.")),
    { name: "robots", content: "noindex" },
  ];
}

export default function Review() {
  const t = useT();
  const locale = useLocale();
  const [token, setToken] = useState<string | null>(null);
  const [screen, setScreen] = useState<ReviewerScreen | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const answer = useCall(MESSAGES.somethingWentWrong);

  const load = useCallback(async (value: string) => {
    try {
      const { review } = await apiPost(
        "/review/view",
        { token: value },
        MESSAGES.somethingWentWrong,
      );
      setScreen(review);
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.somethingWentWrong));
    }
  }, []);
  useEffect(() => {
    // the token is the fragment; another invitation's link opened in this tab changes only it
    const open = () => {
      const value = window.location.hash.slice(1);
      setScreen(null);
      setFailure(null);
      setToken(value);
      if (value) void load(value);
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, [load]);

  if (token === "") {
    return (
      <AccountPanel kicker={t("Reviewers")} title={t("Review invitation")}>
        <p role="alert">{t("This page needs the whole link from the invitation email.")}</p>
      </AccountPanel>
    );
  }
  if (failure) {
    return (
      <AccountPanel kicker={t("Reviewers")} title={t("Review invitation")}>
        <FormNotice notice={{ ok: false, msg: failure }} />
      </AccountPanel>
    );
  }
  if (!screen || !token) {
    return (
      <AccountPanel kicker={t("Reviewers")} title={t("Review invitation")}>
        <p role="status">{t("Loading the invitation…")}</p>
      </AccountPanel>
    );
  }

  const respond = async (value: "accept" | "decline") => {
    const ok = await answer.run(() =>
      apiPost("/review/respond", { token, answer: value }, MESSAGES.somethingWentWrong),
    );
    if (ok && value === "accept") await load(token);
    if (ok && value === "decline") setScreen({ ...screen, status: "declined" });
  };

  if (screen.status === "declined") {
    return (
      <AccountPanel kicker={t("Reviewers")} title={t("Review invitation")} width="max-w-3xl">
        <p className="text-sm text-slate-600">{screen.journal_name}</p>
        <h2 className="mt-3 font-serif text-xl">{screen.title}</h2>
        <p role="status" className="mt-6">
          {screen.responded_at
            ? t("You declined this invitation on {date}. Thank you for letting us know.", {
                date: formatDate(screen.responded_at.slice(0, 10), locale),
              })
            : t("Thank you for letting us know. The invitation is declined.")}
        </p>
        <p className="mt-2 text-sm text-slate-700">
          {t("If you declined by mistake, write to the journal's editors.")}
        </p>
      </AccountPanel>
    );
  }

  const ownFiles = screen.files.filter((f) => f.for_author !== undefined);
  const submissionFiles = screen.files.filter((f) => f.for_author === undefined);

  return (
    <AccountPanel kicker={t("Reviewers")} title={t("Review invitation")} width="max-w-3xl">
      <p className="text-sm text-slate-600">
        {screen.journal_name} ·{" "}
        {t("Review due on {date}", { date: formatDate(screen.due_on, locale) })}
      </p>
      <h2 className="mt-3 font-serif text-xl">{screen.title}</h2>
      {screen.authors.length > 0 ? (
        <p className="mt-1 text-sm">{screen.authors.join(", ")}</p>
      ) : null}
      <p className="mt-3 whitespace-pre-wrap text-sm">{screen.abstract}</p>
      {screen.keywords ? <p className="mt-2 text-sm text-slate-600">{screen.keywords}</p> : null}

      {screen.status === "invited" ? (
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonClass()}
            disabled={answer.busy}
            onClick={() => respond("accept")}
          >
            {t("Accept the invitation")}
          </button>
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={answer.busy}
            onClick={() => respond("decline")}
          >
            {t("Decline the invitation")}
          </button>
        </div>
      ) : null}
      <div className="mt-4">
        <FormNotice notice={answer.notice} />
      </div>

      {screen.status === "accepted" || screen.status === "completed" ? (
        <Section title={t("Files")}>
          <ul className="space-y-1 text-sm">
            {submissionFiles.map((f) => (
              <li key={f.id}>
                <FileButton token={token} file={f} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {screen.status === "accepted" ? (
        <Section title={t("Your review")}>
          <ReviewForm token={token} onSent={() => load(token)} />
        </Section>
      ) : null}
      {screen.status === "completed" && screen.review ? (
        <Section title={t("Your review")}>
          <p role="status" className="rounded-sm border border-emerald-200 bg-emerald-50 p-3">
            {t("Your review was submitted on {date}. Thank you: it has been sent to the editors.", {
              date: formatDate(screen.review.completed_at.slice(0, 10), locale),
            })}
          </p>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-semibold">{t("Recommendation")}</dt>
              <dd>{t(RECOMMENDATION_LABELS[screen.review.recommendation])}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("Comments to the author")}</dt>
              <dd className="whitespace-pre-wrap">{screen.review.comments_author}</dd>
            </div>
            {screen.review.comments_editor ? (
              <div>
                <dt className="font-semibold">{t("Comments to the editor")}</dt>
                <dd className="whitespace-pre-wrap">{screen.review.comments_editor}</dd>
              </div>
            ) : null}
            {ownFiles.length > 0 ? (
              <div>
                <dt className="font-semibold">{t("Your files")}</dt>
                <dd>
                  <ul className="space-y-1">
                    {ownFiles.map((f) => (
                      <li key={f.id} className="flex flex-wrap items-baseline gap-x-2">
                        <FileButton token={token} file={f} />
                        <span className="text-slate-600">
                          {f.for_author ? t("For the author") : t("For the editor only")}
                        </span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ) : null}
          </dl>
        </Section>
      ) : null}
    </AccountPanel>
  );
}

/** A download of a file the reviewer may read: a form POST, so the token stays out of URLs. */
function FileButton({ token, file }: { token: string; file: { id: number; name: string } }) {
  const t = useT();
  return (
    <form method="post" action="/review-file" className="inline">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="file" value={file.id} />
      <button type="submit" className={`${textLinkClass} text-start [overflow-wrap:anywhere]`}>
        {t("Download {name}", { name: file.name })}
      </button>
    </form>
  );
}

/**
 * The review form: recommendation, comments to the author and to the editor, and files, each
 * with a checkbox "For the author" (unticked: for the editor only), sent as `for_author`, the
 * ticked files' places in the upload ("0,2").
 */
function ReviewForm({ token, onSent }: { token: string; onSent: () => Promise<void> }) {
  const t = useT();
  const send = useCall(MESSAGES.somethingWentWrong);
  const [chosen, setChosen] = useState<string[]>([]);
  const [forAuthor, setForAuthor] = useState<Set<number>>(new Set());
  return (
    <CallForm
      multipart
      onData={async (form) => {
        form.set("token", token);
        form.delete("for_author_choice");
        form.set(
          "for_author",
          [...forAuthor]
            .filter((i) => i < chosen.length)
            .sort((a, b) => a - b)
            .join(","),
        );
        const ok = await send.run(() =>
          apiPostForm("/review/submit", form, MESSAGES.somethingWentWrong),
        );
        if (ok) await onSent();
      }}
    >
      <fieldset>
        <legend className="font-semibold">{t("Recommendation")}</legend>
        {RECOMMENDATIONS.map((r) => (
          <label key={r} className="mt-1 flex items-center gap-2">
            <input type="radio" name="recommendation" value={r} required />
            {t(RECOMMENDATION_LABELS[r])}
          </label>
        ))}
      </fieldset>
      <TextAreaField label={t("Comments to the author")} name="comments_author" rows={8} required />
      <TextAreaField label={t("Comments to the editor")} name="comments_editor" rows={4} optional />
      <TextField
        label={t("Files")}
        name="files"
        type="file"
        multiple
        optional
        hint={t(
          "Each file goes to the editor only, unless you tick it for the author. The author gets it under a neutral name, never yours.",
        )}
        onChange={(event) => {
          setChosen(Array.from(event.currentTarget.files ?? []).map((f) => f.name));
          setForAuthor(new Set());
        }}
      />
      {chosen.length > 0 ? (
        <fieldset className="space-y-2 rounded-sm border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">{t("Who may read each file")}</legend>
          {chosen.map((name, index) => (
            <CheckboxField
              // biome-ignore lint/suspicious/noArrayIndexKey: the files' order is their identity
              key={`${index}-${name}`}
              name="for_author_choice"
              label={
                <span className="[overflow-wrap:anywhere]">
                  {t("{name}: for the author", { name })}
                </span>
              }
              checked={forAuthor.has(index)}
              onChange={(event) => {
                const next = new Set(forAuthor);
                if (event.currentTarget.checked) next.add(index);
                else next.delete(index);
                setForAuthor(next);
              }}
            />
          ))}
        </fieldset>
      ) : null}
      <FormFooter
        busy={send.busy}
        label={t("Send review")}
        busyLabel={t("Sending...")}
        notice={send.notice}
      />
    </CallForm>
  );
}
