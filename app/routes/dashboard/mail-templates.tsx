/**
 * `/dashboard/mail_templates/{journal}?locale=`: a journal's mail templates for its editors
 * (issue 31; decision 405), reached from the workflow settings of its submissions queue. Per
 * template and language: the subject and body (the catalogue's default until the journal writes
 * its own), the placeholders it may use, a preview with example values, saving (checked as ICU on
 * the server, errors shown by field) and a reset to the default.
 */
import { useState } from "react";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { LOCALE_NAMES, LOCALES, type Locale } from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { MailTemplateKey } from "../../../shared/workflow.ts";
import type { MailTemplateItem } from "../../../shared/workflow-api.ts";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import {
  FormNotice,
  LiveMessages,
  type Notice,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../components/forms/index.ts";
import { Link } from "../../components/ui/link.tsx";
import { buttonClass, textLinkClass } from "../../components/ui/styles.ts";
import { Section } from "../../components/workflow/parts.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { ApiError, apiPost, errorMessage } from "../../lib/api.ts";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/mail-templates";

export const clientLoader = screenLoader(
  async (get, { params, request }: Route.ClientLoaderArgs) => {
    const asked = new URL(request.url).searchParams.get("locale") ?? "";
    const known = (LOCALES as readonly string[]).includes(asked) ? asked : "";
    const answer = await get(
      pathOf("GET /dashboard/mail_templates/:journal", { journal: params.journal }),
      known ? `?locale=${known}` : "",
    );
    return { ...answer, journal: params.journal };
  },
);

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Mail templates"));
}

export const HydrateFallback = screenFallback(msg("Loading the mail templates…"));
export const ErrorBoundary = ScreenErrorBoundary;

/** Each mail's name on this screen (carried texts). */
const TEMPLATE_NAMES: Record<MailTemplateKey, string> = {
  send_to_review: msg("Submission sent to review"),
  request_revisions: msg("Revisions requested"),
  new_round: msg("New review round"),
  accept: msg("Submission accepted"),
  decline: msg("Submission declined"),
  review_invitation: msg("Invitation to review"),
};

export default function MailTemplates({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { templates, locale, journal, journal_name } = loaderData;
  return (
    <DashboardScreen
      title={t("Mail templates")}
      kicker={journal_name}
      lead={t(
        "The mails the workflow sends to authors and reviewers. A template the journal has not written uses the site's text.",
      )}
    >
      <p className="mb-4 text-sm">
        <Link to={`/dashboard/submissions_queue/${journal}`} className={textLinkClass}>
          {t("Back to the submissions")}
        </Link>
      </p>
      <nav
        aria-label={t("Language of the templates")}
        className="mb-6 flex flex-wrap gap-3 text-sm"
      >
        {LOCALES.map((l) => (
          <Link
            key={l}
            to={`/dashboard/mail_templates/${journal}?locale=${l}`}
            className={textLinkClass}
            aria-current={l === locale ? "page" : undefined}
            lang={l}
          >
            {LOCALE_NAMES[l]}
          </Link>
        ))}
      </nav>
      {templates.map((item) => (
        <TemplateForm key={`${locale}-${item.key}`} journal={journal} locale={locale} item={item} />
      ))}
    </DashboardScreen>
  );
}

/** One template in one language: its fields, placeholders, preview, save and reset. */
function TemplateForm({
  journal,
  locale,
  item,
}: {
  journal: string;
  locale: Locale;
  item: MailTemplateItem;
}) {
  const t = useT();
  const own = item.subject !== "" || item.body !== "";
  const [custom, setCustom] = useState(own);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<{ subject: string; body: string } | null>(null);
  const initial = custom && version === 0 ? item : { subject: "", body: "" };
  const id = `template-${item.key}`;

  async function call(kind: "save" | "preview" | "reset", form: HTMLFormElement) {
    const data = new FormData(form);
    const body = {
      template: item.key,
      locale,
      subject: kind === "reset" ? "" : String(data.get("subject") ?? ""),
      body: kind === "reset" ? "" : String(data.get("body") ?? ""),
    };
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      if (kind === "preview") {
        setPreview(
          await apiPost(
            pathOf("POST /dashboard/mail_template_preview/:journal", { journal }),
            body,
            MESSAGES.somethingWentWrong,
          ),
        );
      } else {
        const answer = await apiPost(
          pathOf("POST /dashboard/mail_templates/:journal", { journal }),
          body,
          MESSAGES.somethingWentWrong,
        );
        setNotice({ ok: true, msg: answer.msg });
        setPreview(null);
        if (kind === "reset") {
          setCustom(false);
          setVersion((v) => v + 1);
        } else {
          setCustom(true);
        }
      }
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      setNotice({ ok: false, msg: errorMessage(error, MESSAGES.somethingWentWrong) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t(TEMPLATE_NAMES[item.key])}>
      <form
        key={version}
        method="post"
        className="space-y-4 rounded-sm border border-slate-200 bg-white p-4"
        aria-labelledby={`${id}-state`}
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent)
            .submitter as HTMLButtonElement | null;
          const kind = submitter?.value === "preview" ? "preview" : "save";
          void call(kind, event.currentTarget);
        }}
      >
        <p id={`${id}-state`} className="text-sm text-slate-600">
          {custom ? t("The journal's own text.") : t("The site's default text.")}
        </p>
        <p className="text-sm text-slate-700">
          {t("Placeholders: {list}", {
            list: item.placeholders.map((p) => `{${p}}`).join(", "),
          })}
        </p>
        <TextField
          id={`${id}-subject`}
          name="subject"
          label={t("Mail subject")}
          defaultValue={initial.subject || item.default_subject}
          error={errors.subject}
        />
        <TextAreaField
          id={`${id}-body`}
          name="body"
          label={t("Text")}
          rows={10}
          defaultValue={initial.body || item.default_body}
          error={errors.body}
        />
        {preview ? (
          <div className="rounded-sm bg-slate-50 p-3 text-sm" aria-live="polite">
            <h3 className="font-semibold">{t("Preview")}</h3>
            <p className="mt-1 font-medium">{preview.subject}</p>
            <p className="mt-2 whitespace-pre-wrap">{preview.body}</p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={busy} busyLabel={t("Saving...")}>
            {t("Save template")}
          </SubmitButton>
          <button
            type="submit"
            value="preview"
            className={buttonClass("secondary")}
            disabled={busy}
          >
            {t("Preview")}
          </button>
          {custom ? (
            <button
              type="button"
              className={buttonClass("secondary")}
              disabled={busy}
              onClick={(event) => {
                const form = event.currentTarget.form;
                if (form) void call("reset", form);
              }}
            >
              {t("Reset to the default")}
            </button>
          ) : null}
        </div>
        <LiveMessages>
          <FormNotice notice={notice} />
        </LiveMessages>
      </form>
    </Section>
  );
}
