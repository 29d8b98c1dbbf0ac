/**
 * Parsing a multipart form whose file is required on create (a journal's or proceeding's
 * cover, a partner's logo: docs/decisions/063-catalogue-write-rules.md). When the file is
 * missing the 400 names it among the other field errors, so the form can mark every field at
 * fault at once instead of one round trip per problem.
 */
import type { z } from "zod";
import { parseInput } from "../../http/respond.ts";
import { AppError, invalid } from "../../services/errors.ts";

/**
 * `schema` parsed from `body`, when `file` is present.
 * @param fileField the file's wire name, e.g. `cover_img`.
 * @param missing the field message when the file is absent, e.g. 'Choose a cover image.'.
 * @throws AppError `invalid` (400) with `errors` holding every field at fault, the file
 *   included.
 */
export function parseWithRequiredFile<S extends z.ZodType>(
  schema: S,
  body: unknown,
  file: Uint8Array | undefined,
  fileField: string,
  missing: string,
): z.output<S> {
  if (file) return parseInput(schema, body);
  let errors: Record<string, string> = {};
  try {
    parseInput(schema, body);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "invalid") throw error;
    errors = error.errors ?? {};
  }
  const first = Object.values(errors)[0];
  throw invalid(first ?? missing, { ...errors, [fileField]: missing });
}
