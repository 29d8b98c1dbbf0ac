/**
 * Registering DOIs with Crossref from the dashboard (issue 16,
 * docs/decisions/278-crossref-deposits.md), through Crossref's HTTPS deposit API
 * (https://www.crossref.org/documentation/register-maintain-records/direct-deposit-xml/https-post/):
 *
 * 1. papers of the issue without a DOI get one from the journal's prefix and pattern
 *    (shared/doi-pattern.ts), when the journal has a prefix;
 * 2. the deposit XML (./crossref.ts) is POSTed as `multipart/form-data` to
 *    `CROSSREF_DEPOSIT_URL` with `operation=doMDUpload`, `login_id`, `login_passwd` and the file
 *    as `fname` (./crossref-client.ts, which follows no redirect and shows no answer's text:
 *    decision 397); Crossref answers at once that the batch is queued (or refuses it);
 * 3. the batch (its `doi_batch_id`) is recorded and each paper deposited is `queued`;
 * 4. reading the status polls the submission log
 *    (`/servlet/submissionDownload?usr=&pwd=&doi_batch_id=&type=result`, beside the deposit
 *    URL): once its `doi_batch_diagnostic` is `completed`, each `record_diagnostic` marks its DOI
 *    `registered` (Success, Warning) or `failed` with Crossref's `msg`.
 */
import { DOMParser } from "@xmldom/xmldom";
import type { DepositPaper, DepositScreen, DoiStatus } from "../../../shared/deposits.ts";
import { assignDoi } from "../../../shared/doi-pattern.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { CROSSREF_TEST_DEPOSIT_URL } from "../../config.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";
import { timestamp, writeCatalogue } from "../../services/write.ts";
import { crossrefCredentials, fetchSubmissionLog, postDeposit } from "./crossref-client.ts";
import { issueCrossrefXml, proceedingCrossrefXml } from "./exports.ts";
import { issueVenue, proceedingVenue } from "./venues.ts";

/** What is deposited: an issue or a proceeding, by id. */
export type DepositTarget = { kind: "issue" | "proceeding"; id: number };

/** The papers of `target` (id, title, DOI) in their order. */
async function targetPapers(ctx: AppContext, target: DepositTarget) {
  return ctx.db
    .selectFrom("papers")
    .select(["id", "title", "doi", "first_page"])
    .where(target.kind === "issue" ? "publication_id" : "proceeding_id", "=", target.id)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/**
 * Gives the issue's papers without a DOI one from the journal's prefix and pattern; none when
 * the journal has no prefix. A DOI another paper already has is skipped (left without).
 * @returns how many papers got a DOI.
 */
async function assignIssueDois(
  ctx: AppContext,
  uri: string,
  volume: string,
  number: string,
): Promise<number> {
  const { issue } = await issueVenue(ctx, uri, volume, number);
  const journal = await ctx.db
    .selectFrom("journals")
    .select(["doi_prefix", "doi_pattern"])
    .where("uri", "=", uri)
    .executeTakeFirstOrThrow();
  if (!journal.doi_prefix) return 0;
  const papers = (await targetPapers(ctx, { kind: "issue", id: issue.id })).filter((p) => !p.doi);
  if (papers.length === 0) return 0;
  let assigned = 0;
  await writeCatalogue(ctx, async (trx) => {
    for (const p of papers) {
      const doi = assignDoi(journal.doi_prefix ?? "", journal.doi_pattern, {
        journal: uri,
        volume: issue.volume,
        issue: issue.number,
        year: issue.year,
        paperId: p.id,
        page: p.first_page ?? "",
      });
      if (!doi) continue;
      const taken = await trx
        .selectFrom("papers")
        .select("id")
        .where((eb) => eb.fn("lower", ["doi"]), "=", doi.toLowerCase())
        .executeTakeFirst();
      if (taken) continue;
      await trx
        .updateTable("papers")
        .set({ doi, updated_at: timestamp() })
        .where("id", "=", p.id)
        .execute();
      assigned += 1;
    }
  });
  return assigned;
}

/**
 * Registers the DOIs of `target` (its papers that have one, after assigning DOIs from the
 * journal's pattern): posts the deposit and records the batch and each paper as queued.
 * @throws AppError conflict when Crossref is not configured or no paper has a DOI; unavailable
 *   when Crossref refuses or cannot be reached; not_found for an unknown target.
 */
export async function registerDois(
  ctx: AppContext,
  target:
    | { kind: "issue"; uri: string; volume: string; number: string }
    | { kind: "proceeding"; id: number },
  origin: string,
): Promise<DepositTarget> {
  crossrefCredentials(ctx);
  let deposit: { xml: string; batch: { id: string } };
  let resolved: DepositTarget;
  if (target.kind === "issue") {
    await assignIssueDois(ctx, target.uri, target.volume, target.number);
    const issue = await issueCrossrefXml(ctx, target.uri, target.volume, target.number, origin);
    deposit = issue;
    resolved = { kind: "issue", id: issue.issueId };
  } else {
    await proceedingVenue(ctx, target.id);
    deposit = await proceedingCrossrefXml(ctx, target.id, origin);
    resolved = { kind: "proceeding", id: target.id };
  }
  const papers = (await targetPapers(ctx, resolved)).filter((p) => p.doi);
  if (papers.length === 0) {
    throw new AppError(
      "conflict",
      msg(
        "No paper here has a DOI: enter DOIs on the papers, or a DOI prefix on the journal form.",
      ),
    );
  }
  await postDeposit(ctx, deposit.xml, `${deposit.batch.id}.xml`);
  const now = timestamp();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("crossref_batches")
      .values({
        batch_id: deposit.batch.id,
        kind: resolved.kind,
        target_id: resolved.id,
        submitted_at: now,
        checked_at: null,
        state: "submitted",
        message: null,
      })
      .execute();
    for (const p of papers) {
      const row = {
        doi: p.doi ?? "",
        status: "queued" as const,
        batch_id: deposit.batch.id,
        message: null,
        updated_at: now,
      };
      await trx
        .insertInto("paper_dois")
        .values({ paper_id: p.id, ...row })
        .onConflict((oc) => oc.column("paper_id").doUpdateSet(row))
        .execute();
    }
  });
  return resolved;
}

/** One DOI's outcome in a submission log. */
type RecordResult = { doi: string; ok: boolean; message: string };

/**
 * Reads Crossref's submission log of `batchId`: null while it is not processed yet (queued, in
 * process, not yet known), else each record's outcome.
 */
async function readSubmissionLog(ctx: AppContext, batchId: string): Promise<RecordResult[] | null> {
  const text = await fetchSubmissionLog(ctx, batchId);
  if (text === null) return null;
  const doc = new DOMParser({ onError: () => {} }).parseFromString(text, "text/xml");
  const root = doc.getElementsByTagName("doi_batch_diagnostic")[0];
  if (root === undefined) return null;
  if (root.getAttribute("status") !== "completed") return null;
  return Array.from(root.getElementsByTagName("record_diagnostic"), (r) => ({
    doi: r.getElementsByTagName("doi")[0]?.textContent?.trim() ?? "",
    ok: /^(success|warning)$/i.test(r.getAttribute("status") ?? ""),
    message: (r.getElementsByTagName("msg")[0]?.textContent ?? "").replace(/\s+/g, " ").trim(),
  }));
}

/** Polls the submission log of `target`'s batches still waiting, and records what it says. */
async function pollBatches(ctx: AppContext, target: DepositTarget): Promise<void> {
  if (!ctx.config.crossref.username || !ctx.config.crossref.password) return;
  const waiting = await ctx.db
    .selectFrom("crossref_batches")
    .select("batch_id")
    .where("kind", "=", target.kind)
    .where("target_id", "=", target.id)
    .where("state", "=", "submitted")
    .execute();
  for (const { batch_id } of waiting) {
    const results = await readSubmissionLog(ctx, batch_id);
    const now = timestamp();
    if (!results) {
      await ctx.db
        .updateTable("crossref_batches")
        .set({ checked_at: now })
        .where("batch_id", "=", batch_id)
        .execute();
      continue;
    }
    await ctx.db.transaction().execute(async (trx) => {
      for (const r of results) {
        await trx
          .updateTable("paper_dois")
          .set({
            status: r.ok ? "registered" : "failed",
            // Crossref's own words (English, from its log), else ours
            message: r.ok ? null : r.message || msg("Crossref did not register this DOI."),
            updated_at: now,
          })
          .where("batch_id", "=", batch_id)
          .where((eb) => eb.fn("lower", ["doi"]), "=", r.doi.toLowerCase())
          .execute();
      }
      // a DOI of the batch the log does not name was not registered
      await trx
        .updateTable("paper_dois")
        .set({
          status: "failed",
          message: msg("Crossref's log does not name this DOI."),
          updated_at: now,
        })
        .where("batch_id", "=", batch_id)
        .where("status", "=", "queued")
        .execute();
      await trx
        .updateTable("crossref_batches")
        .set({ state: results.every((r) => r.ok) ? "done" : "failed", checked_at: now })
        .where("batch_id", "=", batch_id)
        .execute();
    });
  }
}

/**
 * The DOI panel of `target`: each paper's DOI and status (the submission log polled first for
 * batches still waiting), whether deposits are possible, and the newest batch.
 */
export async function depositScreen(
  ctx: AppContext,
  target: DepositTarget,
): Promise<DepositScreen> {
  await pollBatches(ctx, target);
  const papers = await targetPapers(ctx, target);
  const statuses = papers.length
    ? await ctx.db
        .selectFrom("paper_dois")
        .selectAll()
        .where(
          "paper_id",
          "in",
          papers.map((p) => p.id),
        )
        .execute()
    : [];
  const byPaper = new Map(statuses.map((s) => [s.paper_id, s]));
  const rows: DepositPaper[] = papers.map((p) => {
    const s = byPaper.get(p.id);
    const current = s && p.doi && s.doi.toLowerCase() === p.doi.toLowerCase();
    const status: DoiStatus = current ? s.status : "not_registered";
    return {
      paperID: p.id,
      title: p.title,
      doi: p.doi ?? "",
      status,
      message: current && s.status === "failed" ? (s.message ?? "") : "",
    };
  });
  const last = await ctx.db
    .selectFrom("crossref_batches")
    .selectAll()
    .where("kind", "=", target.kind)
    .where("target_id", "=", target.id)
    .orderBy("submitted_at", "desc")
    .orderBy("batch_id", "desc")
    .executeTakeFirst();
  let canAssign = false;
  if (target.kind === "issue") {
    const journal = await ctx.db
      .selectFrom("publications as pub")
      .innerJoin("journals as j", "j.id", "pub.journal_id")
      .select("j.doi_prefix")
      .where("pub.id", "=", target.id)
      .executeTakeFirst();
    canAssign = Boolean(journal?.doi_prefix);
  }
  const { username, password, depositUrl } = ctx.config.crossref;
  return {
    configured: Boolean(username && password),
    test_system: depositUrl === CROSSREF_TEST_DEPOSIT_URL,
    can_assign: canAssign,
    papers: rows,
    last_batch: last
      ? {
          batch_id: last.batch_id,
          submitted_at: last.submitted_at,
          state: last.state,
          message: last.message ?? "",
        }
      : null,
  };
}

/** `target` as {@link depositScreen} takes it, from the dashboard's path values. */
export async function issueTarget(
  ctx: AppContext,
  uri: string,
  volume: string,
  number: string,
): Promise<DepositTarget> {
  const { issue } = await issueVenue(ctx, uri, volume, number);
  return { kind: "issue", id: issue.id };
}
