/**
 * A journal's update policy page, `/journal/{uri}/update-policy` (issue 33, decision 490): the
 * journal's policy text and the DOI Crossmark names it by; the 404 page while the journal has no
 * policy, and for an unknown journal.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { loader } from "../../app/routes/update-policy.tsx";
import { dialectUnderTest } from "../helpers/context.ts";
import { journalFields } from "../helpers/dashboard-forms.ts";
import type { Fields } from "../helpers/form-calls.ts";
import { loaderArgs, runLoader } from "../helpers/loaders.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext({ manager: true });

describe(`the update policy page (${dialectUnderTest})`, () => {
  it("shows the journal's policy once it has one, and is a 404 before and for no journal", async () => {
    const load = (journalUrl: string) =>
      runLoader(() => loader(loaderArgs(t.ctx, { journalUrl }) as never));
    expect((await load("ethics-review")).status).toBe(404);
    expect((await load("no-such-journal")).status).toBe(404);
    await t.ctx.db
      .updateTable("journals")
      .set({ update_policy: "We correct errors openly.", update_policy_doi: "10.5555/policy" })
      .where("id", "=", t.seed.journalId)
      .execute();
    const page = await load("ethics-review");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      journal: { update_policy: "We correct errors openly.", update_policy_doi: "10.5555/policy" },
      headerText: "Ethics Review",
    });
  });

  it("takes the policy and its DOI from the journal's edit form, and refuses a DOI that is not one", async () => {
    const edit = (overrides: Fields) => {
      let req = request(t.app).post("/api/edit_journal/1").set("Cookie", t.cookie);
      const fields = journalFields({
        journal_uri: "ethics-review",
        journal_name: "Ethics Review",
        journal_active: "Y",
        primary_journal_uri: "ethics-review",
        ...overrides,
      });
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      return req;
    };
    const bad = await edit({ update_policy_doi: "not a doi" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["update_policy_doi"]);
    const res = await edit({
      update_policy: "Corrections are published as notices.",
      update_policy_doi: "https://doi.org/10.5555/ethics-policy",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const journal = (await request(t.app).get("/api/get_journal/ethics-review")).body.journal;
    expect(journal).toMatchObject({
      update_policy: "Corrections are published as notices.",
      update_policy_doi: "10.5555/ethics-policy",
    });
  });
});
