/**
 * Poppler's `pdftotext` (Debian package poppler-utils) as the PDF text extractor when it is
 * installed (docs/decisions/180-pdf-text-extractor.md): about a third of pdf.js's CPU time per
 * PDF, in a child process of its own. The PDF pool (./pdf-pool.ts) runs it and hands a PDF it
 * cannot read to pdf.js, so a PDF is accepted or refused as before.
 */
import { spawn } from "node:child_process";
import { normaliseText, PdfExtractionError, type PdfInfo } from "./pdf.ts";

/** pdftotext's answer, or why pdf.js should read this PDF instead. */
export type PdftotextResult = PdfInfo | { fallback: string };

export type PdftotextOptions = {
  /** Absolute path of the program (./find-pdftotext.ts). */
  binary: string;
  /** Milliseconds before the process is killed and the PDF fails with `timeout`. */
  timeoutMs: number;
  /** Most bytes of text kept; past it pdf.js reads the PDF. Default 256 MiB. */
  maxTextBytes?: number;
  /** Aborting kills the process (the answer is then a `fallback`). */
  signal?: AbortSignal;
};

/** Poppler's message for a PDF that needs a user password. */
const PASSWORD = /Incorrect password/i;

/**
 * Page count and text of `data` (given to pdftotext on its standard input; not modified).
 * Pages are counted by the form feed pdftotext ends each page with; text is normalised as
 * pdf.js's is ({@link normaliseText}).
 * @returns `{encrypted: true, pageCount: null, text: null}` for a PDF that needs a password;
 *   `{fallback: reason}` when pdftotext could not read it (damaged file, crash, missing
 *   program, text over `maxTextBytes`).
 * @throws PdfExtractionError `timeout` past `timeoutMs` (the process is killed).
 */
export function readWithPdftotext(
  data: Uint8Array,
  options: PdftotextOptions,
): Promise<PdftotextResult> {
  const maxTextBytes = options.maxTextBytes ?? 256 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(options.binary, ["-enc", "UTF-8", "-eol", "unix", "-", "-"], {
      stdio: ["pipe", "pipe", "pipe"],
      signal: options.signal,
      killSignal: "SIGKILL",
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = "";
    let overflow = false;
    let settled = false;
    /** Answers once; a killed program's pipes may stay open (its children), so no waiting. */
    const settle = (result: PdftotextResult | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const stop = () => {
      child.kill("SIGKILL");
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(() => {
      stop();
      const seconds = Math.round(options.timeoutMs / 100) / 10;
      settle(new PdfExtractionError(`reading the PDF took longer than ${seconds} s`, "timeout"));
    }, options.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= maxTextBytes) {
        out.push(chunk);
      } else if (!overflow) {
        overflow = true;
        stop();
        settle({ fallback: `pdftotext gave more than ${maxTextBytes} bytes of text` });
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (err.length < 64 * 1024) err += chunk.toString("utf8");
    });
    // pdftotext may exit before it has read all of a damaged file.
    child.stdin.on("error", () => {});
    child.once("error", (error) => {
      settle({ fallback: `pdftotext could not start (${error.message})` });
    });
    child.once("close", (code, signal) => {
      if (code === 0) {
        const raw = Buffer.concat(out).toString("utf8");
        let pages = 0;
        for (let i = raw.indexOf("\f"); i !== -1; i = raw.indexOf("\f", i + 1)) pages++;
        if (pages === 0) settle({ fallback: "pdftotext found no pages" });
        else settle({ pageCount: pages, encrypted: false, text: normaliseText(raw) });
      } else if (code === 1 && PASSWORD.test(err)) {
        settle({ pageCount: null, encrypted: true, text: null });
      } else {
        const last = err.trim().split("\n").at(-1) ?? "";
        const status = signal ? `signal ${signal}` : `exit code ${code}`;
        settle({ fallback: `pdftotext failed (${status}${last ? `: ${last}` : ""})` });
      }
    });
    child.stdin.end(data);
  });
}
