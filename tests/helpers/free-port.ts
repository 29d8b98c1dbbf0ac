/**
 * A TCP port free on 127.0.0.1 for a child process to listen on (a second server, a Redis
 * stand-in): the system picks one for a server that closes at once. Another process may take it
 * in between, which the tests accept (nothing else of theirs listens then).
 */
import { createServer } from "node:net";

/** A port free on 127.0.0.1 a moment ago. @throws when the system gives no port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (!address || typeof address === "string") reject(new Error("no port"));
        else resolve(address.port);
      });
    });
  });
}
