import type { SignedInUser } from "../../shared/api.ts";

declare global {
  namespace Express {
    interface Locals {
      /** Content-Security-Policy nonce of this response (base64). */
      nonce: string;
      /** The signed-in manager, set by the session middleware; null when signed out. */
      user: SignedInUser | null;
      /** Id of the session the request carries (HMAC hash), when signed in. */
      sessionId?: string;
    }
  }
}
