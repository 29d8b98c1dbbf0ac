/**
 * The screen where a journal's editors edit its mail templates (issue 31; decision 405): per
 * template and language, the catalogue's default, the journal's own text if any, the
 * placeholders the template may use, and a preview with example values. Saving is
 * ./mail-templates.ts `saveMailTemplate` (ICU check, only the template's placeholders; empty
 * subject and body reset to the default). No HTTP here.
 */
import { formatDate } from "../../../shared/i18n/intl.ts";
import { type Locale, localeOr } from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { MAIL_TEMPLATES, type MailTemplateKey } from "../../../shared/workflow.ts";
import type { MailTemplateItem } from "../../../shared/workflow-api.ts";
import { serverTranslator } from "../../i18n/catalogues.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { NO_JOURNAL, type Party } from "./access.ts";
import { workflowSettings } from "./editorial.ts";
import {
  DEFAULT_TEMPLATES,
  formatTemplate,
  saveMailTemplate,
  validateTemplateText,
} from "./mail-templates.ts";

/** Example values of the placeholders, as a preview fills them (catalogue texts). */
const EXAMPLES: Record<string, string> = {
  author_name: msg("A. N. Author"),
  reviewer_name: msg("A. N. Reviewer"),
  submission_title: msg("An example submission"),
  review_comments: msg("Reviewer 1: Minor revisions\nThe comments meant for the author."),
};

/** Journal `uri`'s id and name once `party` is one of its editors (rules of `workflowSettings`). */
async function editedJournal(ctx: AppContext, party: Party, uri: string) {
  await workflowSettings(ctx, party, uri);
  const journal = await ctx.db
    .selectFrom("journals")
    .select(["id", "name"])
    .where("uri", "=", uri)
    .executeTakeFirst();
  if (!journal) throw notFound(NO_JOURNAL);
  return journal;
}

/**
 * Every template of journal `uri` in `locale` (and the journal's name): its placeholders, the catalogue's subject and
 * body in that language, and the journal's own (empty strings when it has none).
 * @throws AppError as `workflowSettings` (404 author or unknown journal, 403 another's journal).
 */
export async function journalMailTemplates(
  ctx: AppContext,
  party: Party,
  uri: string,
  locale: Locale,
): Promise<{ templates: MailTemplateItem[]; journal_name: string }> {
  const journal = await editedJournal(ctx, party, uri);
  const own = await ctx.db
    .selectFrom("mail_templates")
    .select(["template", "subject", "body"])
    .where("journal_id", "=", journal.id)
    .where("locale", "=", locale)
    .execute();
  const t = serverTranslator(locale);
  const templates = (Object.keys(MAIL_TEMPLATES) as MailTemplateKey[]).map((key) => {
    const mine = own.find((r) => r.template === key);
    // the catalogue's text in `locale` with its placeholders written back as `{name}`: the
    // templates use plain arguments only, so this is the translation as an editor would write it
    const asWritten = Object.fromEntries(MAIL_TEMPLATES[key].map((p) => [p, `{${p}}`]));
    return {
      key,
      placeholders: [...MAIL_TEMPLATES[key]],
      default_subject: t(DEFAULT_TEMPLATES[key].subject, asWritten as never),
      default_body: t(DEFAULT_TEMPLATES[key].body, asWritten as never),
      subject: mine?.subject ?? "",
      body: mine?.body ?? "",
    };
  });
  return { templates, journal_name: journal.name };
}

/** Saves (or, both empty, resets) journal `uri`'s text of `key` in `locale` for its editors. */
export async function saveJournalMailTemplate(
  ctx: AppContext,
  party: Party,
  uri: string,
  input: { template: MailTemplateKey; locale: Locale; subject: string; body: string },
): Promise<void> {
  const journal = await editedJournal(ctx, party, uri);
  await saveMailTemplate(ctx, journal.id, input.template, input.locale, input);
}

/**
 * Subject and body of `key` as a mail in `locale` would read them, filled with example values
 * (the journal's real name, a due date in four weeks, an example link).
 * @throws AppError `invalid` (400) by field, as `validateTemplateText`.
 */
export async function previewMailTemplate(
  ctx: AppContext,
  party: Party,
  uri: string,
  input: { template: MailTemplateKey; locale: Locale; subject: string; body: string },
): Promise<{ subject: string; body: string }> {
  const journal = await editedJournal(ctx, party, uri);
  validateTemplateText(input.template, input.subject, "subject");
  validateTemplateText(input.template, input.body, "body");
  const locale = localeOr(input.locale);
  const t = serverTranslator(locale);
  const due = new Date(Date.now() + 28 * 86_400_000).toISOString().slice(0, 10);
  const values: Record<string, string> = {
    journal_name: journal.name,
    due_date: formatDate(due, locale),
    link: `${ctx.config.publicUrl ?? "https://journals.example.org"}/review#…`,
  };
  for (const [k, v] of Object.entries(EXAMPLES)) values[k] = t(v);
  return {
    subject: formatTemplate(input.subject, locale, values),
    body: formatTemplate(input.body, locale, values),
  };
}
