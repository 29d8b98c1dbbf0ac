/**
 * The optional JATS galley of the paper forms (issue 18, docs/decisions/288-jats-in-the-paper-forms.md):
 * multipart `jats_file` (a JATS XML article) with `jats_figures` (its figure images), beside
 * the spec's fields, on the create and edit calls of journal and conference papers.
 *
 * The galley is checked and stored before the paper is written, so a refused file (400/413 with
 * the message on `jats_file` or `jats_figures`) leaves the paper unwritten; after the paper's
 * write it is attached in a transaction of its own (and the search row rebuilt from it), a
 * replaced galley's files removed after that commit. Should the paper's write fail, the stored
 * files are removed again.
 */
import type { Request } from "express";
import { uploadedFile, uploadedFiles } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { discardJats, setPaperJats, storeJatsGalley } from "../../services/fulltext/galley.ts";

/**
 * Runs `write` (the paper's create or edit) with the request's JATS galley, when it has one.
 * @throws AppError of {@link storeJatsGalley} before `write` runs; whatever `write` throws.
 */
export async function withJatsUpload<T extends { id: number }>(
  ctx: AppContext,
  req: Request,
  write: () => Promise<T>,
): Promise<T> {
  const xml = await uploadedFile(req, "jats_file");
  const figures = await uploadedFiles(req, "jats_figures");
  if (!xml) return write();
  const stored = await storeJatsGalley(ctx, xml, figures);
  let written: T;
  try {
    written = await write();
  } catch (error) {
    await discardJats(ctx, stored);
    throw error;
  }
  await setPaperJats(ctx, written.id, stored);
  return written;
}
