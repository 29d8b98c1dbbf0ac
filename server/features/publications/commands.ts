/**
 * Write side of publications, a journal's issues (docs/product/screens.md and docs/product/api.md; docs/product/overview.md#shape-of-the-system, docs/product/api.md and docs/product/data.md#tables):
 * create with editors and cover, update, delete an empty issue, publish or unpublish.
 * A journal holds each volume/number once (409 otherwise).
 */
import type { PublicationStatus } from "../../../shared/constants.ts";
import { publicationLabel } from "../../../shared/format.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import type { PublicationInput } from "../../../shared/schemas.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { AppContext } from "../../services/context.ts";
import { conflict, invalid, notFound } from "../../services/errors.ts";
import { removeImage } from "../../services/images.ts";
import {
  nullIfEmpty,
  removeAfterCommit,
  replaceEditors,
  timestamp,
  today,
  writeCatalogue,
  writeWithImage,
} from "../../services/write.ts";
import { journalByUri } from "../journals/queries.ts";

export type PublicationExtras = {
  /** Default `input.status`, else `draft` (decision 258). */
  status?: PublicationStatus;
  /** When it went online, `YYYY-MM-DD`; default today. */
  published_on?: string;
};

/**
 * The issue's publication date to store (decision 255): the one given, else the stored one
 * while it is still in the issue's year, else the year alone; `year` and the date's year always
 * agree (the schema refuses a date of another year).
 */
function publicationDate(input: PublicationInput, stored?: string | null): string {
  if (input.publication_date) return input.publication_date;
  if (input.publication_date === undefined && stored?.startsWith(String(input.year))) return stored;
  return String(input.year);
}

async function publicationOf(ctx: AppContext, journalUri: string, publicationId: number) {
  const journal = await journalByUri(ctx, journalUri);
  const row = await ctx.db
    .selectFrom("publications")
    .selectAll()
    .where("id", "=", publicationId)
    .where("journal_id", "=", journal.id)
    .executeTakeFirst();
  if (!row) throw notFound(msg("There is no such publication in this journal."));
  return { journal, publication: row };
}

function duplicate(journalName: string, input: PublicationInput) {
  const { volume, issue } = input;
  return conflict(
    msgWith("Vol. {volume} No. {issue} already exists in {journal}.", {
      volume,
      issue,
      journal: journalName,
    }),
    {
      issue: msgWith("Vol. {volume} No. {issue} already exists in this journal.", {
        volume,
        issue,
      }),
    },
  );
}

async function assertFree(
  ctx: AppContext,
  journal: { id: number; name: string },
  input: PublicationInput,
  exceptId?: number,
): Promise<void> {
  let query = ctx.db
    .selectFrom("publications")
    .select("id")
    .where("journal_id", "=", journal.id)
    .where("volume", "=", input.volume)
    .where("number", "=", input.issue);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) throw duplicate(journal.name, input);
}

/**
 * POST /create_publication/{journal}: a new issue with its cover and editorial board, a draft
 * unless `input.status` (or `extras.status`) is `published` (decision 258), dated
 * `input.publication_date` or its year.
 * @returns the new publication's id.
 * @throws AppError `not_found` (journal), `invalid` (no cover), `conflict` (volume/number taken),
 *   and the image errors of {@link storeImage}.
 */
export async function createPublication(
  ctx: AppContext,
  journalUri: string,
  input: PublicationInput,
  cover: Uint8Array | null | undefined,
  extras: PublicationExtras = {},
): Promise<{ id: number }> {
  const journal = await journalByUri(ctx, journalUri);
  if (!cover?.byteLength) {
    throw invalid(msg("Choose a cover image for the publication."), {
      cover_img: msg("Choose a cover image."),
    });
  }
  await assertFree(ctx, journal, input);
  const now = timestamp();
  try {
    return await writeWithImage(ctx, { folder: "covers", bytes: cover }, async (trx, key) => {
      const row = await trx
        .insertInto("publications")
        .values({
          journal_id: journal.id,
          volume: input.volume,
          number: input.issue,
          show_number: input.show_number === false ? 0 : 1,
          title: nullIfEmpty(input.title),
          year: input.year,
          publication_date: publicationDate(input),
          cover: key,
          status: extras.status ?? input.status ?? "draft",
          published_on: extras.published_on ?? today(),
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await replaceEditors(trx, { publication_id: row.id }, input.editors);
      return { id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(journal.name, input);
    throw error;
  }
}

/**
 * POST /edit_publication/{journal}/{publication}: volume, number, title, year, publication date
 * (absent: kept while in the year), editors, and the status when given (publishing makes
 * today its `published_on`, as {@link setPublicationStatus}); a new cover replaces the old one,
 * which is removed after the row points at the new one.
 * @throws AppError `not_found`, `conflict` (volume/number taken) and the image errors.
 */
export async function updatePublication(
  ctx: AppContext,
  journalUri: string,
  publicationId: number,
  input: PublicationInput,
  cover?: Uint8Array | null,
): Promise<{ id: number }> {
  const { journal, publication } = await publicationOf(ctx, journalUri, publicationId);
  await assertFree(ctx, journal, input, publication.id);
  try {
    await writeWithImage(
      ctx,
      { folder: "covers", bytes: cover, replaced: publication.cover },
      async (trx, key) => {
        await trx
          .updateTable("publications")
          .set({
            volume: input.volume,
            number: input.issue,
            show_number: input.show_number === false ? 0 : 1,
            title: nullIfEmpty(input.title),
            year: input.year,
            publication_date: publicationDate(input, publication.publication_date),
            ...(input.status && input.status !== publication.status
              ? {
                  status: input.status,
                  ...(input.status === "published" ? { published_on: today() } : {}),
                }
              : {}),
            ...(key ? { cover: key } : {}),
            updated_at: timestamp(),
          })
          .where("id", "=", publication.id)
          .execute();
        await replaceEditors(trx, { publication_id: publication.id }, input.editors);
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(journal.name, input);
    throw error;
  }
  return { id: publication.id };
}

/**
 * Deletes an issue that has no papers (its editors go with it), then its cover.
 * @throws AppError `not_found`; `conflict` while the issue still has papers.
 */
export async function deletePublication(
  ctx: AppContext,
  journalUri: string,
  publicationId: number,
): Promise<void> {
  const { publication } = await publicationOf(ctx, journalUri, publicationId);
  const label = publicationLabel(
    publication.volume,
    publication.number,
    publication.year,
    publication.show_number,
  );
  await writeCatalogue(ctx, async (trx) => {
    const papers = await trx
      .selectFrom("papers")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("publication_id", "=", publication.id)
      .executeTakeFirstOrThrow();
    const n = Number(papers.n);
    if (n > 0) {
      // the issue's label (`Vol. 9 No. 2 (2016)`) is carried as it is printed
      throw conflict(
        msgWith(
          "{count, plural, one {{label} still has # paper. Delete them before deleting the publication.} other {{label} still has # papers. Delete them before deleting the publication.}}",
          { label, count: n },
        ),
      );
    }
    await trx.deleteFrom("publications").where("id", "=", publication.id).execute();
  });
  await removeAfterCommit(ctx, () => removeImage(ctx, publication.cover));
}

/**
 * Publishes (visible to readers; `published_on` becomes today when it was a draft) or
 * unpublishes (draft) an issue.
 * @throws AppError `not_found`.
 */
export async function setPublicationStatus(
  ctx: AppContext,
  journalUri: string,
  publicationId: number,
  status: PublicationStatus,
): Promise<void> {
  const { publication } = await publicationOf(ctx, journalUri, publicationId);
  if (publication.status === status) return;
  await writeCatalogue(ctx, (trx) =>
    trx
      .updateTable("publications")
      .set({
        status,
        ...(status === "published" ? { published_on: today() } : {}),
        updated_at: timestamp(),
      })
      .where("id", "=", publication.id)
      .execute(),
  );
}
