/**
 * Who is signed in. `loadUser` reads the session cookie of a request and answers the manager it
 * belongs to, or null. (Placeholder until the accounts work lands: nobody is signed in.)
 */
import type { Request } from "express";
import type { SignedInUser } from "../../app/context.ts";
import type { AppContext } from "../services/context.ts";

export async function loadUser(_ctx: AppContext, _req: Request): Promise<SignedInUser | null> {
  return null;
}
