/**
 * Fixed ports shared by specs that may run at the same time in two Playwright workers
 * (playwright.config.ts, decision 340). The e2e server sends its mail to one SMTP port and its
 * Crossref deposits to one URL (tests/e2e/serve.ts), so the spec that listens there holds the
 * port from its `beforeAll` to its `afterAll`; a spec of the other worker that needs the same
 * port waits until it is free: the port itself is the lock, released when the holder closes
 * its server (or its worker exits).
 */
import { test } from "@playwright/test";

/** How long a spec waits for another worker's spec to free the port (milliseconds). */
const WAIT_MS = 300_000;
/** Interval between two attempts to listen (milliseconds). */
const RETRY_MS = 200;

/**
 * Runs `start` (a function that listens on a fixed port and rejects with the `EADDRINUSE`
 * error while another spec listens there) until it succeeds, for at most five minutes.
 * Called from a `beforeAll` hook: it lengthens the hook's timeout by the time it may wait.
 * @returns what `start` resolves to.
 * @throws the last `EADDRINUSE` error after five minutes, or any other error at once.
 */
export async function listenWhenFree<T>(start: () => Promise<T>): Promise<T> {
  const info = test.info();
  info.setTimeout(info.timeout + WAIT_MS);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      return await start();
    } catch (error) {
      const inUse = (error as NodeJS.ErrnoException | undefined)?.code === "EADDRINUSE";
      if (!inUse || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
