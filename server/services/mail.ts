/**
 * Outgoing mail (issue 8; decision 195): password reset links, manager invitations.
 *
 * - With `SMTP_URL` (server/config.ts) each message goes to that SMTP server through nodemailer
 *   (`smtp://` with STARTTLS when offered, `smtps://` for TLS from the start; credentials in the
 *   URL), From `MAIL_FROM`. A connection is opened per message: mail is rare here, and no
 *   connection pool outlives a request.
 * - Without `SMTP_URL` (a fresh install) the message is built the same way and written to
 *   `DATA_DIR/outbox/<time>-<random>.eml`, readable by the server's user only, so a site without
 *   a mail server still works: the operator can read or forward the file. The log names the
 *   recipient, subject and file, never the text: messages carry reset, invitation and
 *   confirmation links, and a log is read by more people, for longer, than a mailbox (issue 30,
 *   finding 2; decision 380).
 *
 * Failures (SMTP refused, connection timed out, the outbox not writable) are logged with their
 * cause and thrown as AppError `unavailable` (503) with a msg a person can act on, never a bare
 * 500. Callers that must not reveal whether a message was sent (the reset request) do not await
 * it in the request; see server/features/accounts/password-reset.ts.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createTransport } from "nodemailer";
import { localeOr } from "../../shared/i18n/locales.ts";
import { msg } from "../../shared/i18n/messages.ts";
import type { Translate } from "../../shared/i18n/translator.ts";
import { serverTranslator } from "../i18n/catalogues.ts";
import { makePrivateFolder, writePrivateFile } from "../private-files.ts";
import type { AppContext } from "./context.ts";
import { AppError } from "./errors.ts";

/** The msg of a failed send. */
export const MAIL_FAILED_MSG = msg(
  "The email could not be sent just now. Please try again later, or ask the site's administrators.",
);

/** Milliseconds to wait for the SMTP server at each step, so a dead server fails a send quickly. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Folder of the messages written when no SMTP server is configured. */
export function outboxDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, "outbox");
}

/**
 * Sends `message` from `MAIL_FROM` (with `replyTo` as Reply-To when given: the editor of a
 * workflow mail, decision 400): over SMTP when `SMTP_URL` is set, else into the outbox
 * folder and the log (see the module comment). Resolves once the SMTP server has accepted the
 * message or the file is written.
 * @throws AppError `unavailable` (503, {@link MAIL_FAILED_MSG}) when it could not be sent; the
 *   cause is logged.
 */
export async function sendMail(
  ctx: AppContext,
  message: { to: string; subject: string; text: string; replyTo?: string },
): Promise<void> {
  const mail = {
    from: ctx.config.mailFrom,
    to: message.to,
    subject: message.subject,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  };
  try {
    if (ctx.config.smtpUrl) {
      const transport = createTransport({ url: ctx.config.smtpUrl, ...SMTP_TIMEOUTS });
      try {
        const info = await transport.sendMail({ ...mail, text: message.text });
        ctx.log.info({ to: message.to, subject: message.subject, id: info.messageId }, "mail sent");
      } finally {
        transport.close();
      }
      return;
    }
    const transport = createTransport({ streamTransport: true, buffer: true });
    const info = await transport.sendMail({ ...mail, text: message.text });
    const dir = outboxDir(ctx);
    await makePrivateFolder(dir); // the outbox holds reset and invitation links (decision 396)
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
    await writePrivateFile(file, info.message as Buffer);
    ctx.log.info(
      { to: message.to, subject: message.subject, file },
      "mail written to the outbox (no SMTP_URL configured)",
    );
  } catch (error) {
    ctx.log.error({ err: error, to: message.to, subject: message.subject }, "mail not sent");
    throw new AppError("unavailable", MAIL_FAILED_MSG);
  }
}

/**
 * Sends the message `compose` writes, in `locale` (an account's stored language; unknown or null:
 * the site's default), in the background: returns at once, and a failure is only logged by
 * {@link sendMail}. For mail whose sending the caller's answer must neither wait for nor reveal
 * (reset links, confirmation links, the failed sign-ins alert; decision 196).
 * @param compose given the translator of `locale` and the site's name (`SITE_NAME`), the
 *   message: recipient, subject and text.
 */
export function sendMailInBackground(
  ctx: AppContext,
  locale: string | null,
  compose: (t: Translate, site: string) => { to: string; subject: string; text: string },
): void {
  const message = compose(serverTranslator(localeOr(locale)), ctx.config.siteName);
  sendMail(ctx, message).catch(() => {
    // already logged by sendMail; the caller answered without it on purpose
  });
}
