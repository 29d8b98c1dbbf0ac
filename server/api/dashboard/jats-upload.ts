/**
 * The optional JATS galley of the paper forms (issue 18, docs/decisions/288-jats-in-the-paper-forms.md
 * and docs/decisions/315-galley-with-its-paper.md): multipart `jats_file` (a JATS XML article)
 * with `jats_figures` (its figure images), beside the spec's fields, on the create and edit calls
 * of journal and conference papers.
 *
 * The galley is checked and stored before the paper is written, so a refused file (400/413/415
 * with the message on `jats_file` or `jats_figures`) leaves the paper unchanged and nothing
 * stored. The paper's write then makes it the paper's galley in its own transaction
 * (`GalleyExtra` of server/features/papers/commands.ts): paper and galley are committed together
 * or not at all, and when the write fails the stored files are removed here.
 */
import type { Request } from "express";
import { discardJats, type StoredJats, storeJatsGalley } from "../../features/fulltext/galley.ts";
import { uploadedFile, uploadedFiles } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";

/**
 * Runs `write` (the paper's create or edit, which attaches the galley it is given in its
 * transaction) with the request's JATS galley, or `null` when the request has none.
 * @throws AppError of {@link storeJatsGalley} before `write` runs; whatever `write` throws.
 */
export async function withJatsUpload<T>(
  ctx: AppContext,
  req: Request,
  write: (jats: StoredJats | null) => Promise<T>,
): Promise<T> {
  const xml = await uploadedFile(req, "jats_file");
  const figures = await uploadedFiles(req, "jats_figures");
  if (!xml) return write(null);
  const stored = await storeJatsGalley(ctx, xml, figures);
  try {
    return await write(stored);
  } catch (error) {
    await discardJats(ctx, stored);
    throw error;
  }
}
