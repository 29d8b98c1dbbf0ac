/**
 * The importer's paper pipeline (issue 11, docs/decisions/120-import-at-scale.md): papers go in
 * in manifest order; their PDFs are read, checked, text-extracted (in the context's PDF worker
 * pool) and stored several at once, `readAhead` at most, while earlier papers are written; the
 * rows are written in manifest order, `batchSize` papers per transaction, each paper inside a
 * savepoint so that one bad paper is rolled back alone and the rest of its batch commits.
 *
 * A paper's JATS file is kept as its galley (decision 287), with the figure files the JATS
 * names when they lie beside it in the corpus folder (`jats/elife00005f001.jpg`, or in a folder
 * named after the JATS file: `jats/elife00005/f001.jpg`); they are stored beside the PDF.
 *
 * Every paper ends in exactly one outcome: `created`, or `problem` with the file to blame and a
 * message ending in "The paper was skipped." (its stored PDF removed again).
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import {
  discardJats,
  type JatsFileUpload,
  type StoredJats,
  storeJatsGalley,
} from "../features/fulltext/galley.ts";
import { jatsFileName } from "../features/fulltext/jats-jobs.ts";
import {
  asDoiConflict,
  insertPaperRows,
  type PaperExtras,
  type PaperFields,
  type PaperOwner,
} from "../features/papers/commands.ts";
import { defaultLanguageText } from "../i18n/catalogues.ts";
import type { AppContext } from "../services/context.ts";
import { type StoredPaperFile, storePaperFile } from "../services/paper-file.ts";
import { writeCatalogue } from "../services/write.ts";

/** One paper to create. */
export type PaperWrite = {
  owner: PaperOwner;
  fields: PaperFields;
  extras: PaperExtras;
  /** PDF path relative to the corpus folder, or null for a paper without one. */
  pdf: string | null;
  /** JATS path relative to the corpus folder, kept as the paper's galley; or null. */
  jats: string | null;
  /** Name used in problem reports when no PDF is to blame (its JATS path or title). */
  label: string;
};

export type PaperOutcome =
  | { kind: "created"; withPdf: boolean }
  | { kind: "problem"; file: string; message: string };

export type PaperWriterOptions = {
  /** Papers per transaction; default {@link BATCH_SIZE}. */
  batchSize?: number;
  /** PDFs read and extracted at once; default twice the PDF pool's size (2 without a pool). */
  readAhead?: number;
  /** Called once per paper, in manifest order, after its batch committed or failed. */
  onOutcome: (paper: PaperWrite, outcome: PaperOutcome) => void;
};

export type PaperWriter = {
  /** Queues `paper`; may wait while an earlier batch is written. */
  add(paper: PaperWrite): Promise<void>;
  /** Writes every queued paper. */
  finish(): Promise<void>;
  /** After a failure elsewhere: waits for the PDFs being stored and removes them. */
  abandon(): Promise<void>;
};

/** Papers per transaction: few enough that a batch holds the SQLite writer for milliseconds. */
export const BATCH_SIZE = 50;

type Stored = { file: StoredPaperFile | null; jats: StoredJats | null } | { problem: string };
type Entry = { paper: PaperWrite; stored: Promise<Stored> };

/** Image files of the corpus that may be a JATS file's figures. */
const FIGURE_FILE = /\.(jpe?g|png|gif|webp|avif)$/i;

/**
 * The figure files lying beside a corpus JATS file (see the module comment) whose names the
 * JATS could use, each read only once the JATS names it (decision 385).
 */
async function figureFiles(jatsPath: string): Promise<JatsFileUpload[]> {
  const dir = path.dirname(jatsPath);
  const stem = path
    .basename(jatsPath)
    .replace(/\.xml$/i, "")
    .toLowerCase();
  const out: JatsFileUpload[] = [];
  const visit = async (folder: string, prefixed: boolean) => {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return;
    }
    for (const name of names) {
      if (!FIGURE_FILE.test(name) || out.length >= 200) continue;
      const lower = jatsFileName(name);
      if (prefixed && !lower.startsWith(stem.replace(/-v\d+$/, ""))) continue;
      const file = path.join(folder, name);
      let size: number;
      try {
        size = (await stat(file)).size;
      } catch {
        continue;
      }
      out.push({ name, size, read: async () => new Uint8Array(await readFile(file)) });
    }
  };
  await visit(dir, true);
  await visit(path.join(dir, stem), false);
  return out;
}

/**
 * `message` (an AppError's carried message is put in the default language) ending in "The paper
 * was skipped."
 */
export function skipped(message: string): string {
  return `${defaultLanguageText(message).replace(/[.\s]+$/, "")}. The paper was skipped.`;
}

/** Runs at most `n` of the functions given at once, in the order given. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** A writer for papers of the corpus at `root` (absolute). */
export function createPaperWriter(
  ctx: AppContext,
  root: string,
  options: PaperWriterOptions,
): PaperWriter {
  const batchSize = Math.max(1, options.batchSize ?? BATCH_SIZE);
  const limit = limiter(Math.max(1, options.readAhead ?? 2 * (ctx.pdfPool?.size ?? 1)));
  const queue: Entry[] = [];

  async function store(relative: string | null, jatsPath: string | null): Promise<Stored> {
    const pdf = await storePdf(relative);
    if ("problem" in pdf || !jatsPath) return pdf;
    try {
      const absolute = path.join(root, ...jatsPath.split(/[\\/]/));
      const data = await readFile(absolute);
      const figures = await figureFiles(absolute);
      return { ...pdf, jats: await storeJatsGalley(ctx, data, figures, { unnamed: "leave out" }) };
    } catch (error) {
      await removeFile(pdf.file);
      return { problem: skipped(`The JATS file could not be kept: ${(error as Error).message}`) };
    }
  }

  async function storePdf(relative: string | null): Promise<Stored> {
    if (!relative) return { file: null, jats: null };
    return limit(async () => {
      let data: Buffer;
      try {
        data = await readFile(path.join(root, ...relative.split(/[\\/]/)));
      } catch {
        return { problem: skipped("The file is missing or not readable") };
      }
      try {
        const file = await storePaperFile(ctx, data);
        if (file.truncated) {
          ctx.log.warn(
            { file: relative, pages: file.pageCount, textPages: file.textPages },
            "only part of a PDF's text was kept (MAX_PDF_PAGES, MAX_PDF_TEXT_KB)",
          );
        }
        return { file, jats: null };
      } catch (error) {
        return { problem: skipped((error as Error).message) };
      }
    });
  }

  async function removeFile(file: StoredPaperFile | null): Promise<void> {
    if (!file) return;
    try {
      await ctx.storage.remove(file.key);
    } catch (error) {
      ctx.log.error({ err: error }, "could not remove the PDF of a paper that was not imported");
    }
  }

  /** Writes the first `n` queued papers in one transaction. */
  async function flush(n: number): Promise<void> {
    const batch = queue.splice(0, n);
    const stored = await Promise.all(batch.map((e) => e.stored));
    const failures = new Map<number, string>();
    const files = stored.map((s) => ("file" in s ? s.file : null));
    const galleys = stored.map((s) => ("jats" in s ? s.jats : null));
    stored.forEach((s, i) => {
      if ("problem" in s) failures.set(i, s.problem);
    });
    try {
      await writeCatalogue(ctx, async (trx) => {
        for (const [i, { paper }] of batch.entries()) {
          if (failures.has(i)) continue;
          await sql`savepoint paper`.execute(trx);
          try {
            await insertPaperRows(trx, ctx.dialect, paper.owner, paper.fields, files[i]!, {
              ...paper.extras,
              jats: galleys[i],
            });
          } catch (error) {
            await sql`rollback to savepoint paper`.execute(trx);
            // A DOI taken meanwhile by another writer (the unique index) reads as the
            // dashboard's 409 message.
            const cause = await asDoiConflict(trx, error, paper.fields.doi);
            failures.set(i, skipped((cause as Error).message));
          }
          await sql`release savepoint paper`.execute(trx);
        }
      });
    } catch (error) {
      // The commit itself failed: none of this batch was written.
      for (const i of batch.keys()) {
        if (!failures.has(i)) failures.set(i, skipped((error as Error).message));
      }
    }
    for (const [i, { paper }] of batch.entries()) {
      const failure = failures.get(i);
      if (failure === undefined) {
        options.onOutcome(paper, { kind: "created", withPdf: !!files[i] });
      } else {
        await removeFile(files[i] ?? null);
        const galley = galleys[i];
        if (galley) await discardJats(ctx, galley);
        options.onOutcome(paper, {
          kind: "problem",
          file: paper.pdf ?? paper.label,
          message: failure,
        });
      }
    }
  }

  return {
    async add(paper) {
      queue.push({ paper, stored: store(paper.pdf, paper.jats) });
      // Keep a second batch's PDFs in the works while the first is written.
      if (queue.length >= 2 * batchSize) await flush(batchSize);
    },
    async finish() {
      while (queue.length) await flush(batchSize);
    },
    async abandon() {
      const entries = queue.splice(0);
      for (const stored of await Promise.all(entries.map((e) => e.stored))) {
        if ("file" in stored) await removeFile(stored.file);
        if ("jats" in stored && stored.jats) await discardJats(ctx, stored.jats);
      }
    },
  };
}
