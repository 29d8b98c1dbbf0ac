/**
 * What the viewer says when a PDF cannot be opened (docs/product/errors.md): 404 → `Missing PDF
 * "{url}".`; any other answer but 200/206 → `Unexpected server response ({status}) while
 * retrieving PDF "{url}".`; no URL → `No PDF file specified.`; anything else (network failure,
 * a damaged file) → `Failed to load PDF file.` (`VIEWER_MESSAGES` of shared/constants.ts).
 *
 * pdf.js 6 reports HTTP failures as a `ResponseException` with `status` (and `missing` for 404).
 * A status of 0 means no answer at all (network down), which is not a "server response".
 */
import { VIEWER_MESSAGES } from "../../../shared/constants.ts";
import { msgWith } from "../../../shared/i18n/messages.ts";

type MaybeResponseError = { name?: unknown; status?: unknown; missing?: unknown };

/**
 * The message for a failed load of `url` (absolute, as pdf.js fetched it), as a carried
 * catalogue text (shared/i18n/messages.ts): the viewer shows it with `t` in the page's language.
 * @param error whatever pdf.js's loading task rejected with.
 */
export function loadErrorMessage(error: unknown, url: string): string {
  if (!url) return VIEWER_MESSAGES.noFile;
  const e = (error ?? {}) as MaybeResponseError;
  if (e.name === "ResponseException" && typeof e.status === "number") {
    if (e.status === 404 || (e.missing === true && e.status !== 0)) {
      return msgWith('Missing PDF "{url}".', { url });
    }
    if (e.status !== 0 && e.status !== 200 && e.status !== 206) {
      // the status is a code, shown as the server sent it
      return msgWith('Unexpected server response ({status}) while retrieving PDF "{url}".', {
        status: String(e.status),
        url,
      });
    }
  }
  return VIEWER_MESSAGES.loadFailed;
}
