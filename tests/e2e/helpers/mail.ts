/**
 * The in-process SMTP server of the browser specs that read mail: tests/e2e/serve.ts points the
 * e2e server's `SMTP_URL` at `E2E_SMTP_PORT` (default `E2E_PORT + 1`); a spec starts the
 * mailbox there in `beforeAll` and closes it in `afterAll`. Specs of two workers take turns on
 * the port (tests/e2e/helpers/ports.ts).
 */
import { type Mailbox, startMailbox } from "../../helpers/mailbox.ts";
import { listenWhenFree } from "./ports.ts";

export { resetTokenIn } from "../../helpers/mailbox.ts";

/**
 * Starts the SMTP server on the port the e2e server sends to, once no other worker's spec
 * listens there (waiting up to five minutes).
 */
export function startE2eMailbox(): Promise<Mailbox> {
  const port = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1);
  return listenWhenFree(() => startMailbox(port));
}
