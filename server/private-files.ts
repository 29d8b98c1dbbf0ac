/**
 * The modes of what the site writes to disk (issue 30, decision 396): the SQLite database (with
 * password hashes, e-mail addresses and phone numbers), its `-wal` and `-shm`, the session
 * secret, the outbox, stored files and uploads, backups and what a restore writes. The server is
 * the only reader of all of them (it serves stored files itself), so files are 0600 and folders
 * 0700. A mode given at creation is reduced by the umask, never widened by it, so these modes
 * hold whatever the umask is; files written by a tool that takes no mode (`VACUUM INTO`,
 * `pg_dump`, `copyFile`, which copies its source's mode) are created empty here first or given
 * their mode after.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from "node:fs";
import { chmod, copyFile, mkdir, writeFile } from "node:fs/promises";

/** Owner read and write only. */
export const PRIVATE_FILE_MODE = 0o600;
/** Owner only. */
export const PRIVATE_FOLDER_MODE = 0o700;

/** `mkdir -p dir`; every folder it creates is 0700 (folders that exist keep their mode). */
export async function makePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** {@link makePrivateFolder}, synchronously (configuration and the database open, at start). */
export function makePrivateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** Writes `data` to a new or replaced file `file`, 0600. */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  await writeFile(file, data, { mode: PRIVATE_FILE_MODE });
  await chmod(file, PRIVATE_FILE_MODE); // a file that existed keeps its mode through writeFile
}

/** Copies `source` to `target` and makes the copy 0600 (`copyFile` gives it the source's mode). */
export async function copyPrivateFile(source: string, target: string): Promise<void> {
  await copyFile(source, target);
  await chmod(target, PRIVATE_FILE_MODE);
}

/**
 * Creates `file` empty and 0600 when it is missing, for a tool to fill that opens it without a
 * mode of its own (SQLite, `pg_dump`); an existing file is made 0600. Also makes `-wal` and
 * `-shm` beside it 0600 when they exist (SQLite gives new ones the database file's mode).
 * A file of another owner, whose mode this process may not change, keeps its mode.
 * @throws the fs error when the file cannot be created or its mode changed.
 */
export function makePrivateFileSync(file: string, companions: string[] = []): void {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  for (const f of [file, ...companions.map((suffix) => `${file}${suffix}`)]) {
    let mode: number;
    try {
      mode = statSync(f).mode & 0o777;
    } catch {
      continue; // no such companion
    }
    try {
      if (mode !== PRIVATE_FILE_MODE) chmodSync(f, PRIVATE_FILE_MODE);
    } catch (error) {
      // another owner's file (a database the operator shares on purpose) keeps its mode
      if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
    }
  }
}
