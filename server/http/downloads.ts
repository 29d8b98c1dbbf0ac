/**
 * Paper PDF galleys at `/journal/{journal_url}/download/{paperID}/{name}.pdf` (DESIGN section 4).
 * Placeholder until the public API lands.
 */
import express, { type Router } from "express";
import type { AppContext } from "../services/context.ts";

export function downloadRouter(_ctx: AppContext): Router {
  return express.Router();
}
