/**
 * The site's two calls to Crossref, which carry the account's password (issue 16, decision 278;
 * issue 30, decision 397):
 *
 * - {@link postDeposit}: `POST CROSSREF_DEPOSIT_URL`, `multipart/form-data` with
 *   `operation=doMDUpload`, `login_id`, `login_passwd` and the file as `fname`
 *   (https://www.crossref.org/documentation/register-maintain-records/direct-deposit-xml/https-post/);
 * - {@link fetchSubmissionLog}: `GET …/servlet/submissionDownload?usr=&pwd=&doi_batch_id=&type=result`,
 *   beside the deposit URL.
 *
 * Neither follows a redirect (`redirect: "manual"`): a 3xx would have the password sent again, to
 * an address nobody configured. What a manager is shown of an answer is the batch status of
 * Crossref's page (its `SUCCESS` or `FAILURE` heading, read with @xmldom/xmldom) or a fixed
 * message chosen by the HTTP status, never the answer's text, which an endpoint may fill with
 * anything, the form it received included. The log lines name the status and the outcome only.
 */
import { DOMParser, type Document } from "@xmldom/xmldom";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import { CROSSREF_TEST_DEPOSIT_URL } from "../../config.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";

/** Time allowed for one call to Crossref. */
const CROSSREF_TIMEOUT_MS = 30_000;

export const NOT_CONFIGURED = msg(
  "Crossref is not set up on this site: the administrator must set CROSSREF_USERNAME and CROSSREF_PASSWORD.",
);

export const UNREACHABLE = msg("Crossref could not be reached. Please try again later.");

/** The account of `CROSSREF_USERNAME` and `CROSSREF_PASSWORD`; @throws AppError conflict without. */
export function crossrefCredentials(ctx: AppContext): { username: string; password: string } {
  const { username, password } = ctx.config.crossref;
  if (!username || !password) throw new AppError("conflict", NOT_CONFIGURED);
  return { username, password };
}

/** The deposit URL as a message may show it: origin and path, never user information or query. */
function shownDepositUrl(depositUrl: string): string {
  const url = new URL(depositUrl);
  return `${url.origin}${url.pathname}`;
}

/**
 * The batch status of Crossref's answer to an upload: its page is
 * `<html><head><title>SUCCESS</title></head><body><h2>SUCCESS</h2><p>…</p></body></html>` (or
 * `FAILURE`). Undefined for any other answer, a page or not.
 */
function depositStatus(page: string): "SUCCESS" | "FAILURE" | undefined {
  let doc: Document;
  try {
    doc = new DOMParser({ onError: () => {} }).parseFromString(page, "text/html");
  } catch {
    return undefined; // no document at all (empty, plain text): xmldom's fatal errors throw
  }
  for (const tag of ["h2", "title"]) {
    const word = doc.getElementsByTagName(tag)[0]?.textContent?.trim().toUpperCase();
    if (word === "SUCCESS" || word === "FAILURE") return word;
  }
  return undefined;
}

/**
 * The message a manager is shown when an upload was not taken, by what the site knows of the
 * answer: its HTTP status and its batch status. A catalogue message with its values (decision
 * 382); the status is a code, carried as text.
 */
function refusal(depositUrl: string, httpStatus: number, batch: string | undefined): string {
  const url = shownDepositUrl(depositUrl);
  const status = String(httpStatus);
  if (httpStatus >= 300 && httpStatus < 400) {
    return depositUrl.startsWith("http://")
      ? msgWith(
          "Nothing was deposited: {url} (CROSSREF_DEPOSIT_URL) answered HTTP {status}, a redirect to another address, and the site does not send the Crossref password on to an address it was not given. It starts with http://; Crossref's deposit address starts with https://. Set CROSSREF_DEPOSIT_URL to the deposit address itself (Crossref's: https://doi.crossref.org/servlet/deposit, its test system: {testUrl}).",
          { url, status, testUrl: CROSSREF_TEST_DEPOSIT_URL },
        )
      : msgWith(
          "Nothing was deposited: {url} (CROSSREF_DEPOSIT_URL) answered HTTP {status}, a redirect to another address, and the site does not send the Crossref password on to an address it was not given. Set CROSSREF_DEPOSIT_URL to the deposit address itself (Crossref's: https://doi.crossref.org/servlet/deposit, its test system: {testUrl}).",
          { url, status, testUrl: CROSSREF_TEST_DEPOSIT_URL },
        );
  }
  if (httpStatus === 401 || httpStatus === 403) {
    return msgWith(
      "Crossref refused the account (HTTP {status}): check CROSSREF_USERNAME and CROSSREF_PASSWORD.",
      { status },
    );
  }
  if (httpStatus === 404 || httpStatus === 405) {
    return msgWith(
      "Nothing was deposited: {url} (CROSSREF_DEPOSIT_URL) answered HTTP {status}, so it is not a Crossref deposit address.",
      { url, status },
    );
  }
  if (httpStatus >= 500) {
    return msgWith(
      "Crossref is not available at the moment (HTTP {status}). Please try again later.",
      { status },
    );
  }
  if (batch === "FAILURE") {
    return msgWith(
      "Crossref refused the deposit (FAILURE, HTTP {status}). Its reason is in the account's submissions at Crossref.",
      { status },
    );
  }
  if (httpStatus >= 400)
    return msgWith("Crossref refused the deposit (HTTP {status}).", { status });
  return msgWith(
    "Nothing was deposited: {url} (CROSSREF_DEPOSIT_URL) answered HTTP {status} with a page that is not Crossref's answer to a deposit.",
    { url, status },
  );
}

/**
 * Posts `xml` to `CROSSREF_DEPOSIT_URL` as `fileName`, following no redirect.
 * @throws AppError conflict when Crossref is not configured; unavailable (503) when Crossref
 *   cannot be reached or does not answer `SUCCESS` with a 2xx, with a message of {@link refusal}.
 */
export async function postDeposit(ctx: AppContext, xml: string, fileName: string): Promise<void> {
  const { username, password } = crossrefCredentials(ctx);
  const { depositUrl } = ctx.config.crossref;
  const form = new FormData();
  form.append("operation", "doMDUpload");
  form.append("login_id", username);
  form.append("login_passwd", password);
  form.append("fname", new Blob([xml], { type: "application/xml" }), fileName);
  let res: Response;
  let page: string;
  try {
    res = await fetch(depositUrl, {
      method: "POST",
      body: form,
      redirect: "manual",
      signal: AbortSignal.timeout(CROSSREF_TIMEOUT_MS),
    });
    page = await res.text();
  } catch (error) {
    ctx.log.warn({ err: error }, "Crossref deposit could not be sent");
    throw new AppError("unavailable", UNREACHABLE);
  }
  const batch = depositStatus(page);
  if (res.ok && batch === "SUCCESS") return;
  ctx.log.warn(
    { status: res.status, batch: batch ?? "not Crossref's answer" },
    "Crossref did not take the deposit",
  );
  throw new AppError("unavailable", refusal(depositUrl, res.status, batch));
}

/**
 * The submission log of `batchId` as Crossref answered it (XML), following no redirect; null
 * when it could not be read (unreachable, not a 2xx), which is logged by status only.
 * @throws AppError conflict when Crossref is not configured.
 */
export async function fetchSubmissionLog(ctx: AppContext, batchId: string): Promise<string | null> {
  const { username, password } = crossrefCredentials(ctx);
  const url = new URL("submissionDownload", ctx.config.crossref.depositUrl);
  url.search = new URLSearchParams({
    usr: username,
    pwd: password,
    doi_batch_id: batchId,
    type: "result",
  }).toString();
  try {
    const res = await fetch(url, {
      redirect: "manual",
      signal: AbortSignal.timeout(CROSSREF_TIMEOUT_MS),
    });
    if (res.ok) return await res.text();
    await res.body?.cancel();
    ctx.log.warn({ status: res.status }, "Crossref submission log not read");
    return null;
  } catch (error) {
    ctx.log.warn({ err: error }, "Crossref submission log could not be read");
    return null;
  }
}
