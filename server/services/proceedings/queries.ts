/**
 * Read side of conference proceedings: the cards of the proceedings lists (spec section 2,
 * `ProceedingCard` of DESIGN section 2), the events, and one proceeding for editing.
 */
import type { ProceedingCard, ProceedingEdit, ProceedingEventItem } from "../../../shared/api.ts";
import { fileUrl } from "../../storage/storage.ts";
import type { AppContext } from "../context.ts";

/**
 * Proceedings, newest year first. `dashboard` cards carry the manager's buttons (Edit);
 * public cards carry none (DESIGN section 2: GET /all_proceedings).
 */
export async function listProceedings(
  ctx: AppContext,
  audience: "public" | "dashboard",
): Promise<ProceedingCard[]> {
  const rows = await ctx.db
    .selectFrom("proceedings as p")
    .innerJoin("proceeding_events as e", "e.id", "p.event_id")
    .select([
      "p.id",
      "p.cover",
      "p.title",
      "p.sub_title",
      "p.intro",
      "e.name as event_name",
      "e.start_date",
      "e.end_date",
    ])
    .orderBy("p.year", "desc")
    .orderBy("p.id", "desc")
    .execute();
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
        ? [{ label: "Edit", link: `/dashboard/edit_proceeding/${r.id}` }]
        : [],
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

/** GET /get_proceeding/{proceeding}: the proceeding with its event and editors, or null. */
export async function getProceeding(ctx: AppContext, id: number): Promise<ProceedingEdit | null> {
  const row = await ctx.db
    .selectFrom("proceedings as p")
    .innerJoin("proceeding_events as e", "e.id", "p.event_id")
    .selectAll("p")
    .select(["e.name as event_name", "e.start_date", "e.end_date"])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const editors = await ctx.db
    .selectFrom("editors")
    .select(["name", "email", "institution", "role"])
    .where("proceeding_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return {
    id: row.id,
    event_id: row.event_id,
    event_name: row.event_name,
    event_start_date: row.start_date,
    event_end_date: row.end_date,
    title: row.title,
    sub_title: row.sub_title ?? "",
    issn: row.issn ?? "",
    publisher: row.publisher ?? "",
    year: row.year,
    intro: row.intro,
    cover_img: fileUrl(row.cover),
    editors: editors.map((e) => ({
      name: e.name,
      email: e.email ?? "",
      institution: e.institution ?? "",
      role: e.role,
    })),
  };
}
