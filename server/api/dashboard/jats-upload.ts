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
 *
 * The fields' limits (decision 385) hold while the body arrives ({@link jatsFileField},
 * {@link JATS_FIGURES_FIELD}):
 * the JATS file at most `MAX_JATS_MB`, at most {@link MAX_JATS_FILES} figure images of at most
 * {@link MAX_JATS_FILE_BYTES} each; figures are read one at a time once the JATS names them, and
 * figures without a JATS file are refused unread.
 */
import type { Request } from "express";
import {
  discardJats,
  FIGURE_TOO_LARGE,
  MAX_JATS_FILE_BYTES,
  MAX_JATS_FILES,
  type StoredJats,
  storeJatsGalley,
} from "../../features/fulltext/galley.ts";
import { jatsTooLarge } from "../../features/fulltext/jats-read.ts";
import { type FileField, uploadedFile, uploadedFiles } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { invalid } from "../../services/errors.ts";

/** The sentence of figures sent without a JATS file. */
const FIGURES_WITHOUT_JATS =
  "Figure images go with a JATS file: choose the JATS XML file they belong to, or leave the figures out.";

/** The sentence of more than {@link MAX_JATS_FILES} figures (multer stops reading at the next). */
export const TOO_MANY_FIGURES = `At most ${MAX_JATS_FILES} figure files can go with one JATS file. Choose only the images the JATS file names.`;

/** The `jats_file` field, at most `MAX_JATS_MB` (the paper forms and POST /read_jats). */
export function jatsFileField(ctx: AppContext): FileField {
  const maxBytes = ctx.config.maxJatsBytes;
  return { name: "jats_file", maxBytes, tooLarge: jatsTooLarge(maxBytes) };
}

/** The `jats_figures` field: at most {@link MAX_JATS_FILES} images of {@link MAX_JATS_FILE_BYTES}. */
export const JATS_FIGURES_FIELD: FileField = {
  name: "jats_figures",
  maxCount: MAX_JATS_FILES,
  maxBytes: MAX_JATS_FILE_BYTES,
  tooLarge: FIGURE_TOO_LARGE,
};

/**
 * Runs `write` (the paper's create or edit, which attaches the galley it is given in its
 * transaction) with the request's JATS galley, or `null` when the request has none.
 * @throws AppError of {@link storeJatsGalley} before `write` runs, or 400 on `jats_figures` for
 *   figures without a JATS file; whatever `write` throws.
 */
export async function withJatsUpload<T>(
  ctx: AppContext,
  req: Request,
  write: (jats: StoredJats | null) => Promise<T>,
): Promise<T> {
  const xml = await uploadedFile(req, "jats_file");
  const figures = uploadedFiles(req, "jats_figures");
  if (!xml) {
    if (figures.length) throw invalid(FIGURES_WITHOUT_JATS, { jats_figures: FIGURES_WITHOUT_JATS });
    return write(null);
  }
  const stored = await storeJatsGalley(ctx, xml, figures);
  try {
    return await write(stored);
  } catch (error) {
    await discardJats(ctx, stored);
    throw error;
  }
}
