import { availableParallelism } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { defaultLanguageText } from "../../server/i18n/catalogues.ts";
import type { AppContext } from "../../server/services/context.ts";
import { AppError } from "../../server/services/errors.ts";
import { storePaperFile } from "../../server/services/paper-file.ts";
import { inspectPdf, PdfExtractionError, UnreadablePdfError } from "../../server/services/pdf.ts";
import { createPdfPool } from "../../server/services/pdf-pool.ts";
import { corpusPdf } from "../helpers/corpus.ts";
import { damagedPdf, ENCRYPTED_PDF } from "../helpers/pdf-samples.ts";

const misbehaving = new URL("../helpers/misbehaving-pdf-worker.ts", import.meta.url);

describe("PDF worker pool", () => {
  const pool = createPdfPool({ size: 2 });
  afterAll(() => pool.close());

  it("reads several PDFs at once with the same result as pdf.js in this thread", async () => {
    const names = [
      "metabolites-04-00932.pdf",
      "elife-00353-v1.pdf",
      "hindawi-grp-2016-2045697.pdf",
    ];
    const files = await Promise.all(names.map(corpusPdf));
    const pooled = await Promise.all(files.map((f) => pool.inspect(f)));
    for (const [i, file] of files.entries()) {
      expect(pooled[i], names[i]).toEqual(await inspectPdf(file));
    }
    expect(pooled[0]!.pageCount).toBe(14);
    expect(pooled[0]!.text).toMatch(/Volatile Metabolite Profiling of Durum Wheat Kernels/);
  });

  it("reports an encrypted PDF as such and a damaged one as unreadable", async () => {
    expect(await pool.inspect(await corpusPdf("issue3371.pdf"))).toEqual(ENCRYPTED_PDF);
    const damaged = damagedPdf();
    await expect(pool.inspect(damaged)).rejects.toBeInstanceOf(UnreadablePdfError);
  });
});

describe("PDF worker pool with a misbehaving reader", () => {
  const pool = createPdfPool({ size: 1, timeoutMs: 2000, workerUrl: misbehaving });
  afterAll(() => pool.close());
  const job = (kind: number) => Uint8Array.of(0, 0, kind);

  it("fails a PDF whose worker dies, and reads the next one with a new worker", async () => {
    const crashed = pool.inspect(job(1));
    const next = pool.inspect(job(0));
    await expect(crashed).rejects.toMatchObject({
      name: "PdfExtractionError",
      reason: "crash",
      message: "the PDF reader stopped (exit code 3)",
    });
    expect((await next).pageCount).toBe(3);
    await expect(pool.inspect(job(3))).rejects.toMatchObject({ reason: "crash" });
    expect((await pool.inspect(job(0))).text).toBe("ok");
  });

  it("stops a PDF past the time limit, and reads the next one", async () => {
    const hung = pool.inspect(job(2));
    const next = pool.inspect(job(0));
    await expect(hung).rejects.toMatchObject({
      reason: "timeout",
      message: "reading the PDF took longer than 2 s",
    });
    expect((await next).pageCount).toBe(3);
  });

  it("turns a reader that gave up into a clear 415 for the uploader", async () => {
    const upload = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(64)]);
    for (const [error, message] of [
      [
        new PdfExtractionError("reading the PDF took longer than 60 s", "timeout"),
        "The paper file could not be read: reading the PDF took longer than 60 s. It may be damaged or unusually complex; upload the PDF again or a simpler version of it.",
      ],
      [
        new PdfExtractionError("the PDF reader stopped (exit code 3)", "crash"),
        "The paper file could not be read: the PDF reader stopped (exit code 3). It may be damaged or unusually complex; upload the PDF again or a simpler version of it.",
      ],
    ] as const) {
      const ctx = {
        config: { maxPdfBytes: 1024 },
        pdfPool: { size: 1, close: async () => {}, inspect: () => Promise.reject(error) },
      } as unknown as AppContext;
      const refused = await storePaperFile(ctx, upload).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).kind).toBe("unsupported_type");
      // the message as the uploader reads it (an AppError carries it with its values)
      expect(defaultLanguageText((refused as AppError).message)).toBe(message);
    }
  });

  it("refuses work once closed", async () => {
    const closing = createPdfPool({ size: 1, workerUrl: misbehaving });
    const pending = expect(closing.inspect(job(2))).rejects.toThrow(/closed/);
    await closing.close();
    await pending;
    await expect(closing.inspect(job(0))).rejects.toThrow(/closed/);
  });
});

describe("PDF_WORKERS", () => {
  const env = { DATA_DIR: "/tmp/athenaeum-pdf-workers", SESSION_SECRET: "x".repeat(32) };
  it("sizes the pool up to the available cores, 0 turning it off", () => {
    const cores = availableParallelism();
    expect(loadConfig(env).pdfWorkers).toBe(Math.min(cores, 4));
    expect(loadConfig({ ...env, PDF_WORKERS: "0" }).pdfWorkers).toBe(0);
    expect(loadConfig({ ...env, PDF_WORKERS: "1" }).pdfWorkers).toBe(1);
    expect(loadConfig({ ...env, PDF_WORKERS: "64" }).pdfWorkers).toBe(cores);
    expect(() => loadConfig({ ...env, PDF_WORKERS: "two" })).toThrow(ConfigError);
  });
});
