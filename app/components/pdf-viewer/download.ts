/**
 * Saving the open document (docs/product/screens.md: "download (saved as document.pdf)"): the bytes
 * pdf.js holds go into a Blob and a temporary link with the `download` attribute, so the file is
 * saved under the spec's name whatever the URL's name was, without fetching it again.
 */

/** The file name every download is saved under (docs/product/screens.md). */
export const DOWNLOAD_NAME = "document.pdf";

/** The name of the copy with the reader's annotations written in (decision 206). */
export const ANNOTATED_DOWNLOAD_NAME = "document-annotated.pdf";

/** Offers `bytes` to the browser as a PDF download named {@link DOWNLOAD_NAME}. */
export function saveBytes(bytes: Uint8Array, fileName = DOWNLOAD_NAME): void {
  const blob = new Blob([new Uint8Array(bytes)], { type: "application/pdf" });
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
