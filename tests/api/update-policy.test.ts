/**
 * A journal's update policy page, `/journal/{uri}/update-policy` (issue 33, decision 490): the
 * journal's policy text and the DOI Crossmark names it by; the 404 page while the journal has no
 * policy, and for an unknown journal.
 */
import { describe, expect, it } from "vitest";
import { loader } from "../../app/routes/update-policy.tsx";
import { dialectUnderTest } from "../helpers/context.ts";
import { loaderArgs, runLoader } from "../helpers/loaders.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext();

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
});
