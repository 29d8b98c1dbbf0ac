/**
 * Read side of editors, who belong to a publication (issue) or a proceeding (docs/product/data.md#tables):
 * the public editorial board grouped by role, and the editable list in order.
 */
import type { EditorInput, EditorPublic } from "../../shared/api.ts";
import type { AppContext } from "./context.ts";

export type EditorOwner = { publicationId: number } | { proceedingId: number };

function editorsOf(ctx: AppContext, owner: EditorOwner) {
  const query = ctx.db.selectFrom("editors").select(["name", "email", "institution", "role"]);
  return (
    "publicationId" in owner
      ? query.where("publication_id", "=", owner.publicationId)
      : query.where("proceeding_id", "=", owner.proceedingId)
  )
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** Editors grouped by role name, roles in order of first appearance (docs/product/data.md). */
export async function editorialBoard(
  ctx: AppContext,
  owner: EditorOwner,
): Promise<Record<string, EditorPublic[]>> {
  const board: Record<string, EditorPublic[]> = {};
  for (const row of await editorsOf(ctx, owner)) {
    board[row.role] ??= [];
    board[row.role]!.push({ name: row.name, institution: row.institution ?? "" });
  }
  return board;
}

/** Editors in their order with every field, for the edit forms (empty strings for nulls). */
export async function editorsForEdit(ctx: AppContext, owner: EditorOwner): Promise<EditorInput[]> {
  return (await editorsOf(ctx, owner)).map((e) => ({
    name: e.name,
    email: e.email ?? "",
    institution: e.institution ?? "",
    role: e.role,
  }));
}
