/**
 * Throwaway PostgreSQL databases, for the test context (tests/helpers/context.ts), the tests'
 * template database (tests/setup/template-database.ts) and the soak run (scripts/soak.ts): one
 * made under a random name on the server of an admin URL, dropped when done. The server does not
 * use this.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export type ScratchDatabase = {
  /** The new database's name. */
  name: string;
  /** `adminUrl` with the new database's name as its path. */
  url: string;
  /** Drops the database, closing connections still open to it (`WITH (FORCE)`, PostgreSQL 13+). */
  drop: () => Promise<void>;
};

export type ScratchOptions = {
  /**
   * A database to copy (`CREATE DATABASE … TEMPLATE`): the copy has its tables and rows, made
   * by the server in a fraction of the time the statements that built them took. Nobody may be
   * connected to it meanwhile (PostgreSQL refuses the copy).
   */
  template?: string;
};

/** A PostgreSQL identifier this module writes into statements: lower-case word characters. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

async function run(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database named `prefix` + 12 random hex digits on the server of `adminUrl` (a
 * `postgres://` URL whose user may create databases), empty or a copy of `options.template`.
 * @throws Error for a prefix or template that is not a plain lower-case identifier; the pg
 *   error when the server cannot be reached or refuses.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  options: ScratchOptions = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  const { template } = options;
  if (!IDENTIFIER.test(name) || (template !== undefined && !IDENTIFIER.test(template))) {
    throw new Error(`Not a plain database name: ${template ?? name}`);
  }
  await run(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => run(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
