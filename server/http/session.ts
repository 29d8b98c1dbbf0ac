/**
 * Who is signed in, and the session cookie (docs/product/roles.md: "cookies sent with every call";
 * docs/product/api.md). `loadUser` runs for every page and API request (server/http/app.ts) and
 * puts the manager into `res.locals.user`; the account API sets and clears the cookie.
 *
 * The cookie holds the session token (server/features/accounts/sessions.ts) and is `HttpOnly` (no script
 * reads it), `SameSite=Strict` (no other site's page or link makes the browser send it) and
 * `Path=/`. Behind HTTPS (`PUBLIC_URL` starting with https://, or a request that arrived over
 * HTTPS through a trusted proxy) it is also `Secure` and carries the `__Host-` name prefix, which
 * browsers accept only from a secure origin without a `Domain` attribute, so no sibling
 * subdomain can plant or overwrite it (RFC 6265bis section 4.1.3.2). A "Remember me" session
 * gets a persistent cookie (`Max-Age` of 30 days); the others a browser-session cookie.
 */
import type { Request, Response } from "express";
import type { SignedInUser } from "../../shared/api.ts";
import {
  addDeviceProof,
  DEVICE_PROOF_MAX_AGE_MS,
  isKnownDevice,
} from "../features/accounts/known-devices.ts";
import { resolveSession, type StartedSession } from "../features/accounts/sessions.ts";
import { displayName } from "../features/accounts/users.ts";
import type { AppContext } from "../services/context.ts";

/** Cookie name over plain HTTP (development, tests, a private network). */
export const SESSION_COOKIE = "athenaeum_session";
/** Cookie name over HTTPS. */
export const SECURE_SESSION_COOKIE = "__Host-athenaeum_session";
/**
 * The browser's device proofs (server/features/accounts/known-devices.ts, decision 381), over
 * plain HTTP; over HTTPS the name carries the `__Host-` prefix like the session cookie's.
 */
export const DEVICE_COOKIE = "athenaeum_device";

/** Whether the site is served over HTTPS for this request. */
export function isSecureRequest(ctx: AppContext, req: Request): boolean {
  return Boolean(ctx.config.publicUrl?.startsWith("https://")) || req.secure;
}

function cookieName(ctx: AppContext, req: Request): string {
  return isSecureRequest(ctx, req) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function deviceCookieName(ctx: AppContext, req: Request): string {
  return isSecureRequest(ctx, req) ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

/** Whether the request's browser has signed in to the account of `email` before (decision 381). */
export function isKnownDeviceOf(ctx: AppContext, req: Request, email: string): boolean {
  return isKnownDevice(
    ctx.config.sessionSecret,
    email,
    readCookie(req, deviceCookieName(ctx, req)),
  );
}

/** After a sign-in of `email`: the browser keeps a proof that it did (decision 381). */
export function rememberDevice(ctx: AppContext, req: Request, res: Response, email: string): void {
  const proofs = addDeviceProof(
    ctx.config.sessionSecret,
    email,
    readCookie(req, deviceCookieName(ctx, req)),
  );
  res.cookie(deviceCookieName(ctx, req), proofs, {
    httpOnly: true,
    sameSite: "strict",
    secure: isSecureRequest(ctx, req),
    path: "/",
    maxAge: DEVICE_PROOF_MAX_AGE_MS,
  });
}

/** Value of cookie `name` in the request's `Cookie` header, or undefined. */
export function readCookie(req: Pick<Request, "headers">, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The session token the request carries, or undefined. */
export function readSessionToken(ctx: AppContext, req: Request): string | undefined {
  return readCookie(req, cookieName(ctx, req));
}

/** Sets the session cookie of `session` on `res`. */
export function setSessionCookie(
  ctx: AppContext,
  req: Request,
  res: Response,
  session: StartedSession,
): void {
  res.cookie(cookieName(ctx, req), session.token, {
    httpOnly: true,
    sameSite: "strict",
    secure: isSecureRequest(ctx, req),
    path: "/",
    ...(session.persistent ? { maxAge: session.expiresAt.getTime() - Date.now() } : {}),
  });
}

/** Tells the browser to drop the session cookie. */
export function clearSessionCookie(ctx: AppContext, req: Request, res: Response): void {
  res.clearCookie(cookieName(ctx, req), {
    httpOnly: true,
    sameSite: "strict",
    secure: isSecureRequest(ctx, req),
    path: "/",
  });
}

/**
 * The manager whose live session the request's cookie names, or null; an author's session
 * (decision 400) puts the author into `res.locals.author` instead and answers null. Also records the session
 * id in `res.locals.sessionId` when a response is given. Never trusts anything but the cookie.
 */
export async function loadUser(
  ctx: AppContext,
  req: Request,
  res?: Response,
): Promise<SignedInUser | null> {
  const token = readSessionToken(ctx, req);
  if (!token) return null;
  const session = await resolveSession(ctx, token);
  if (!session) return null;
  if (res) res.locals.sessionId = session.sessionId;
  const { user } = session;
  // an author account never reaches the managers' dashboard (decision 400): it is no manager
  if (user.kind === "author") {
    if (res) {
      res.locals.author = {
        id: user.id,
        name: displayName(user),
        email: user.email,
        locale: user.locale,
      };
    }
    return null;
  }
  return { id: user.id, name: displayName(user), email: user.email, role: user.role };
}
