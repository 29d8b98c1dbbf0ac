/** The demo and test corpus shipped in the repository (`corpus/`, decision 225). */
import path from "node:path";

export const CORPUS_DIR = path.resolve(import.meta.dirname, "../../corpus");
