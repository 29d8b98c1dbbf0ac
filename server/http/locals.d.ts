import type { SignedInUser } from "../../shared/api.ts";
import type { RenderLocale } from "../../shared/i18n/locales.ts";
import type { SignedInAuthor } from "../../shared/workflow-api.ts";

declare global {
  namespace Express {
    interface Locals {
      /** Content-Security-Policy nonce of this response (base64). */
      nonce: string;
      /** The signed-in manager, set by the session middleware; null when signed out. */
      user: SignedInUser | null;
      /** The signed-in author (decision 400), never a manager; null or absent otherwise. */
      author?: SignedInAuthor | null;
      /** Id of the session the request carries (HMAC hash), when signed in. */
      sessionId?: string;
      /** The language of this answer (./locale.ts); set for every request past the Host check. */
      locale: RenderLocale;
    }
  }
}
