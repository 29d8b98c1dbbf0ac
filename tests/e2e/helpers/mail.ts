/**
 * The in-process SMTP server of the browser specs that read mail: tests/e2e/serve.ts points the
 * e2e server's `SMTP_URL` at `E2E_SMTP_PORT` (default `E2E_PORT + 1`); a spec starts the
 * mailbox there in `beforeAll` and closes it in `afterAll`. Specs of two workers take turns on
 * the port (tests/e2e/helpers/ports.ts).
 */
import { test } from "@playwright/test";
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

/**
 * The spec file's mailbox: started in `test.beforeAll` ({@link startE2eMailbox}) and closed in
 * `test.afterAll`. The object is empty until then, so read it inside tests only.
 */
export function specMailbox(): Mailbox {
  const mailbox = {} as Mailbox;
  test.beforeAll(async () => {
    Object.assign(mailbox, await startE2eMailbox());
  });
  test.afterAll(async () => {
    await mailbox.close?.();
  });
  return mailbox;
}
