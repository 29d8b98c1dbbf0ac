/**
 * Dashboard API calls (spec section 7, DESIGN section 2). Placeholder: no calls yet.
 */
import express, { type Router } from "express";
import type { AppContext } from "../services/context.ts";

export function dashboardRouter(_ctx: AppContext): Router {
  return express.Router();
}
