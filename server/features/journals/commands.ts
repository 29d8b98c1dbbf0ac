/**
 * Write side of journals (docs/product/screens.md, docs/product/states.md and docs/product/api.md; docs/product/overview.md#shape-of-the-system, docs/product/api.md and docs/product/data.md#tables): the two-step creation
 * (inactive until step 2), editing main details (including a URI rename and the active flag)
 * and submission info. Inputs are the outputs of the shared schemas (shared/schemas.ts).
 */

import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import { DEFAULT_CONTENT_LANGUAGE, journalLanguages } from "../../../shared/languages.ts";
import { canonicalLicenceUrl } from "../../../shared/licences.ts";
import type {
  JournalEditInput,
  JournalStep1Input,
  JournalStep2Input,
} from "../../../shared/schemas.ts";
import type { JournalsTable } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { AppContext } from "../../services/context.ts";
import { conflict, invalid } from "../../services/errors.ts";
import {
  nullIfEmpty,
  type Trx,
  timestamp,
  writeCatalogue,
  writeWithImage,
} from "../../services/write.ts";
import { assignJournalInTrx } from "../accounts/access.ts";
import { journalByUri } from "./queries.ts";

/** Columns the forms do not carry, set by the importer (or left to their defaults). */
export type JournalExtras = Partial<
  Pick<
    JournalsTable,
    | "subject"
    | "eissn"
    | "sub_guide"
    | "other_guide"
    | "email"
    | "cost"
    | "contact_name"
    | "contact_email"
    | "license_url"
  >
> & {
  /** The language its papers are in unless one says otherwise (decision 440). */
  primary_language?: string;
  /** Create the journal active at once (the importer); the dashboard activates it in step 2. */
  active?: boolean;
};

/**
 * The language columns of a journal (decision 440): the primary language and the languages it
 * publishes in (JSON, the primary one first, each once). `stored` is the journal's row on an
 * edit: a part the input leaves out keeps its stored value; on create it is English and the
 * primary language alone.
 */
function languageColumns(
  input: { primary_language?: string | undefined; languages?: string[] | undefined },
  stored: { primary_language: string; languages: string } | null,
): { primary_language?: string; languages?: string } {
  if (stored && input.primary_language === undefined && input.languages === undefined) return {};
  const primary = input.primary_language ?? stored?.primary_language ?? DEFAULT_CONTENT_LANGUAGE;
  const others =
    input.languages ?? (stored ? journalLanguages(stored.languages, stored.primary_language) : []);
  return {
    primary_language: primary,
    languages: JSON.stringify([...new Set([primary, ...others])]),
  };
}

const uriTaken = (uri: string) =>
  conflict(msgWith('The journal URI "{uri}" is already taken. Choose another one.', { uri }), {
    journal_uri: msg("This journal URI is already taken."),
  });

const uriReserved = (uri: string) =>
  conflict(
    msgWith(
      'The journal URI "{uri}" was used by another journal before it was renamed, and its old links still lead there. Choose another one.',
      { uri },
    ),
    {
      journal_uri: msg(
        "This journal URI belonged to another journal and stays reserved for its old links.",
      ),
    },
  );

/**
 * Refuses `uri` when a journal other than `exceptId` has it now (409 taken) or had it before a
 * rename (409 reserved: its old addresses redirect to that journal, decision 200). A journal may
 * take back a URI it had itself.
 */
async function assertUriFree(ctx: AppContext, uri: string, exceptId?: number): Promise<void> {
  let query = ctx.db.selectFrom("journals").select("id").where("uri", "=", uri);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) throw uriTaken(uri);
  let old = ctx.db.selectFrom("journal_old_uris").select("journal_id").where("old_uri", "=", uri);
  if (exceptId !== undefined) old = old.where("journal_id", "<>", exceptId);
  if (await old.executeTakeFirst()) throw uriReserved(uri);
}

/**
 * Keeps `oldUri` as a former URI of journal `journalId` (its addresses answer 301 to the
 * journal's current ones) and forgets `newUri` as a former one, since it is current again.
 */
async function recordRename(trx: Trx, journalId: number, oldUri: string, newUri: string) {
  await trx.deleteFrom("journal_old_uris").where("old_uri", "=", newUri).execute();
  await trx
    .insertInto("journal_old_uris")
    .values({ old_uri: oldUri, journal_id: journalId, renamed_at: timestamp() })
    .execute();
}

/**
 * POST /create_journal/1: creates the journal with its cover, inactive until step 2.
 * @param cover the cover image's bytes (required, checked by content).
 * @returns the new journal's id and URI.
 * The subject is `input.subject`, else `extras.subject`, else "More Journals"; the licence of
 * its new papers `input.license_url`, else `extras.license_url`, else none; its primary language
 * `input.primary_language`, else `extras.primary_language`, else English (decision 440).
 * @throws AppError `invalid` without a cover, `conflict` when the URI is taken or reserved (a
 *   former URI of another journal), and the image
 *   errors of {@link storeImage}.
 */
export async function createJournal(
  ctx: AppContext,
  input: JournalStep1Input,
  cover: Uint8Array | null | undefined,
  extras: JournalExtras = {},
  ownerId?: number,
): Promise<{ id: number; uri: string }> {
  if (!cover?.byteLength) {
    throw invalid(msg("Choose a cover image for the journal."), {
      cover_img: msg("Choose a cover image."),
    });
  }
  await assertUriFree(ctx, input.journal_uri);
  const now = timestamp();
  const { active, ...columns } = extras;
  try {
    const row = await writeWithImage(
      ctx,
      { folder: "covers", bytes: cover },
      async (trx, image) => {
        const inserted = await trx
          .insertInto("journals")
          .values({
            uri: input.journal_uri,
            name: input.journal_name,
            abbreviation: input.abbreviation,
            image,
            issn: nullIfEmpty(input.issn),
            publisher: nullIfEmpty(input.publisher),
            frequency: input.pub_frequency,
            intro: input.journal_intro,
            ...columns,
            sub_guide: columns.sub_guide ?? "",
            other_guide: columns.other_guide ?? "",
            subject: input.subject ?? columns.subject ?? "more",
            license_url: canonicalLicenceUrl(input.license_url ?? columns.license_url),
            doi_prefix: nullIfEmpty(input.doi_prefix),
            doi_pattern: nullIfEmpty(input.doi_pattern),
            preservation: nullIfEmpty(input.preservation),
            update_policy: nullIfEmpty(input.update_policy),
            update_policy_doi: nullIfEmpty(input.update_policy_doi),
            ...languageColumns(
              {
                ...input,
                primary_language: input.primary_language ?? columns.primary_language,
              },
              null,
            ),
            active: active ? 1 : 0,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        // the creator of a journal manages it (issue 8, Roles and ownership)
        if (ownerId !== undefined) await assignJournalInTrx(trx, inserted.id, ownerId, now);
        return inserted;
      },
    );
    return { id: row.id, uri: input.journal_uri };
  } catch (error) {
    if (isUniqueViolation(error)) throw uriTaken(input.journal_uri);
    throw error;
  }
}

async function writeSubmissionInfo(
  ctx: AppContext,
  input: JournalStep2Input,
  activate: boolean,
): Promise<{ id: number; uri: string }> {
  const journal = await journalByUri(ctx, input.journal_uri);
  await writeCatalogue(ctx, (trx) =>
    trx
      .updateTable("journals")
      .set({
        sub_guide: input.submission_guide,
        other_guide: input.other_guide,
        email: input.journal_email,
        cost: input.journal_cost,
        contact_name: input.contact_name,
        contact_email: input.contact_email,
        ...(activate ? { active: 1 } : {}),
        updated_at: timestamp(),
      })
      .where("id", "=", journal.id)
      .execute(),
  );
  return { id: journal.id, uri: journal.uri };
}

/**
 * POST /create_journal/2: guidelines and contacts of the journal named by `journal_uri`; the
 * journal becomes active.
 * @throws AppError `not_found` for an unknown URI.
 */
export function completeJournal(
  ctx: AppContext,
  input: JournalStep2Input,
): Promise<{ id: number; uri: string }> {
  return writeSubmissionInfo(ctx, input, true);
}

/**
 * POST /edit_journal/2: updates guidelines and contacts; the active flag is left as it is.
 * @throws AppError `not_found` for an unknown URI.
 */
export function updateJournalSubmission(
  ctx: AppContext,
  input: JournalStep2Input,
): Promise<{ id: number; uri: string }> {
  return writeSubmissionInfo(ctx, input, false);
}

/**
 * POST /edit_journal/1: main details of the journal at `primary_journal_uri`, which
 * `journal_uri` may rename (the old URI is kept so its addresses answer 301, decision 200);
 * `journal_active` Y/N sets the flag; `subject` (optional) moves it to another subject;
 * `license_url` (optional, decision 255) sets the licence of its new papers, `primary_language`
 * and `languages` (optional, decision 440) its languages; a new cover replaces the old one
 * (the old file is removed only after the row points at the new one).
 * @returns the journal's id and its (possibly new) URI, where the dashboard navigates next.
 * @throws AppError `not_found`, `conflict` (URI taken), and the image errors of {@link storeImage}.
 */
export async function updateJournalMain(
  ctx: AppContext,
  input: JournalEditInput,
  cover?: Uint8Array | null,
): Promise<{ id: number; uri: string }> {
  const journal = await journalByUri(ctx, input.primary_journal_uri);
  if (input.journal_uri !== journal.uri) await assertUriFree(ctx, input.journal_uri, journal.id);
  try {
    await writeWithImage(
      ctx,
      { folder: "covers", bytes: cover, replaced: journal.image },
      async (trx, image) => {
        await trx
          .updateTable("journals")
          .set({
            uri: input.journal_uri,
            name: input.journal_name,
            abbreviation: input.abbreviation,
            issn: nullIfEmpty(input.issn),
            publisher: nullIfEmpty(input.publisher),
            frequency: input.pub_frequency,
            intro: input.journal_intro,
            active: input.journal_active === "Y" ? 1 : 0,
            ...(input.subject ? { subject: input.subject } : {}),
            // absent keeps the licence (callers that know only the spec's fields)
            ...(input.license_url !== undefined
              ? { license_url: canonicalLicenceUrl(input.license_url) }
              : {}),
            // DOI prefix and pattern, preservation (decision 279): absent keeps them
            ...(input.doi_prefix !== undefined
              ? { doi_prefix: nullIfEmpty(input.doi_prefix) }
              : {}),
            ...(input.doi_pattern !== undefined
              ? { doi_pattern: nullIfEmpty(input.doi_pattern) }
              : {}),
            ...(input.preservation !== undefined
              ? { preservation: nullIfEmpty(input.preservation) }
              : {}),
            // the update policy and its DOI (decision 490): absent keeps them
            ...(input.update_policy !== undefined
              ? { update_policy: nullIfEmpty(input.update_policy) }
              : {}),
            ...(input.update_policy_doi !== undefined
              ? { update_policy_doi: nullIfEmpty(input.update_policy_doi) }
              : {}),
            // the primary language and the languages (decision 440): absent keeps them
            ...languageColumns(input, journal),
            ...(image ? { image } : {}),
            updated_at: timestamp(),
          })
          .where("id", "=", journal.id)
          .execute();
        if (input.journal_uri !== journal.uri) {
          await recordRename(trx, journal.id, journal.uri, input.journal_uri);
        }
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw uriTaken(input.journal_uri);
    throw error;
  }
  return { id: journal.id, uri: input.journal_uri };
}
