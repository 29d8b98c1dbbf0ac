/**
 * The site's public origin, in one place, and the Host check that makes it safe to build URLs
 * from a request (issue 7; docs/decisions/140-host-trust.md).
 *
 * Canonical URLs, `citation_pdf_url`, `og:url`, the sitemap, robots.txt, the feed and OAI-PMH
 * all print an absolute origin, and several of those answers are cacheable for an hour, so a
 * forged Host must never reach them:
 * - `PUBLIC_URL` set: it is the origin; the Host is only checked to be well formed.
 * - else `ALLOWED_HOSTS` set: the Host (or a trusted proxy's `X-Forwarded-Host`) must be one of
 *   them; the origin is the request's scheme and that host.
 * - else in production: only loopback names (`localhost`, `127.0.0.1`, `[::1]`) are answered, so
 *   a forgotten setting shows up as a 400 rather than as a poisoned cache.
 * - else (development, tests): any well-formed Host.
 */
import type { Request, RequestHandler } from "express";
import { msg } from "../../shared/i18n/messages.ts";
import { type Config, HOST_PATTERN } from "../config.ts";
import { sendClientError } from "./client-errors.ts";

/** Host names answered in production when neither `PUBLIC_URL` nor `ALLOWED_HOSTS` is set. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

export const BAD_HOST_MSG = msg("The Host header is missing or malformed.");
export const FOREIGN_HOST_MSG = msg("This site does not answer to that host name.");

type HostConfig = Pick<Config, "publicUrl" | "allowedHosts" | "env">;

/**
 * The one fallback of the site's origin: `PUBLIC_URL` when set, else `{scheme}://{host}` of the
 * request (host lower-cased, port kept). Every origin the server prints or keys on comes from
 * here: {@link publicOrigin} for Express requests, the output cache for raw ones
 * (server/http/output-cache.ts), the startup line (server/main.ts).
 */
export function originFrom(publicUrl: string | undefined, scheme: string, host: string): string {
  return publicUrl ?? `${scheme}://${host.toLowerCase()}`;
}

/**
 * The public origin (`https://journals.example.edu`, no trailing slash) for URLs in responses.
 * Only call it behind {@link hostGuard}, which has already refused hosts that may not be used.
 */
export function publicOrigin(config: Pick<Config, "publicUrl">, req: Request): string {
  return originFrom(config.publicUrl, req.protocol, req.host);
}

/** The allow-list in force, or undefined when any well-formed host is accepted. */
export function allowedHostsOf(config: HostConfig): string[] | undefined {
  if (config.publicUrl) return undefined;
  if (config.allowedHosts) return config.allowedHosts;
  return config.env === "production" ? LOOPBACK_HOSTS : undefined;
}

/** `host[:port]` → host name without the port, lower case (`[::1]` keeps its brackets). */
function withoutPort(host: string): string {
  const h = host.toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  const colon = h.lastIndexOf(":");
  return (colon === -1 ? h : h.slice(0, colon)).replace(/\.$/, "");
}

/**
 * Why `host` (a Host header value) may not be answered, or null when it may. An allow-list entry
 * with a port matches that port only; one without matches any port.
 */
export function hostProblem(config: HostConfig, host: string | undefined): string | null {
  if (!host || host.length > 260 || !HOST_PATTERN.test(host)) return BAD_HOST_MSG;
  const allowed = allowedHostsOf(config);
  if (!allowed) return null;
  const exact = host.toLowerCase().replace(/\.(?=:|$)/, "");
  const name = withoutPort(host);
  return allowed.some((a) => a === exact || a === name) ? null : FOREIGN_HOST_MSG;
}

/** Middleware: 400 for a request whose effective host {@link hostProblem} refuses. */
export function hostGuard(config: HostConfig): RequestHandler {
  return (req, res, next) => {
    const problem = hostProblem(config, req.host);
    if (problem) {
      sendClientError(req, res, 400, problem);
      return;
    }
    next();
  };
}

/**
 * The origin of links mailed to people (password reset, invitation, administrator confirmation;
 * issue 15, docs/decisions/262-administrator-address-and-mailed-links.md). A mail outlives the
 * request and its reader trusts it, so the request may choose nothing the operator did not list:
 * - `PUBLIC_URL` when set;
 * - else the request's scheme and Host when the Host, port included, is exactly an entry of the
 *   allow-list in force ({@link allowedHostsOf}: `ALLOWED_HOSTS`, or the loopback names in
 *   production); an entry without a port matches only a Host without one;
 * - else the configured default: the first `ALLOWED_HOSTS` entry, or `http://localhost:{PORT}`.
 * So `Host: localhost:9999` never puts port 9999 into a mailed link.
 */
export function linkOrigin(
  config: Pick<Config, "publicUrl" | "allowedHosts" | "env" | "port">,
  req: Pick<Request, "protocol" | "host">,
): string {
  if (config.publicUrl) return config.publicUrl;
  const allowed = allowedHostsOf(config);
  const host = (req.host ?? "").toLowerCase().replace(/\.(?=:|$)/, "");
  if (allowed?.includes(host)) return `${req.protocol}://${host}`;
  const first = config.allowedHosts?.[0];
  return first ? `${req.protocol}://${first}` : `http://localhost:${config.port}`;
}

/**
 * The one warning the start logs in production without `PUBLIC_URL` (issue 15), or null when
 * there is nothing to warn about (`PUBLIC_URL` set, or not production).
 */
export function publicUrlWarning(
  config: Pick<Config, "publicUrl" | "allowedHosts" | "env" | "port">,
): string | null {
  if (config.env !== "production" || config.publicUrl) return null;
  const fallback = config.allowedHosts?.[0]
    ? `the request's host when it is listed in ALLOWED_HOSTS, else ${config.allowedHosts[0]}`
    : `http://localhost:${config.port}`;
  const answered = config.allowedHosts
    ? ""
    : "; ALLOWED_HOSTS is unset too, so only localhost, 127.0.0.1 and [::1] are answered";
  return `PUBLIC_URL is unset: mailed links (password reset, invitations, administrator confirmation) use ${fallback}${answered}. Set PUBLIC_URL to the site's public address.`;
}
