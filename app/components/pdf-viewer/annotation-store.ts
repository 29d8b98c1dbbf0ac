/**
 * A reader's own annotations, kept in this browser per paper (issue 9; decision 205): IndexedDB
 * database `athenaeum-annotations`, object store `papers`, one record per PDF URL path:
 * `{ fingerprint, editors, savedAt }`, where `editors` are pdf.js editors serialized the way pdf.js
 * copies them (`editor.serialize(true)`: page index, rectangle in PDF units, colour, thickness,
 * opacity, ink paths, a stamp's image as a data URL, alt text), highlights the way pdf.js saves
 * them (quad points or outline points; session.ts `serializeForStore`).
 *
 * The fingerprint is pdf.js's fingerprint of the file: a record saved for another version of the
 * file (the galley was replaced) is not restored, because its rectangles would land elsewhere.
 * Storage failures (private mode, quota, IndexedDB missing) are logged as warnings and otherwise
 * ignored: reading goes on without saved annotations.
 */
import { type DBSchema, type IDBPDatabase, openDB } from "idb";

/** One pdf.js editor in its copy form; opaque here, pdf.js reads it back (`deserialize`). */
export type SerializedEditor = Record<string, unknown> & { pageIndex: number };

export type StoredAnnotations = {
  /** pdf.js's `fingerprints[0]` of the file the editors belong to. */
  fingerprint: string;
  editors: SerializedEditor[];
  /** Milliseconds since the epoch. */
  savedAt: number;
};

interface AnnotationDb extends DBSchema {
  papers: { key: string; value: StoredAnnotations };
}

const DB_NAME = "athenaeum-annotations";
let dbPromise: Promise<IDBPDatabase<AnnotationDb>> | null = null;

function db(): Promise<IDBPDatabase<AnnotationDb>> {
  dbPromise ??= openDB<AnnotationDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore("papers");
    },
  }).catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** The record key of a PDF: its URL's path (same origin, so the path names the paper's galley). */
export function annotationKey(url: string): string {
  return new URL(url, window.location.href).pathname;
}

/** The editors saved for `key`, or `[]` when none were saved for this `fingerprint`. */
export async function loadAnnotations(
  key: string,
  fingerprint: string,
): Promise<SerializedEditor[]> {
  try {
    const record = await (await db()).get("papers", key);
    return record && record.fingerprint === fingerprint ? record.editors : [];
  } catch (error) {
    console.warn("Saved annotations could not be read", error);
    return [];
  }
}

/** Replaces what is saved for `key`; an empty list deletes the record. */
export async function saveAnnotations(
  key: string,
  fingerprint: string,
  editors: SerializedEditor[],
): Promise<void> {
  try {
    const database = await db();
    if (editors.length === 0) await database.delete("papers", key);
    else await database.put("papers", { fingerprint, editors, savedAt: Date.now() }, key);
  } catch (error) {
    console.warn("Annotations could not be saved in this browser", error);
  }
}
