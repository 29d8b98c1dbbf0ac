/**
 * The types of the JATS worker pool (decision 386): its jobs, their answers and the pool's
 * interface. A leaf module (shared types only), so the application context can name the pool
 * without importing the parsing code behind it (tests/unit/import-layers.test.ts: no cycle).
 */
import type { JatsMetadata } from "../../../shared/api.ts";
import type { FullText, RenderedFullText } from "../../../shared/fulltext.ts";
import type { RenderLocale } from "../../../shared/i18n/locales.ts";

/** A job of the JATS pool: the galley's bytes (or text) and what to make of them. */
export type JatsJob =
  | {
      kind: "galley";
      data: Uint8Array | string;
      /** Largest file accepted, bytes (`MAX_JATS_MB`). */
      maxBytes: number;
      /** Most bytes of body text kept for search (`MAX_PDF_TEXT_KB`; decision 289). */
      maxTextBytes: number;
    }
  | {
      kind: "tree";
      data: Uint8Array | string;
      maxBytes: number;
      /** The galley's supplied files: `[name as stored, its public URL]`. */
      files: [string, string][];
    }
  | { kind: "metadata"; data: Uint8Array | string; maxBytes: number }
  | {
      /** The full-text page's article in `locale`, its tree made and rendered (decision 530). */
      kind: "page";
      data: Uint8Array | string;
      maxBytes: number;
      files: [string, string][];
      locale: RenderLocale;
    };

/** The answer of each kind of {@link JatsJob}. */
export type JatsAnswers = {
  galley: GalleyFacts;
  tree: FullText;
  metadata: JatsMetadata;
  page: RenderedFullText;
};

/** The job of kind `K`. */
export type JatsJobOf<K extends keyof JatsAnswers> = Extract<JatsJob, { kind: K }>;

/** What the upload check needs of a galley. */
export type GalleyFacts = {
  /** The file names its elements' `xlink:href` give (`jatsFileName`), with and without their extension. */
  named: string[];
  /** The body's text for the search index, cut to `maxTextBytes` (decision 289). */
  bodyText: string;
};

/** The pool of worker threads that run {@link JatsJob}s (server/features/fulltext/jats-pool.ts). */
export type JatsPool = {
  /**
   * `job`'s answer, from a worker (its `data` is copied, not moved).
   * @throws JatsRefusedError, JatsError as `runJatsJob` (./jats-jobs.ts); JatsPoolError (busy, timeout,
   *   crash, closed).
   */
  run<K extends keyof JatsAnswers>(job: JatsJobOf<K>): Promise<JatsAnswers[K]>;
  /** Stops every worker; jobs waiting or running fail with `closed`. */
  close(): Promise<void>;
  /** Most workers running at once. */
  readonly size: number;
};
