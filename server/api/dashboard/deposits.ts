/**
 * Scholarly exports and deposits of the dashboard (issue 16; decisions 275 and 276).
 *
 * | call | answer |
 * |---|---|
 * | GET /dashboard/crossref_xml/{journal}/{volume}/{issue} | Crossref 5.3.1 deposit XML of the issue (attachment) |
 * | GET /dashboard/crossref_xml/proceeding/{id} | Crossref 5.3.1 deposit XML of the proceeding (attachment) |
 * | GET /dashboard/doaj_xml/{journal}?volume=&issue= | DOAJ article XML of the journal's published papers, or of one issue (attachment) |
 * | GET /dashboard/doi_status/{journal}/{volume}/{issue}, …/proceeding/{id} | `deposit` (shared/deposits.ts): each paper's DOI status, Crossref's submission log polled first |
 * | POST /register_dois/{journal}/{volume}/{issue}, …/proceeding/{id} | assigns DOIs from the journal's pattern, deposits with Crossref; `deposit` |
 *
 * Signed-in managers of the journal or proceeding, and administrators (server/services/
 * access.ts); 404 (envelope) for an unknown journal, issue or proceeding. Links in the documents
 * are on `PUBLIC_URL`, else the request's origin.
 */
import express, { type Response, type Router } from "express";
import { z } from "zod";
import { msg } from "../../../shared/i18n/messages.ts";
import { routeNumberText } from "../../../shared/route-params.ts";
import {
  depositScreen,
  issueTarget,
  registerDois,
} from "../../features/deposits/crossref-deposit.ts";
import {
  issueCrossrefXml,
  journalDoajXml,
  proceedingCrossrefXml,
} from "../../features/deposits/exports.ts";
import { proceedingVenue } from "../../features/deposits/venues.ts";
import { apiCall } from "../../http/contract.ts";
import {
  journalAccess,
  managerChange,
  proceedingAccess,
  requireManager,
} from "../../http/guards.ts";
import { publicOrigin } from "../../http/origin.ts";
import { parseInput } from "../../http/respond.ts";
import type { AppContext } from "../../services/context.ts";
import { NO_JOURNAL, NO_PROCEEDING } from "./route-params.ts";

const NO_ISSUE = msg("No such issue.");
const ISSUE_MISSING = { journal: NO_JOURNAL, volume: NO_ISSUE, issue: NO_ISSUE };
const REGISTERED = msg(
  "Deposit sent to Crossref. Each DOI shows Registered once Crossref has processed it.",
);

/** `?volume=&issue=` of the DOAJ download: both (one issue) or neither (the journal). */
const doajQuerySchema = z
  .object({ volume: routeNumberText.optional(), issue: routeNumberText.optional() })
  .refine((q) => (q.volume === undefined) === (q.issue === undefined), {
    message: msg("Give both volume and issue, or neither for the whole journal."),
  });

/** Sends an XML document as a download named `name`. */
function sendXml(res: Response, xml: string, name: string): void {
  res
    .status(200)
    .type("application/xml; charset=utf-8")
    .set("Cache-Control", "no-store")
    .attachment(name)
    .send(xml);
}

export function depositsRouter(ctx: AppContext): Router {
  const router = express.Router();

  const issueXml = apiCall("GET /dashboard/crossref_xml/:journal/:volume/:issue");
  router.get(issueXml.path, requireManager, journalAccess(ctx, "journal"), async (req, res) => {
    const { journal, volume, issue } = issueXml.params(req, {
      journal: NO_JOURNAL,
      volume: NO_ISSUE,
      issue: NO_ISSUE,
    });
    const origin = publicOrigin(ctx.config, req);
    const { xml } = await issueCrossrefXml(ctx, journal, volume, issue, origin);
    sendXml(res, xml, `crossref-${journal}-${volume}-${issue}.xml`);
  });

  const proceedingXml = apiCall("GET /dashboard/crossref_xml/proceeding/:proceeding");
  router.get(
    proceedingXml.path,
    requireManager,
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const { proceeding } = proceedingXml.params(req, { proceeding: NO_PROCEEDING });
      const { xml } = await proceedingCrossrefXml(ctx, proceeding, publicOrigin(ctx.config, req));
      sendXml(res, xml, `crossref-proceeding-${proceeding}.xml`);
    },
  );

  const doaj = apiCall("GET /dashboard/doaj_xml/:journal");
  router.get(doaj.path, requireManager, journalAccess(ctx, "journal"), async (req, res) => {
    const { journal } = doaj.params(req, { journal: NO_JOURNAL });
    const { volume, issue } = parseInput(doajQuerySchema, {
      volume: req.query.volume,
      issue: req.query.issue,
    });
    const one = volume !== undefined && issue !== undefined ? { volume, number: issue } : undefined;
    const xml = await journalDoajXml(ctx, journal, publicOrigin(ctx.config, req), one);
    sendXml(res, xml, one ? `doaj-${journal}-${volume}-${issue}.xml` : `doaj-${journal}.xml`);
  });

  const issueStatus = apiCall("GET /dashboard/doi_status/:journal/:volume/:issue");
  router.get(issueStatus.path, requireManager, journalAccess(ctx, "journal"), async (req, res) => {
    const { journal, volume, issue } = issueStatus.params(req, ISSUE_MISSING);
    const target = await issueTarget(ctx, journal, volume, issue);
    issueStatus.send(res, { deposit: await depositScreen(ctx, target) });
  });

  const issueRegister = apiCall("POST /register_dois/:journal/:volume/:issue");
  router.post(
    issueRegister.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const { journal, volume, issue } = issueRegister.params(req, ISSUE_MISSING);
      const target = await registerDois(
        ctx,
        { kind: "issue", uri: journal, volume, number: issue },
        publicOrigin(ctx.config, req),
      );
      issueRegister.send(res, { deposit: await depositScreen(ctx, target) }, REGISTERED);
    },
  );

  const proceedingStatus = apiCall("GET /dashboard/doi_status/proceeding/:proceeding");
  router.get(
    proceedingStatus.path,
    requireManager,
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const { proceeding } = proceedingStatus.params(req, { proceeding: NO_PROCEEDING });
      await proceedingVenue(ctx, proceeding);
      const target = { kind: "proceeding" as const, id: proceeding };
      proceedingStatus.send(res, { deposit: await depositScreen(ctx, target) });
    },
  );

  const proceedingRegister = apiCall("POST /register_dois/proceeding/:proceeding");
  router.post(
    proceedingRegister.path,
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const { proceeding } = proceedingRegister.params(req, { proceeding: NO_PROCEEDING });
      const target = await registerDois(
        ctx,
        { kind: "proceeding", id: proceeding },
        publicOrigin(ctx.config, req),
      );
      proceedingRegister.send(res, { deposit: await depositScreen(ctx, target) }, REGISTERED);
    },
  );

  return router;
}
