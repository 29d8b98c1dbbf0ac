import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  completeJournal,
  createJournal,
  updateJournalMain,
  updateJournalSubmission,
} from "../../server/features/journals/commands.ts";
import type { PaperFields } from "../../server/features/papers/commands.ts";
import { createPaper, deletePaper, updatePaper } from "../../server/features/papers/commands.ts";
import type { AuthorWrite } from "../../server/features/papers/scholarly.ts";
import {
  createPartner,
  removePartner,
  reorderPartners,
  updatePartner,
} from "../../server/features/partners/commands.ts";
import { createProceeding, updateProceeding } from "../../server/features/proceedings/commands.ts";
import {
  createPublication,
  deletePublication,
  setPublicationStatus,
  updatePublication,
} from "../../server/features/publications/commands.ts";
import { defaultLanguageText } from "../../server/i18n/catalogues.ts";
import { AppError } from "../../server/services/errors.ts";
import { derivativeKey } from "../../server/services/images.ts";
import type {
  JournalStep1Input,
  PaperInput,
  ProceedingInput,
  PublicationInput,
} from "../../shared/schemas.ts";
import {
  CORPUS_DIR,
  createTestContext,
  dialectUnderTest,
  type TestContext,
} from "../helpers/context.ts";

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

const png = (color: string) =>
  sharp({ create: { width: 60, height: 80, channels: 3, background: color } })
    .png()
    .toBuffer();
const pdf = (name: string) => readFile(path.join(CORPUS_DIR, "pdfs", name));

const journal = (uri: string): JournalStep1Input => ({
  journal_name: `Journal ${uri}`,
  abbreviation: `J ${uri}`,
  journal_uri: uri,
  publisher: "Test Press",
  pub_frequency: "quartely",
  issn: "2049-3630",
  journal_intro: "About this journal.",
});

const issue = (volume: string, number: string, editors: PublicationInput["editors"] = []) => ({
  volume,
  issue: number,
  title: "",
  year: 2024,
  editors,
});

/** A journal paper as the write services take it (authors with only the spec's fields). */
type PaperWrite = PaperFields & Pick<PaperInput, "sel_publication">;

const author = (name: string, institution = ""): AuthorWrite => ({ name, email: "", institution });

describe(`write services (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const files = async (folder: string) =>
    (await readdir(path.join(t.ctx.config.filesDir, folder)).catch(() => [] as string[])).sort();
  /** Rows of the paper in the search index (server/features/search/search.ts). */
  const searchRows = async (paperId: number) => {
    const { rows } = await sql<{
      n: string | number;
    }>`select count(*) as n from paper_search
      where ${sql.raw(t.ctx.dialect === "sqlite" ? "rowid" : "paper_id")} = ${paperId}`.execute(
      t.ctx.db,
    );
    return Number(rows[0]!.n);
  };
  const journalRow = (uri: string) =>
    t.ctx.db.selectFrom("journals").selectAll().where("uri", "=", uri).executeTakeFirst();

  describe("journals", () => {
    it("creates a journal inactive with its cover; step 2 activates it", async () => {
      const { uri } = await createJournal(t.ctx, journal("alpha"), await png("#123456"));
      let row = await journalRow(uri);
      expect(row).toMatchObject({ active: 0, frequency: "quartely", issn: "2049-3630" });
      expect(await t.ctx.storage.stat(row!.image!)).not.toBeNull();
      expect(await t.ctx.storage.stat(derivativeKey(row!.image!, 320))).not.toBeNull();

      await completeJournal(t.ctx, {
        journal_uri: "alpha",
        submission_guide: "Send a PDF.",
        other_guide: "Be kind.",
        journal_email: "editors@alpha.example",
        journal_cost: "None",
        contact_name: "Alpha Editor",
        contact_email: "alpha@alpha.example",
      });
      row = await journalRow(uri);
      expect(row).toMatchObject({ active: 1, sub_guide: "Send a PDF.", cost: "None" });
    });

    it("refuses a taken URI with 409 and keeps no cover of the refused journal", async () => {
      const before = await files("covers");
      const error = await failure(createJournal(t.ctx, journal("alpha"), await png("#654321")));
      expect([error.kind, defaultLanguageText(error.message)]).toEqual([
        "conflict",
        'The journal URI "alpha" is already taken. Choose another one.',
      ]);
      expect(error.errors).toEqual({ journal_uri: "This journal URI is already taken." });
      expect(await files("covers")).toEqual(before);
    });

    it("requires a cover on create", async () => {
      const error = await failure(createJournal(t.ctx, journal("no-cover"), null));
      expect([error.kind, error.errors]).toEqual([
        "invalid",
        { cover_img: "Choose a cover image." },
      ]);
    });

    it("renames the URI, sets the active flag and replaces the cover, deleting the old file after", async () => {
      const old = (await journalRow("alpha"))!.image!;
      const result = await updateJournalMain(
        t.ctx,
        { ...journal("alpha-renamed"), journal_active: "N", primary_journal_uri: "alpha" },
        await png("#abcdef"),
      );
      expect(result.uri).toBe("alpha-renamed");
      const row = await journalRow("alpha-renamed");
      expect(row).toMatchObject({ active: 0, name: "Journal alpha-renamed" });
      expect(row!.image).not.toBe(old);
      expect(await t.ctx.storage.stat(old)).toBeNull();
      expect(await t.ctx.storage.stat(derivativeKey(old, 640))).toBeNull();
      expect(await journalRow("alpha")).toBeUndefined();

      await createJournal(t.ctx, journal("beta"), await png("#111111"));
      const taken = await failure(
        updateJournalMain(t.ctx, {
          ...journal("beta"),
          journal_active: "Y",
          primary_journal_uri: "alpha-renamed",
        }),
      );
      expect(taken.kind).toBe("conflict");
      const unknown = await failure(
        updateJournalSubmission(t.ctx, {
          journal_uri: "gamma",
          submission_guide: "x",
          other_guide: "y",
          journal_email: "a@b.example",
          journal_cost: "0",
          contact_name: "C",
          contact_email: "c@b.example",
        }),
      );
      expect(unknown.kind).toBe("not_found");
    });
  });

  describe("publications", () => {
    it("creates an issue with editors in order; a duplicate volume/number is 409", async () => {
      const { id } = await createPublication(
        t.ctx,
        "beta",
        issue("1", "1", [
          { name: "Zed First", email: "", institution: "Uni A", role: "Editor" },
          {
            name: "Amy Second",
            email: "amy@example.org",
            institution: "",
            role: "Academic Editor",
          },
        ]),
        await png("#222222"),
      );
      const editors = await t.ctx.db
        .selectFrom("editors")
        .select(["name", "position", "email", "institution"])
        .where("publication_id", "=", id)
        .orderBy("position")
        .execute();
      expect(editors).toEqual([
        { name: "Zed First", position: 1, email: null, institution: "Uni A" },
        { name: "Amy Second", position: 2, email: "amy@example.org", institution: null },
      ]);

      const before = await files("covers");
      const error = await failure(
        createPublication(t.ctx, "beta", issue("1", "1"), await png("#333333")),
      );
      expect([error.kind, defaultLanguageText(error.message)]).toEqual([
        "conflict",
        "Vol. 1 No. 1 already exists in Journal beta.",
      ]);
      expect(await files("covers")).toEqual(before);
    });

    it("updates, refuses to take another issue's number, and publishes/unpublishes", async () => {
      const { id } = await createPublication(t.ctx, "beta", issue("1", "2"), await png("#444444"));
      const clash = await failure(updatePublication(t.ctx, "beta", id, issue("1", "1")));
      expect(clash.kind).toBe("conflict");
      await updatePublication(t.ctx, "beta", id, { ...issue("1", "3"), title: "Special" });
      await setPublicationStatus(t.ctx, "beta", id, "draft");
      let row = await t.ctx.db
        .selectFrom("publications")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      expect(row).toMatchObject({ number: "3", title: "Special", status: "draft" });
      await setPublicationStatus(t.ctx, "beta", id, "published");
      row = await t.ctx.db
        .selectFrom("publications")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      expect(row!.status).toBe("published");
      expect(row!.published_on).toBe(new Date().toISOString().slice(0, 10));
      expect((await failure(setPublicationStatus(t.ctx, "alpha-renamed", id, "draft"))).kind).toBe(
        "not_found",
      );
    });
  });

  describe("papers", () => {
    let publicationId: number;
    beforeAll(async () => {
      ({ id: publicationId } = await createPublication(
        t.ctx,
        "beta",
        issue("2", "1"),
        await png("#555555"),
      ));
    });
    const paper = (overrides: Partial<PaperWrite> = {}): PaperWrite => ({
      sel_publication: publicationId,
      title: "A good life",
      doi: "10.7554/eLife.00353",
      abstract: "Following a career in science…",
      keywords: "careers in science, grad school",
      authors: [author("Eve Marder", "Brandeis University; Volen Center")],
      ...overrides,
    });

    it("creates a paper with its PDF (pages and text read) and authors in order", async () => {
      const { id } = await createPaper(
        t.ctx,
        "beta",
        paper({ authors: [author("First"), author("Second"), author("Third")] }),
        await pdf("elife-00353-v1.pdf"),
      );
      const row = await t.ctx.db
        .selectFrom("papers")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ page_count: 2, encrypted: 0, position: 1 });
      expect(row.full_text).toContain("Some years ago I had a postdoc");
      expect(await t.ctx.storage.stat(row.file!)).not.toBeNull();
      const authors = await t.ctx.db
        .selectFrom("paper_authors")
        .select(["name", "position"])
        .where("paper_id", "=", id)
        .orderBy("position")
        .execute();
      expect(authors.map((a) => a.name)).toEqual(["First", "Second", "Third"]);
      expect(await searchRows(id)).toBe(1);
    });

    it("refuses a second paper with the same DOI (409), requires a PDF, and a publication of the journal", async () => {
      expect(
        (await failure(createPaper(t.ctx, "beta", paper(), await pdf("elife-00353-v1.pdf")))).kind,
      ).toBe("conflict");
      expect((await failure(createPaper(t.ctx, "beta", paper({ doi: "" }), null))).errors).toEqual({
        paper_file: "Choose the paper's PDF file.",
      });
      const other = await failure(
        createPaper(t.ctx, "alpha-renamed", paper({ doi: "" }), await pdf("elife-00353-v1.pdf")),
      );
      expect(other.kind).toBe("invalid");
      expect(other.errors).toHaveProperty("sel_publication");
    });

    it("a failed paper insert leaves no file in storage and no row", async () => {
      const before = await files("papers");
      const count = async () =>
        Number(
          (
            await t.ctx.db
              .selectFrom("papers")
              .select((eb) => eb.fn.countAll<string | number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const papersBefore = await count();
      // an author without a name violates NOT NULL inside the transaction, after the PDF is stored
      const broken = paper({
        doi: "10.1000/broken",
        authors: [{ name: null as unknown as string, email: "", institution: "" }],
      });
      await expect(
        createPaper(t.ctx, "beta", broken, await pdf("issue3371.pdf")),
      ).rejects.toThrow();
      expect(await files("papers")).toEqual(before);
      expect(await count()).toBe(papersBefore);
    });

    it("replaces the PDF on update (old file removed after) and deletes row then file", async () => {
      const { id } = await createPaper(
        t.ctx,
        "beta",
        paper({ doi: "10.1000/x1", title: "Replace me" }),
        await pdf("issue3371.pdf"),
      );
      const first = await t.ctx.db
        .selectFrom("papers")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(first.encrypted).toBe(1);
      expect(first.full_text).toBeNull();

      await updatePaper(
        t.ctx,
        "beta",
        id,
        paper({ doi: "10.1000/x1", title: "Replaced" }),
        await pdf("elife-00353-v1.pdf"),
      );
      const second = await t.ctx.db
        .selectFrom("papers")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(second).toMatchObject({ title: "Replaced", encrypted: 0, page_count: 2 });
      expect(second.file).not.toBe(first.file);
      expect(await t.ctx.storage.stat(first.file!)).toBeNull();

      // a failed update (bad PDF) changes nothing and keeps the current file
      const bad = await failure(
        updatePaper(
          t.ctx,
          "beta",
          id,
          paper({ doi: "10.1000/x1", title: "Nope" }),
          Buffer.from("text"),
        ),
      );
      expect(bad.kind).toBe("unsupported_type");
      const third = await t.ctx.db
        .selectFrom("papers")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect([third.title, third.file]).toEqual(["Replaced", second.file]);

      expect(await searchRows(id)).toBe(1);
      await deletePaper(t.ctx, "beta", id);
      expect(await searchRows(id)).toBe(0);
      expect(
        await t.ctx.db.selectFrom("papers").select("id").where("id", "=", id).executeTakeFirst(),
      ).toBeUndefined();
      expect(await t.ctx.storage.stat(second.file!)).toBeNull();
      expect((await failure(deletePaper(t.ctx, "beta", id))).kind).toBe("not_found");
    });

    it("deletes an issue only when it has no papers, then its cover", async () => {
      const error = await failure(deletePublication(t.ctx, "beta", publicationId));
      expect([error.kind, defaultLanguageText(error.message)]).toEqual([
        "conflict",
        "Vol. 2 No. 1 (2024) still has 1 paper. Delete them before deleting the publication.",
      ]);
      const { id } = await createPublication(t.ctx, "beta", issue("9", "9"), await png("#666666"));
      const cover = (
        await t.ctx.db
          .selectFrom("publications")
          .select("cover")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).cover!;
      await deletePublication(t.ctx, "beta", id);
      expect(await t.ctx.storage.stat(cover)).toBeNull();
      expect(await t.ctx.storage.stat(derivativeKey(cover, 320))).toBeNull();
    });
  });

  describe("proceedings", () => {
    const proceeding = (overrides: Partial<ProceedingInput> = {}): ProceedingInput => ({
      event: "new",
      event_name: "PLDI '09",
      event_start_date: "2009-06-15",
      event_end_date: "2009-06-20",
      title: "Proceedings of PLDI",
      sub_title: "Dublin, Ireland",
      issn: "",
      publisher: "ACM",
      year: 2009,
      intro: "About.",
      editors: [{ name: "Program Chair", email: "", institution: "", role: "Chair" }],
      ...overrides,
    });

    it("refuses '' as event, creates a new event for 'new', reuses an event id, 404 for an unknown one", async () => {
      const cover = await png("#777777");
      const none = await failure(createProceeding(t.ctx, proceeding({ event: "" }), cover));
      expect([none.kind, none.errors]).toEqual([
        "invalid",
        { event: "Choose the event of this proceeding, or New Event." },
      ]);

      const first = await createProceeding(t.ctx, proceeding(), cover);
      const row = await t.ctx.db
        .selectFrom("proceedings")
        .selectAll()
        .where("id", "=", first.id)
        .executeTakeFirstOrThrow();
      expect(first.slug).toBe("proceedings-of-pldi-2009");
      const second = await createProceeding(t.ctx, proceeding({ event: row.event_id }), cover);
      expect(second.slug).toBe("proceedings-of-pldi-2009-2");
      const events = await t.ctx.db.selectFrom("proceeding_events").selectAll().execute();
      expect(events).toHaveLength(1);

      expect(
        (await failure(createProceeding(t.ctx, proceeding({ event: 99_999 }), cover))).kind,
      ).toBe("not_found");
    });

    it("updates the event fields of the chosen event, or keeps the event for ''", async () => {
      const { id } = await createProceeding(
        t.ctx,
        proceeding({ title: "Edit me" }),
        await png("#888888"),
      );
      const row = await t.ctx.db
        .selectFrom("proceedings")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await updateProceeding(t.ctx, id, {
        ...proceeding({ title: "Edited", event: row.event_id, event_name: "PLDI 2009" }),
        primary_event_id: row.event_id,
      });
      const event = await t.ctx.db
        .selectFrom("proceeding_events")
        .selectAll()
        .where("id", "=", row.event_id)
        .executeTakeFirstOrThrow();
      expect(event.name).toBe("PLDI 2009");
      await updateProceeding(t.ctx, id, {
        ...proceeding({ title: "Kept", event: "" }),
        primary_event_id: null,
      });
      const after = await t.ctx.db
        .selectFrom("proceedings")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect([after.title, after.event_id]).toEqual(["Kept", row.event_id]);
    });
  });

  describe("partners", () => {
    const names = async () =>
      (
        await t.ctx.db
          .selectFrom("partners")
          .select(["name", "position"])
          .orderBy("position")
          .execute()
      ).map((p) => `${p.position}:${p.name}`);

    it("keeps positions 1..n through create, move, reorder and remove; names are unique", async () => {
      const a = await createPartner(t.ctx, { name: "Uni A", link: "" }, await png("#999999"));
      const b = await createPartner(t.ctx, { name: "Uni B", link: "https://b.example" });
      const c = await createPartner(t.ctx, { name: "Uni C", link: "", position: 1 });
      expect(await names()).toEqual(["1:Uni C", "2:Uni A", "3:Uni B"]);

      const dup = await failure(createPartner(t.ctx, { name: "uni a", link: "" }));
      expect([dup.kind, defaultLanguageText(dup.message)]).toEqual([
        "conflict",
        'A partner named "uni a" already exists.',
      ]);

      await updatePartner(t.ctx, a.id, { name: "Uni A", link: "", position: 3 });
      expect(await names()).toEqual(["1:Uni C", "2:Uni B", "3:Uni A"]);
      await reorderPartners(t.ctx, [a.id, b.id, c.id]);
      expect(await names()).toEqual(["1:Uni A", "2:Uni B", "3:Uni C"]);
      expect((await failure(reorderPartners(t.ctx, [a.id, b.id]))).kind).toBe("invalid");

      const logo = (
        await t.ctx.db
          .selectFrom("partners")
          .select("logo")
          .where("id", "=", a.id)
          .executeTakeFirstOrThrow()
      ).logo!;
      await removePartner(t.ctx, a.id);
      expect(await names()).toEqual(["1:Uni B", "2:Uni C"]);
      expect(await t.ctx.storage.stat(logo)).toBeNull();
    });
  });
});
