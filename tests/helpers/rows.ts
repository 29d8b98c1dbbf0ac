/**
 * Row counts for tests that check what a step wrote or left behind.
 */
import type { Database } from "../../server/db/schema.ts";
import type { TestContext } from "./context.ts";

/** The number of rows in `table` of the test database (PostgreSQL's bigint count as a number). */
export async function countRows(t: TestContext, table: keyof Database & string): Promise<number> {
  const { n } = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
