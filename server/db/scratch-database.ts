/**
 * Throwaway PostgreSQL databases, for the test context (tests/helpers/context.ts) and the soak
 * run (scripts/soak.ts): one made under a random name on the server of an admin URL, dropped
 * when done. The server does not use this.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export type ScratchDatabase = {
  /** `adminUrl` with the new database's name as its path. */
  url: string;
  /** Drops the database, closing connections still open to it (`WITH (FORCE)`, PostgreSQL 13+). */
  drop: () => Promise<void>;
};

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
 * Creates an empty database named `prefix` + 12 random hex digits on the server of `adminUrl`
 * (a `postgres://` URL whose user may create databases).
 * @throws the pg error when the server cannot be reached or refuses.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  await run(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
