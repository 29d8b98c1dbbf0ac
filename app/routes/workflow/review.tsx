/**
 * `/review#<token>`: the page a reviewer's invitation opens (issue 31; decision 400). Opening it
 * changes nothing (decision 379): the page POSTs the token to read the invitation, then
 * 'Accept' or 'Decline' (one click each, a POST); once accepted, the files (each a form POST, so
 * the token never travels in a URL) and the review form: recommendation, comments to the author,
 * comments to the editor, files. No account or password. In double-anonymous review the answer
 * holds no author, and the files come with neutral names and cleared PDF properties.
 */
import { useCallback, useEffect, useState } from "react";
import { MESSAGES } from "../../../shared/constants.ts";
import { formatDate } from "../../../shared/i18n/intl.ts";
import { translatorFor } from "../../../shared/i18n/translator.ts";
import { RECOMMENDATION_LABELS, RECOMMENDATIONS } from "../../../shared/workflow.ts";
import type { ReviewerScreen } from "../../../shared/workflow-api.ts";
import { AccountPanel } from "../../components/account/account-panel.tsx";
import { FormFooter, FormNotice, TextAreaField, TextField } from "../../components/forms/index.ts";
import { buttonClass, textLinkClass } from "../../components/ui/styles.ts";
import { Section, useCall } from "../../components/workflow/parts.tsx";
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
  const send = useCall(MESSAGES.somethingWentWrong);

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
    const value = window.location.hash.slice(1);
    setToken(value);
    if (value) void load(value);
  }, [load]);

  if (token === "") {
    return (
      <AccountPanel title={t("Review invitation")}>
        <p role="alert">{t("This page needs the whole link from the invitation email.")}</p>
      </AccountPanel>
    );
  }
  if (failure) {
    return (
      <AccountPanel title={t("Review invitation")}>
        <FormNotice notice={{ ok: false, msg: failure }} />
      </AccountPanel>
    );
  }
  if (!screen || !token) {
    return (
      <AccountPanel title={t("Review invitation")}>
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

  return (
    <AccountPanel title={t("Review invitation")} width="max-w-3xl">
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
            {screen.files.map((f) => (
              <li key={f.id}>
                <form method="post" action="/review-file">
                  <input type="hidden" name="token" value={token} />
                  <input type="hidden" name="file" value={f.id} />
                  <button type="submit" className={textLinkClass}>
                    {t("Download {name}", { name: f.name })}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {screen.status === "accepted" ? (
        <Section title={t("Your review")}>
          <form
            method="post"
            encType="multipart/form-data"
            className="space-y-4"
            onSubmit={async (event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              form.set("token", token);
              const ok = await send.run(() =>
                apiPostForm("/review/submit", form, MESSAGES.somethingWentWrong),
              );
              if (ok) await load(token);
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
            <TextAreaField
              label={t("Comments to the author")}
              name="comments_author"
              rows={8}
              required
            />
            <TextAreaField
              label={t("Comments to the editor")}
              name="comments_editor"
              rows={4}
              optional
            />
            <TextField label={t("Files")} name="files" type="file" multiple optional />
            <FormFooter
              busy={send.busy}
              label={t("Send review")}
              busyLabel={t("Sending...")}
              notice={send.notice}
            />
          </form>
        </Section>
      ) : null}
      {screen.status === "completed" ? (
        <p role="status" className="mt-6">
          {t("Thank you: your review has been sent to the editors.")}
        </p>
      ) : null}
      {screen.status === "declined" ? (
        <p role="status" className="mt-6">
          {t("Thank you for letting us know. The invitation is declined.")}
        </p>
      ) : null}
    </AccountPanel>
  );
}
