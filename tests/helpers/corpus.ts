/** The demo and test corpus shipped in the repository (`corpus/`, decision 225). */
import { readFile } from "node:fs/promises";
import path from "node:path";

export const CORPUS_DIR = path.resolve(import.meta.dirname, "../../corpus");

/** A PDF of the corpus (`corpus/pdfs/{name}`), e.g. `elife-00353-v1.pdf`. */
export const corpusPdf = (name: string): Promise<Buffer> =>
  readFile(path.join(CORPUS_DIR, "pdfs", name));
