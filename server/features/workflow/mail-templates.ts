/**
 * The workflow's mails and the one renderer of their texts (issue 31; decision 382's "Editable
 * mail templates", decision 400). A template's default subject and body are catalogue messages
 * with ICU placeholders ({@link DEFAULT_TEMPLATES}); a journal may replace them per language
 * (`mail_templates`), each replacement checked on save as ICU using only the template's
 * placeholders ({@link validateTemplateText}). Which text a mail uses: the journal's in the
 * recipient's language, else the journal's in its primary language, else the catalogue's in the
 * recipient's language ({@link renderMail}).
 *
 * Sending ({@link sendWorkflowMail}): From the site's address (`MAIL_FROM`), Reply-To the
 * editor who acted, so replies reach a person while the mail passes DMARC.
 */
import { type Messages, setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { extractVariables } from "pofile-ts";
import { type Locale, localeOr } from "../../../shared/i18n/locales.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import { MAIL_TEMPLATES, type MailTemplateKey } from "../../../shared/workflow.ts";
import { serverTranslator } from "../../i18n/catalogues.ts";
import type { AppContext } from "../../services/context.ts";
import { invalid } from "../../services/errors.ts";
import { sendMail } from "../../services/mail.ts";

/** The catalogue's subject and body of each workflow mail (English ids, ICU placeholders). */
export const DEFAULT_TEMPLATES: Record<MailTemplateKey, { subject: string; body: string }> = {
  send_to_review: {
    subject: msg("{journal_name}: your submission is under review", ["journal_name"]),
    body: msg(
      'Dear {author_name},\n\nYour submission "{submission_title}" to {journal_name} has been sent to peer review. We will write again once the reviewers have reported.\n\nWith best regards,\nThe editors of {journal_name}',
      ["author_name", "journal_name", "submission_title"],
    ),
  },
  request_revisions: {
    subject: msg("{journal_name}: revisions requested for your submission", ["journal_name"]),
    body: msg(
      'Dear {author_name},\n\nThe reviewers of your submission "{submission_title}" to {journal_name} have reported. We ask you to revise it and to upload the revised manuscript with your response on your submissions page.\n\n{review_comments}\n\nWith best regards,\nThe editors of {journal_name}',
      ["author_name", "journal_name", "review_comments", "submission_title"],
    ),
  },
  new_round: {
    subject: msg("{journal_name}: a new review round for your submission", ["journal_name"]),
    body: msg(
      'Dear {author_name},\n\nYour revised submission "{submission_title}" to {journal_name} has been sent to a new round of review.\n\nWith best regards,\nThe editors of {journal_name}',
      ["author_name", "journal_name", "submission_title"],
    ),
  },
  accept: {
    subject: msg("{journal_name}: your submission is accepted", ["journal_name"]),
    body: msg(
      'Dear {author_name},\n\nWe are pleased to accept your submission "{submission_title}" for publication in {journal_name}.\n\n{review_comments}\n\nWith best regards,\nThe editors of {journal_name}',
      ["author_name", "journal_name", "review_comments", "submission_title"],
    ),
  },
  decline: {
    subject: msg("{journal_name}: decision on your submission", ["journal_name"]),
    body: msg(
      'Dear {author_name},\n\nWe regret that we cannot publish your submission "{submission_title}" in {journal_name}.\n\n{review_comments}\n\nWith best regards,\nThe editors of {journal_name}',
      ["author_name", "journal_name", "review_comments", "submission_title"],
    ),
  },
  review_invitation: {
    subject: msg('{journal_name}: invitation to review "{submission_title}"', [
      "journal_name",
      "submission_title",
    ]),
    body: msg(
      'Dear {reviewer_name},\n\nThe editors of {journal_name} invite you to review the submission "{submission_title}". The review is due on {due_date}. Open this link to read the abstract and to accept or decline; you need no account or password:\n\n{link}\n\nWith best regards,\nThe editors of {journal_name}',
      ["due_date", "journal_name", "link", "reviewer_name", "submission_title"],
    ),
  },
};

/** Values of a template's placeholders. */
export type TemplateValues = Partial<Record<string, string>>;

/**
 * `text` (ICU MessageFormat) with `values` filled, formatted for `locale`.
 * @throws Error when `text` does not compile.
 */
export function formatTemplate(text: string, locale: Locale, values: TemplateValues): string {
  const messages: Messages = { text: compileMessageOrThrow(text) };
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return i18n._("text", values);
}

/**
 * Checks a journal's text for template `key`: valid ICU MessageFormat naming only the
 * template's placeholders.
 * @throws AppError `invalid` (400) on field `field` saying what is wrong.
 */
export function validateTemplateText(key: MailTemplateKey, text: string, field: string): void {
  const allowed: readonly string[] = MAIL_TEMPLATES[key];
  let variables: string[];
  try {
    compileMessageOrThrow(text);
    variables = extractVariables(text);
  } catch {
    const message = msg("This text is not valid: check its braces and placeholders.");
    throw invalid(message, { [field]: message });
  }
  const unknown = variables.find((v) => !allowed.includes(v));
  if (unknown !== undefined) {
    const message = msgWith("{placeholder} is not a placeholder of this mail.", {
      placeholder: `{${unknown}}`,
    });
    throw invalid(message, { [field]: message });
  }
}

/**
 * Saves journal `journalId`'s own subject and body of template `key` in `locale` (both checked by
 * {@link validateTemplateText}); empty subject and body remove it, so the default applies again.
 */
export async function saveMailTemplate(
  ctx: AppContext,
  journalId: number,
  key: MailTemplateKey,
  locale: Locale,
  text: { subject: string; body: string },
): Promise<void> {
  if (!text.subject.trim() && !text.body.trim()) {
    await ctx.db
      .deleteFrom("mail_templates")
      .where("journal_id", "=", journalId)
      .where("template", "=", key)
      .where("locale", "=", locale)
      .execute();
    return;
  }
  validateTemplateText(key, text.subject, "subject");
  validateTemplateText(key, text.body, "body");
  await ctx.db
    .insertInto("mail_templates")
    .values({ journal_id: journalId, template: key, locale, ...text })
    .onConflict((oc) =>
      oc.columns(["journal_id", "template", "locale"]).doUpdateSet({
        subject: text.subject,
        body: text.body,
      }),
    )
    .execute();
}

/**
 * The subject and body of mail `key` for a recipient reading `locale`, from journal
 * `journalId`'s texts or the catalogue's (see the module comment), placeholders filled.
 * A stored text that no longer compiles (written before a check) falls back to the catalogue's.
 */
export async function renderMail(
  ctx: AppContext,
  journalId: number,
  key: MailTemplateKey,
  locale: string | null | undefined,
  values: TemplateValues,
): Promise<{ subject: string; text: string }> {
  const recipient = localeOr(locale);
  const journal = await ctx.db
    .selectFrom("journals")
    .select("primary_language")
    .where("id", "=", journalId)
    .executeTakeFirst();
  const rows = await ctx.db
    .selectFrom("mail_templates")
    .select(["locale", "subject", "body"])
    .where("journal_id", "=", journalId)
    .where("template", "=", key)
    .execute();
  const own =
    rows.find((r) => r.locale === recipient) ??
    rows.find((r) => r.locale === journal?.primary_language);
  if (own) {
    try {
      const ownLocale = localeOr(own.locale);
      return {
        subject: formatTemplate(own.subject, ownLocale, values),
        text: formatTemplate(own.body, ownLocale, values),
      };
    } catch (error) {
      ctx.log.warn({ err: error, journalId, key }, "a journal's mail template does not compile");
    }
  }
  const t = serverTranslator(recipient);
  const texts = DEFAULT_TEMPLATES[key];
  return { subject: t(texts.subject, values as never), text: t(texts.body, values as never) };
}

/**
 * Renders mail `key` ({@link renderMail}) and sends it to `to` from the site's address with
 * `replyTo` (the editor). Resolves with what was sent.
 * @throws AppError `unavailable` (503) when the mail server refused it (server/services/mail.ts).
 */
export async function sendWorkflowMail(
  ctx: AppContext,
  input: {
    journalId: number;
    key: MailTemplateKey;
    to: string;
    locale: string | null | undefined;
    replyTo?: string;
    values: TemplateValues;
  },
): Promise<{ subject: string; text: string }> {
  const rendered = await renderMail(ctx, input.journalId, input.key, input.locale, input.values);
  await sendMail(ctx, { to: input.to, replyTo: input.replyTo, ...rendered });
  return rendered;
}
