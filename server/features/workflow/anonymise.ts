/**
 * What a reviewer may see of a submission in each review mode (issue 31; decision 400).
 *
 * In `double_anonymous` mode a reviewer sees no author name, email or affiliation anywhere:
 * the answers of the review calls carry no authors at all (the metadata is reduced to title,
 * abstract, keywords and references), file names are neutral (`manuscript-v2.pdf`), and a PDF is
 * served with its document properties (Info dictionary and XMP metadata) cleared. A Word or ODT
 * manuscript cannot be cleaned here: the editor's screen flags it (`needs_check`) so the editor
 * checks its properties before inviting reviewers.
 */
import { PDFDocument, PDFName } from "pdf-lib";
import type { ReviewMode, SubmissionFileKind } from "../../../shared/workflow.ts";

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/msword": "doc",
  "application/vnd.oasis.opendocument.text": "odt",
};

/** The name a double-anonymous reviewer gets for a file: its kind, version or id, extension. */
export function neutralFileName(file: {
  id: number;
  kind: SubmissionFileKind;
  version: number;
  content_type: string;
}): string {
  const ext = EXTENSIONS[file.content_type] ?? "bin";
  return file.kind === "manuscript"
    ? `manuscript-v${file.version}.${ext}`
    : `${file.kind}-${file.id}.${ext}`;
}

/** Whether reviewers must not learn who the authors are. */
export const hidesAuthors = (mode: ReviewMode): boolean => mode === "double_anonymous";

/**
 * A copy of PDF `data` with its document properties removed (title, author, subject, keywords,
 * creator, producer, dates and the XMP metadata stream), for a double-anonymous reviewer.
 * @returns the original bytes when pdf-lib cannot read the file (it was checked as a PDF on
 *   upload; an encrypted one is left as it is and is the editor's to check).
 */
export async function pdfWithoutProperties(data: Uint8Array): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(data, { updateMetadata: false });
  } catch {
    return data;
  }
  const info = doc.context.trailerInfo.Info;
  if (info) doc.context.delete(info as never);
  doc.context.trailerInfo.Info = undefined;
  doc.catalog.delete(PDFName.of("Metadata"));
  return doc.save({ updateFieldAppearances: false });
}

/** Whether a manuscript in a double-anonymous journal needs the editor's check (not a PDF). */
export function needsPropertiesCheck(mode: ReviewMode, contentType: string): boolean {
  return hidesAuthors(mode) && contentType !== "application/pdf";
}
