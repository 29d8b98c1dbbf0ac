/**
 * Read side of partners: the institutions of the home-page carousel (docs/product/overview.md and docs/product/constants.md),
 * in their manager-set order.
 */
import type { PartnerItem } from "../../../shared/api.ts";
import type { AppContext } from "../../services/context.ts";
import { fileUrl } from "../../storage/storage.ts";

/** Every partner by position (then name). */
export async function listPartners(ctx: AppContext): Promise<PartnerItem[]> {
  const rows = await ctx.db
    .selectFrom("partners")
    .selectAll()
    .orderBy("position")
    .orderBy("name")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    logo: fileUrl(r.logo),
    link: r.link ?? "",
    position: r.position,
  }));
}
