/**
 * The PDF reader of the paper pages as its own small React root, without React Router (decision
 * 240): the `<ath-reader>` element (./reader-element.ts) fetches this module only when a reader
 * clicks 'Open Full Text (PDF)',
 * and pdf.js itself is fetched later still, by the viewer (app/components/pdf-viewer/pdfjs.ts).
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PdfViewer } from "../pdf-viewer/pdf-viewer.tsx";

/**
 * Renders the viewer for the PDF at `url` into `container`; `onClose` runs when the reader
 * closes it (after the root is unmounted). Returns nothing: closing is the viewer's own.
 */
export function mountReader(
  container: HTMLElement,
  { url, title, onClose }: { url: string; title: string; onClose: () => void },
): void {
  const root = createRoot(container);
  // Unmounting from inside the viewer's own event or effect is not allowed: wait for the task.
  const close = () =>
    setTimeout(() => {
      root.unmount();
      onClose();
    });
  root.render(
    <StrictMode>
      <PdfViewer url={url} title={title} onClose={close} />
    </StrictMode>,
  );
}
