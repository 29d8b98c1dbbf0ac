/**
 * Row counts and single values for tests that check what a step wrote or left behind.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../server/db/schema.ts";
import type { TestContext } from "./context.ts";

/** The number of rows in `table` of the test database (PostgreSQL's bigint count as a number). */
export async function countRows(
  t: Pick<TestContext, "ctx">,
  table: keyof Database & string,
): Promise<number> {
  const { n } = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The value of `column` in the one row of `table` whose `key` is `value`, as stored (e.g. a
 * user's `role` by `email`, an event's `name` by `id`).
 * @throws when no row matches.
 */
export async function storedValue<
  T extends keyof Database & string,
  C extends keyof Database[T] & string,
>(
  t: Pick<TestContext, "ctx">,
  table: T,
  column: C,
  key: keyof Database[T] & string,
  value: string | number,
): Promise<Selectable<Database[T]>[C & keyof Selectable<Database[T]>]> {
  // the table is chosen at run time: Kysely's types cannot follow it, the signature does
  const db = t.ctx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const row = await db
    .selectFrom(table as string)
    .select(column as string)
    .where(key as string, "=", value)
    .executeTakeFirstOrThrow();
  return row[column] as Selectable<Database[T]>[C & keyof Selectable<Database[T]>];
}
