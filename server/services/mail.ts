/**
 * Outgoing mail, minimal version (issue 8). The "Account recovery and mail" work replaces this
 * module with one sending over SMTP (`SMTP_URL`); the signature stays. Here every message is
 * written to the log and to `DATA_DIR/outbox/<time>-<random>.eml` (RFC 5322 text), so a fresh
 * install, and the tests, can read what would have been sent.
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AppContext } from "./context.ts";

export type MailMessage = { to: string; subject: string; text: string };

/** Folder the messages are written to. */
export function outboxDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, "outbox");
}

/** Header values never carry a line break (header injection). */
const headerValue = (value: string) => value.replace(/[\r\n]+/g, " ");

/**
 * Sends `message` (plain text, UTF-8): logs it and writes it as an .eml file to
 * {@link outboxDir}. @throws the file system's error when the outbox cannot be written.
 */
export async function sendMail(ctx: AppContext, message: MailMessage): Promise<void> {
  const dir = outboxDir(ctx);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${randomBytes(6).toString("hex")}.eml`);
  const eml = [
    `From: ${headerValue(ctx.config.contactEmail ?? `no-reply@${ctx.config.siteName}`)}`,
    `To: ${headerValue(message.to)}`,
    `Subject: ${headerValue(message.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    message.text,
    "",
  ].join("\r\n");
  await writeFile(file, eml, "utf8");
  ctx.log.info({ to: message.to, subject: message.subject, text: message.text, file }, "mail");
}
