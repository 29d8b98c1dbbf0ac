/**
 * Read side of conference proceedings: the cards of the proceedings lists (docs/product/screens.md,
 * `ProceedingCard` of docs/product/api.md), the events, one proceeding for editing, and a
 * proceeding's public page with its editorial board and papers (docs/decisions/090-public-
 * proceedings.md). Proceedings have no draft state: every one is public.
 */
import type {
  ProceedingCard,
  ProceedingDetail,
  ProceedingEdit,
  ProceedingEventItem,
} from "../../../shared/api.ts";
import { proceedingLink, proceedingPaperLink } from "../../../shared/format.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { AppContext } from "../../services/context.ts";
import { editorialBoard, editorsForEdit } from "../../services/editors.ts";
import { fileUrl } from "../../storage/storage.ts";
import { type Actor, isAdmin } from "../accounts/access.ts";
import { listContents } from "../papers/queries.ts";

/**
 * Proceedings, newest year first, at most `limit` (all when unset). `dashboard` cards carry the
 * manager's buttons (Papers, Add Paper, Edit, View; decision 202); public cards carry none (docs/product/api.md: GET /all_proceedings)
 * and link to their page with `link`.
 */
export async function listProceedings(
  ctx: AppContext,
  audience: "public" | "dashboard",
  limit?: number,
  /** Only the proceedings this account may touch (all for an administrator). */
  actor?: Actor,
): Promise<ProceedingCard[]> {
  let query = ctx.db
    .selectFrom("proceedings as p")
    .innerJoin("proceeding_events as e", "e.id", "p.event_id")
    .select([
      "p.id",
      "p.slug",
      "p.year",
      "p.cover",
      "p.title",
      "p.sub_title",
      "p.intro",
      "e.name as event_name",
      "e.start_date",
      "e.end_date",
    ])
    .orderBy("p.year", "desc")
    .orderBy("p.id", "desc");
  if (limit !== undefined) query = query.limit(limit);
  if (actor && !isAdmin(actor)) {
    query = query.where("p.id", "in", (qb) =>
      qb.selectFrom("proceeding_managers").select("proceeding_id").where("user_id", "=", actor.id),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    cover_img: fileUrl(r.cover),
    event_name: r.event_name,
    event_start_date: r.start_date,
    event_end_date: r.end_date,
    title: r.title,
    sub_title: r.sub_title ?? "",
    intro: r.intro,
    buttons:
      audience === "dashboard"
        ? [
            { label: msg("Papers"), link: `/dashboard/proceeding_papers/${r.id}` },
            { label: msg("Add Paper"), link: `/dashboard/add_proceeding_paper/${r.id}` },
            { label: msg("Edit"), link: `/dashboard/edit_proceeding/${r.id}` },
            { label: msg("View"), link: proceedingLink(r.slug) },
          ]
        : [],
    slug: r.slug,
    link: proceedingLink(r.slug),
    year: r.year,
  }));
}

/** GET /get_proceeding_events: every event, newest first. */
export async function listProceedingEvents(ctx: AppContext): Promise<ProceedingEventItem[]> {
  const rows = await ctx.db
    .selectFrom("proceeding_events")
    .selectAll()
    .orderBy("start_date", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    event_id: r.id,
    event_name: r.name,
    start_date: r.start_date,
    end_date: r.end_date,
  }));
}

/**
 * The proceeding with id `key.id` or URL slug `key.slug`, with its event's name, dates and
 * place (`proceedings` columns as stored); undefined when there is none.
 */
async function proceedingWithEvent(ctx: AppContext, key: { id: number } | { slug: string }) {
  const query = ctx.db
    .selectFrom("proceedings as p")
    .innerJoin("proceeding_events as e", "e.id", "p.event_id")
    .selectAll("p")
    .select(["e.name as event_name", "e.start_date", "e.end_date", "e.location"]);
  return (
    "id" in key ? query.where("p.id", "=", key.id) : query.where("p.slug", "=", key.slug)
  ).executeTakeFirst();
}

/**
 * The fields of a proceeding both the dashboard's form (`ProceedingEdit`) and the public page
 * (`ProceedingDetail`) answer with: unknown text `""`, the cover as its public URL.
 */
function proceedingFields(row: NonNullable<Awaited<ReturnType<typeof proceedingWithEvent>>>) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    sub_title: row.sub_title ?? "",
    event_name: row.event_name,
    event_start_date: row.start_date,
    event_end_date: row.end_date,
    publisher: row.publisher ?? "",
    issn: row.issn ?? "",
    year: row.year,
    intro: row.intro,
    cover_img: fileUrl(row.cover),
    language: row.language,
  };
}

/** GET /get_proceeding/{proceeding}: the proceeding with its event and editors, or null. */
export async function getProceeding(ctx: AppContext, id: number): Promise<ProceedingEdit | null> {
  const row = await proceedingWithEvent(ctx, { id });
  if (!row) return null;
  return {
    ...proceedingFields(row),
    event_id: row.event_id,
    editors: await editorsForEdit(ctx, { proceedingId: id }),
  };
}

/**
 * GET /get_proceeding_page/{slug}: the public page of the proceeding with URL slug `slug`
 * (event, publication facts, introduction, editorial board by role, papers in their order with
 * author names), or null when there is none. `{ id }` finds it by id instead: the dashboard's
 * proceeding page, GET /get_proceeding_contents/{proceeding} (decision 202).
 */
export async function getProceedingPage(
  ctx: AppContext,
  slug: string | { id: number },
): Promise<ProceedingDetail | null> {
  const row = await proceedingWithEvent(ctx, typeof slug === "string" ? { slug } : slug);
  if (!row) return null;
  const papers = await listContents(ctx, { proceedingId: row.id });
  return {
    ...proceedingFields(row),
    link: proceedingLink(row.slug),
    event_location: row.location ?? "",
    isbn: row.isbn ?? "",
    editors: await editorialBoard(ctx, { proceedingId: row.id }),
    papers: papers.map((p) => ({
      paperID: p.id,
      title: p.title,
      link: proceedingPaperLink(row.slug, p.id),
      authors: p.authors,
      first_page: p.first_page ?? "",
      last_page: p.last_page ?? "",
    })),
  };
}
