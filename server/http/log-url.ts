/**
 * The URL as the logs may show it: tokens cut out (issue 15; docs/decisions/263-links-and-logs.md).
 * Anybody who reads the access log (an operator, a log service, a backup) must not be able to
 * use a link from it, so every value that works as a key is replaced by `[redacted]`:
 * - the path segment after `/api/invitation/` (an invitation token);
 * - the value of every query parameter whose name says it carries a secret: `invite`, `token`
 *   (reset and administrator confirmation links), `api_key`/`key` (SUSHI), `code`, `secret`,
 *   `password`/`pword`, `signature`, `sig` (any case, any prefix such as `reset_token`).
 * Reset links carry their token in the fragment, which browsers never send; it is cut too, for
 * a client that sends one anyway. Everything else (path, other parameters) stays as it came.
 */

export const REDACTED = "[redacted]";

/** Query parameter names whose values are secrets. */
const SECRET_PARAM = /(?:token|invite|key|code|secret|password|pword|signature|^sig$)/i;
/** Paths whose last segment is a secret: `/api/invitation/{token}` (also in a full URL). */
const SECRET_SEGMENT = /^((?:[a-z][a-z0-9+.-]*:\/\/[^/]*)?\/api\/invitation\/)[^/?#]+/i;

/**
 * `url` (a request target: path, query, maybe a fragment; or a whole URL) with its secrets
 * redacted.
 */
export function loggableUrl(url: string): string {
  const hash = url.indexOf("#");
  const withoutHash = hash === -1 ? url : `${url.slice(0, hash)}#${REDACTED}`;
  const mark = withoutHash.indexOf("?");
  const path = mark === -1 ? withoutHash : withoutHash.slice(0, mark);
  const cleanPath = path.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (mark === -1) return cleanPath;
  const rest = withoutHash.slice(mark + 1);
  const end = rest.indexOf("#");
  const query = end === -1 ? rest : rest.slice(0, end);
  const fragment = end === -1 ? "" : rest.slice(end);
  const parts = query.split("&").map((part) => {
    const eq = part.indexOf("=");
    if (eq === -1) return part;
    let name = part.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, " "));
    } catch {
      // a malformed name is judged as it is
    }
    return SECRET_PARAM.test(name) ? `${part.slice(0, eq)}=${REDACTED}` : part;
  });
  return `${cleanPath}?${parts.join("&")}${fragment}`;
}

/**
 * What the logger itself cuts from every line, whatever logged it (pino's `redact`, set in
 * server/bootstrap.ts; issue 30, decision 380): cookies and credentials of requests and
 * responses, and any field named like a secret one level down (`{ user: { password } }`). A
 * second net under the rule that no secret is handed to the logger at all.
 */
export const LOG_REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  ...[
    "password",
    "pword",
    "cpword",
    "token",
    "secret",
    "api_key",
    "apiKey",
    "sessionSecret",
  ].flatMap((name) => [name, `*.${name}`]),
];
