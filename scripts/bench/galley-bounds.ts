/**
 * What one JATS galley may cost the event loop (issue 30, docs/decisions/385-bounded-work-per-galley.md),
 * for `npm run bench` section 8: three crafted galleys (tests/helpers/jats-bombs.ts), each
 *
 * - **at the upload's check**: `storeJatsGalley`, as the paper forms call it (the two hostile
 *   files are refused; the largest accepted one is stored);
 * - **at its first render**: stored as the galley of a new paper without the upload's checks (as
 *   a galley stored before the limits would be), then its full-text page asked of the
 *   production server, whose tree cache has never seen it (the hostile ones answer 503, a
 *   failed load);
 * - **in a second language** (an accepted galley): the page asked again (`/es/…`), whose
 *   article is rendered again in that language (app/lib/fulltext-html.ts, once per galley and
 *   language).
 *
 * Three figures over each: the event loop's active time (`performance.eventLoopUtilization`),
 * the time no other request of this process could be answered (target 1 s); its longest block
 * by this thread's CPU time (tests/helpers/event-loop-blocks.ts), the longest this thread held
 * the loop whatever the machine's load (target 100 ms, decision 530); and its longest stall by
 * the wall clock (`monitorEventLoopDelay`), which adds the thread's waits for a core on a loaded
 * machine (target 1 s). The parse, the tree and the article's render run in the JATS pool's
 * worker thread (decisions 386 and 530).
 */
import { createHash } from "node:crypto";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { storeJatsGalley } from "../../server/features/fulltext/galley.ts";
import {
  MAX_ELEMENTS,
  MAX_REFERENCES,
  MAX_SECTIONS,
  markupCounts,
} from "../../server/features/fulltext/jats-read.ts";
import { createPaper } from "../../server/features/papers/commands.ts";
import type { AppContext } from "../../server/services/context.ts";
import { timestamp } from "../../server/services/write.ts";
import { newKey } from "../../server/storage/storage.ts";
import { watchEventLoopBlocks } from "../../tests/helpers/event-loop-blocks.ts";
import { largestJats, nestedSectionsJats, referencesJats } from "../../tests/helpers/jats-bombs.ts";

/** One measured galley: what it is and its event-loop time at each step, in ms. */
export type GalleyCost = {
  what: string;
  check: number;
  checkOutcome: string;
  render: number;
  /** The event loop's longest stall at the first render, ms (wall clock). */
  renderStall: number;
  /** The event loop's longest block at the first render, ms of this thread's CPU. */
  renderBlock: number;
  renderStatus: number;
  /** The page in a second language, ms of the event loop (accepted galleys only). */
  htmlRender: number | null;
  /** The event loop's longest stall for the page in a second language, ms (wall clock). */
  htmlRenderStall: number | null;
  /** The event loop's longest block for the page in a second language, ms of CPU. */
  htmlRenderBlock: number | null;
};

/**
 * The event loop's active time, its longest stall and its longest block, in ms, while `work`
 * runs, and its value or error.
 */
async function loopTime<T>(work: () => Promise<T>): Promise<{
  ms: number;
  stallMs: number;
  blockMs: number;
  value: T | null;
  error: Error | null;
}> {
  const start = performance.eventLoopUtilization();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const blocks = watchEventLoopBlocks();
  let value: T | null = null;
  let error: Error | null = null;
  try {
    value = await work();
  } catch (thrown) {
    error = thrown instanceof Error ? thrown : new Error(String(thrown));
  }
  const ms = performance.eventLoopUtilization(start).active;
  // the monitor's timer records a block when it next runs: one that ends the work would be missed
  await sleep(30);
  delay.disable();
  return { ms, stallMs: delay.max / 1e6, blockMs: await blocks.stop(), value, error };
}

/**
 * Section 8 of scripts/bench.ts: the three galleys' costs, their papers (with `pdf`, as the
 * forms require) added to `journalUri`'s issue `issueId`, pages asked of the server at `base`.
 */
export async function galleyCosts(
  ctx: AppContext,
  base: string,
  place: { journalUri: string; issueId: number; pdf: Uint8Array },
): Promise<GalleyCost[]> {
  const limits = { elements: MAX_ELEMENTS, references: MAX_REFERENCES, sections: MAX_SECTIONS };
  const largest = largestJats(limits);
  const galleys: [string, string][] = [
    ["JATS of 40,000 references", referencesJats(40_000)],
    ["JATS of 5,000 nested sections", nestedSectionsJats(5_000)],
    [
      `Largest JATS accepted (${markupCounts(largest).elements.toLocaleString("en")} elements)`,
      largest,
    ],
  ];
  const out: GalleyCost[] = [];
  for (const [what, xml] of galleys) {
    const bytes = new TextEncoder().encode(xml);
    const check = await loopTime(() => storeJatsGalley(ctx, bytes));
    if (check.value) await ctx.storage.remove(check.value.key); // stored again below, unchecked
    const { id } = await createPaper(
      ctx,
      place.journalUri,
      {
        sel_publication: place.issueId,
        title: what,
        doi: "",
        abstract: "A crafted galley, to measure what one galley may cost.",
        keywords: "",
        authors: [{ name: "Mallory Example", email: "", institution: "" }],
      },
      place.pdf,
    );
    // the galley as stored before the limits: the file and its row, unchecked
    const key = newKey("jats", ".xml");
    await ctx.storage.put(key, bytes);
    await ctx.db
      .insertInto("paper_jats")
      .values({
        paper_id: id,
        storage_key: key,
        size: bytes.byteLength,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        body_text: "",
        created_at: timestamp(),
      })
      .execute();
    let status = 0;
    const render = await loopTime(async () => {
      const res = await fetch(`${base}/journal/${place.journalUri}/${id}/fulltext`);
      await res.arrayBuffer();
      status = res.status;
    });
    let htmlRender: number | null = null;
    let htmlRenderStall: number | null = null;
    let htmlRenderBlock: number | null = null;
    if (status === 200) {
      // a second language's page: the article rendered again, in Spanish
      const again = await loopTime(async () => {
        const res = await fetch(`${base}/es/journal/${place.journalUri}/${id}/fulltext`);
        await res.arrayBuffer();
        if (res.status !== 200)
          throw new Error(`the Spanish full-text page answered ${res.status}`);
      });
      if (again.error) throw again.error;
      htmlRender = again.ms;
      htmlRenderStall = again.stallMs;
      htmlRenderBlock = again.blockMs;
    }
    const outcome = check.error
      ? `refused: ${check.error.message.replace(/;.*/, "").slice(0, 60)}`
      : `accepted, ${(bytes.byteLength / 1e6).toFixed(1)} MB`;
    out.push({
      what,
      check: check.ms,
      checkOutcome: outcome,
      render: render.ms,
      renderStall: render.stallMs,
      renderBlock: render.blockMs,
      renderStatus: status,
      htmlRender,
      htmlRenderStall,
      htmlRenderBlock,
    });
  }
  return out;
}
