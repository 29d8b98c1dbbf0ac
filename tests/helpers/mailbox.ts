/**
 * A real SMTP server in the test process (npm `smtp-server`), for tests of outgoing mail: point
 * the site's `SMTP_URL` at `mailbox.url` and read what arrives, parsed by `mailparser`.
 *
 * ```ts
 * const mailbox = await startMailbox();            // a free port; or startMailbox(2561)
 * const t = await createTestContext({ SMTP_URL: mailbox.url });
 * const mail = await mailbox.waitFor("ada@example.org");  // polls, no fixed sleep
 * ```
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** Envelope recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The Reply-To header's address(es), "" when none. */
  replyTo: string;
};

export type Mailbox = {
  port: number;
  /** `smtp://127.0.0.1:{port}` */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /**
   * The first message to `to` received after the `skip` first ones to that address, waiting
   * up to `timeoutMs`. @throws when none arrives in time.
   */
  waitFor(to: string, options?: { skip?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** How many messages went to `to`. */
  countFor(to: string): number;
  close(): Promise<void>;
};

/** Starts the server on 127.0.0.1:`port` (0: a free one). No TLS, no authentication. */
export async function startMailbox(port = 0): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            replyTo: parsed.replyTo?.text ?? "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  const forAddress = (to: string) => messages.filter((m) => m.to.includes(to.toLowerCase()));
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    countFor: (to) => forAddress(to).length,
    async waitFor(to, { skip = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = forAddress(to)[skip];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link's token in a mail's text (`…/reset-password#TOKEN`). */
export function resetTokenIn(text: string): string {
  const match = /\/reset-password#([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}

/**
 * The messages written to an outbox folder (`DATA_DIR/outbox`, mail without `SMTP_URL`), newest
 * first, each parsed by `mailparser` so encodings (quoted-printable line folds) are undone.
 * An absent folder gives `[]`.
 */
export async function outboxMessages(dir: string): Promise<{ to: string; text: string }[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
  const parsed = [];
  for (const file of files) {
    const mail = await simpleParser(await readFile(path.join(dir, file)));
    const to = Array.isArray(mail.to)
      ? mail.to.map((a) => a.text).join(", ")
      : (mail.to?.text ?? "");
    parsed.push({ to: to.toLowerCase(), text: mail.text ?? "" });
  }
  return parsed;
}
