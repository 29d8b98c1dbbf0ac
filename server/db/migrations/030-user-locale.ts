/**
 * `users.locale` (issue 32; docs/decisions/382-interface-languages.md): the account's language,
 * in which the site mails it, a BCP 47 tag of shared/i18n/locales.ts's `LOCALES`; null means the
 * default language. Set from the language the account registered in, changed on its Account
 * screen.
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable("users").addColumn("locale", "text").execute();
}
