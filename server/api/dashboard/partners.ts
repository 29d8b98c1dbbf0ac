/**
 * Dashboard calls of the partner institutions that the home page carousel shows (docs/product/overview.md;
 * the spec lists no calls for them, so these are ours: docs/decisions/074-partner-calls.md):
 *
 * | call | body | answer |
 * |---|---|---|
 * | GET /dashboard/partners | — | `partners: PartnerItem[]` in carousel order |
 * | POST /create_partner | multipart `partnerSchema` (name, link) + `logo` (required image) | `partner_id`; the partner goes last |
 * | POST /edit_partner/{id} | multipart `partnerSchema` + `logo` (optional) | `partner_id` |
 * | POST /reorder_partners | JSON `{ids: number[]}`, every partner once, first shown first | `partners` in the new order |
 * | POST /delete_partner/{id} | — | — ; the others close the gap, the logo is removed |
 *
 * The public GET /partners (server/api/public.ts) and the home page read the same order.
 * Partners are the site administrator's: every call answers 403 to a journal manager.
 * Errors: 400 with field `errors`, 404 unknown partner, 409 name taken (any case), 413/415
 * logo; 401 signed out and 403 cross-site on every change.
 */
import express, { type Router } from "express";
import { z } from "zod";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import {
  createPartner,
  removePartner,
  reorderPartners,
  updatePartner,
} from "../../features/partners/commands.ts";
import { listPartners } from "../../features/partners/queries.ts";
import { apiCall } from "../../http/contract.ts";
import { managerChange, requireAdmin } from "../../http/guards.ts";
import { imageField, multipart, uploadedFile } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { parseWithRequiredFile } from "./required-file.ts";

const NO_PARTNER = msg("There is no such partner.");

/** Success messages, shown on the partners screen. */
export const PARTNER_MESSAGES = {
  created: msg("Partner Added Successfully."),
  updated: msg("Partner Updated Successfully."),
  reordered: msg("Partner Order Saved."),
  removed: msg("Partner Removed Successfully."),
} as const;

const REORDER_MISSING = msg("List the partners' ids in their new order.");

/** Body of POST /reorder_partners. */
const reorderSchema = z.object({
  ids: z
    .array(z.coerce.number<string | number>().int().positive(), {
      error: REORDER_MISSING,
    })
    .min(1, REORDER_MISSING)
    .max(10_000, msgWith("List at most {max} partners.", { max: 10_000 })),
});

export function partnersRouter(ctx: AppContext): Router {
  const router = express.Router();
  const withLogo = multipart(ctx, [imageField("logo")]);

  const partnersCall = apiCall("GET /dashboard/partners");
  router.get(partnersCall.path, requireAdmin, async (_req, res) => {
    partnersCall.send(res, { partners: await listPartners(ctx) });
  });

  const createPartnerCall = apiCall("POST /create_partner");
  router.post(
    createPartnerCall.path,
    ...managerChange(ctx),
    requireAdmin,
    withLogo,
    async (req, res) => {
      const logo = await uploadedFile(req, "logo");
      const input = parseWithRequiredFile(
        createPartnerCall.schema(),
        req.body,
        logo,
        "logo",
        msg("Choose the partner's logo image."),
      );
      const { id } = await createPartner(ctx, input, logo);
      createPartnerCall.send(res, { partner_id: id }, PARTNER_MESSAGES.created, 201);
    },
  );

  const editPartnerCall = apiCall("POST /edit_partner/:partner");
  router.post(
    editPartnerCall.path,
    ...managerChange(ctx),
    requireAdmin,
    withLogo,
    async (req, res) => {
      const logo = await uploadedFile(req, "logo");
      const params = editPartnerCall.params(req, { partner: NO_PARTNER });
      const id = params.partner;
      const input = editPartnerCall.body(req.body);
      await updatePartner(ctx, id, input, logo);
      editPartnerCall.send(res, { partner_id: id }, PARTNER_MESSAGES.updated);
    },
  );

  const reorderPartnersCall = apiCall("POST /reorder_partners");
  router.post(reorderPartnersCall.path, ...managerChange(ctx), requireAdmin, async (req, res) => {
    const { ids } = reorderPartnersCall.body(req.body, reorderSchema);
    await reorderPartners(ctx, ids);
    reorderPartnersCall.send(
      res,
      { partners: await listPartners(ctx) },
      PARTNER_MESSAGES.reordered,
    );
  });

  const deletePartnerCall = apiCall("POST /delete_partner/:partner");
  router.post(deletePartnerCall.path, ...managerChange(ctx), requireAdmin, async (req, res) => {
    const params = deletePartnerCall.params(req, { partner: NO_PARTNER });
    await removePartner(ctx, params.partner);
    deletePartnerCall.send(res, {}, PARTNER_MESSAGES.removed);
  });

  return router;
}
