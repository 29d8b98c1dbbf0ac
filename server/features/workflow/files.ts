/**
 * A submission's files (issue 31; decision 400), stored through the storage module under
 * `submissions/` and swept like galleys once no row names them (server/storage/sweep.ts).
 *
 * - A manuscript is a PDF, a Word document (.docx, or the older .doc) or an OpenDocument text
 *   (.odt), told by its content (file-type's signatures, never the name or the client's type).
 * - Supplementary and reviewers' files may be any type (data, figures, code) and are always
 *   served as attachments under the site's sandbox CSP.
 * - Every file is bounded by `MAX_PDF_MB` while it arrives (server/http/uploads.ts).
 *
 * A file's name as uploaded is kept for the author and editors; a reviewer in double-anonymous
 * mode gets neutral names and a PDF without its document properties (./anonymise.ts).
 */
import { fileTypeFromBuffer } from "file-type";
import { msg } from "../../../shared/i18n/messages.ts";
import type { SubmissionFileKind } from "../../../shared/workflow.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";
import { timestamp } from "../../services/write.ts";
import { isPdf } from "../../storage/content-type.ts";
import { newKey } from "../../storage/storage.ts";

/** What a manuscript may be: its content type and file extension. */
const MANUSCRIPT_TYPES: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/x-cfb": "doc",
  "application/msword": "doc",
  "application/vnd.oasis.opendocument.text": "odt",
};

export const NOT_A_MANUSCRIPT = msg(
  "The manuscript must be a PDF, a Word document or an OpenDocument text.",
);

/**
 * The content type and extension of a manuscript, told by its bytes.
 * @returns null when it is none of the accepted kinds.
 */
export async function manuscriptType(
  data: Uint8Array,
): Promise<{ mime: string; ext: string } | null> {
  if (isPdf(data)) return { mime: "application/pdf", ext: "pdf" };
  const found = await fileTypeFromBuffer(data);
  if (!found) return null;
  const ext = MANUSCRIPT_TYPES[found.mime];
  if (!ext) return null;
  return { mime: found.mime === "application/x-cfb" ? "application/msword" : found.mime, ext };
}

/** A file name safe to show and to send in Content-Disposition: no path, no controls. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 200);
  return base || fallback;
}

/**
 * Checks (a manuscript by content) and stores a file of submission `submissionId`, then adds its
 * row. Files first, then the row: a crash in between leaves an unreferenced file the sweep
 * removes.
 * @param version the manuscript's version, or the round of a supplementary or review file.
 * @throws AppError `unsupported_type` (415, {@link NOT_A_MANUSCRIPT} on field `file`) for a
 *   manuscript of another kind.
 */
export async function storeSubmissionFile(
  ctx: AppContext,
  input: {
    submissionId: number;
    kind: SubmissionFileKind;
    version: number;
    reviewId?: number | null;
    data: Uint8Array;
    name: string;
    /** A reviewer's file meant for the author (default: for the editor only). */
    forAuthor?: boolean;
  },
): Promise<{ id: number }> {
  let mime = "application/octet-stream";
  let ext = "";
  if (input.kind === "manuscript") {
    const type = await manuscriptType(input.data);
    if (!type)
      throw new AppError("unsupported_type", NOT_A_MANUSCRIPT, {
        errors: { file: NOT_A_MANUSCRIPT },
      });
    mime = type.mime;
    ext = `.${type.ext}`;
  } else if (isPdf(input.data)) {
    mime = "application/pdf";
    ext = ".pdf";
  }
  const key = newKey("submissions", ext);
  await ctx.storage.put(key, input.data);
  try {
    const row = await ctx.db
      .insertInto("submission_files")
      .values({
        submission_id: input.submissionId,
        kind: input.kind,
        version: input.version,
        review_id: input.reviewId ?? null,
        file_key: key,
        file_name: cleanFileName(input.name, `${input.kind}${ext}`),
        content_type: mime,
        size: input.data.byteLength,
        created_at: timestamp(),
        for_author: input.kind === "review" && input.forAuthor ? 1 : 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row;
  } catch (error) {
    await ctx.storage.remove(key).catch(() => {});
    throw error;
  }
}

/** The latest manuscript version of a submission, or null when none was uploaded. */
export async function latestManuscript(ctx: AppContext, submissionId: number) {
  return (
    (await ctx.db
      .selectFrom("submission_files")
      .selectAll()
      .where("submission_id", "=", submissionId)
      .where("kind", "=", "manuscript")
      .orderBy("version", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst()) ?? null
  );
}
