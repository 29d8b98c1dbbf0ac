/**
 * The layers import only downward (issue 20): `app/` may import `server/` and `shared/`,
 * `server/` only `shared/`, and `shared/` neither, by no runtime, type or dynamic import. So
 * `shared/` holds the types both sides use, and what the server hands the pages is defined on
 * the server's side (server/router-context.ts). And the import graph of the three has no cycle,
 * type imports included: a module can be read, and changed, after what it imports.
 *
 * Migrations are frozen (issue 35): a file of server/db/migrations/ imports packages and the
 * migration helpers ({@link MIGRATION_HELPERS}) only, never a module of the application, whose
 * later edits would change what an old migration does on a database that has not yet run it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Each layer, and the layers above it that it must not import. */
const FORBIDDEN: Record<string, string[]> = {
  server: ["app"],
  shared: ["app", "server"],
};

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/** The module specifiers of `text`: `from "…"`, `import "…"`, `import("…")`, `export … from`. */
function specifiers(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
}

/** `file:line`-free list of `file → imported file` that break the layering. */
function upwardImports(): string[] {
  const found: string[] = [];
  for (const [layer, above] of Object.entries(FORBIDDEN)) {
    for (const file of sources(path.join(root, layer))) {
      for (const spec of specifiers(readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = path.relative(root, path.resolve(path.dirname(file), spec));
        const top = target.split(path.sep)[0]!;
        if (above.includes(top)) found.push(`${path.relative(root, file)} → ${target}`);
      }
    }
  }
  return found;
}

const MIGRATIONS = path.join(root, "server/db/migrations");

/** What a migration may import from the repository: the dialect helpers, nothing else. */
const MIGRATION_HELPERS = new Set(["server/db/dialect.ts"]);

/**
 * `migration → imported file` for each relative import of a migration (packages are allowed)
 * that is neither another migration nor a migration helper.
 */
function migrationImports(): string[] {
  const found: string[] = [];
  for (const file of sources(MIGRATIONS)) {
    for (const spec of specifiers(readFileSync(file, "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec);
      const rel = path.relative(root, target);
      if (path.dirname(target) === MIGRATIONS || MIGRATION_HELPERS.has(rel)) continue;
      found.push(`${path.relative(root, file)} → ${rel}`);
    }
  }
  return found;
}

/** The import cycles among `app/`, `server/` and `shared/`, each as `a → b → … → a`. */
function importCycles(): string[] {
  const graph = new Map<string, string[]>();
  for (const layer of ["app", "server", "shared"]) {
    for (const file of sources(path.join(root, layer))) {
      const targets = specifiers(readFileSync(file, "utf8"))
        .filter((spec) => spec.startsWith("."))
        .map((spec) => path.resolve(path.dirname(file), spec))
        .filter((target) => existsSync(target));
      graph.set(file, targets);
    }
  }
  const cycles: string[] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (file: string) => {
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      const at = stack.indexOf(target);
      if (at >= 0) {
        cycles.push([...stack.slice(at), target].map((f) => path.relative(root, f)).join(" → "));
      } else if (!done.has(target)) visit(target);
    }
    stack.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return cycles;
}

describe("import layers", () => {
  it("has no import from server/ or shared/ into a layer above", () => {
    expect(upwardImports()).toEqual([]);
  });

  it("has migrations that import only packages and the migration helpers", () => {
    expect(migrationImports()).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(importCycles()).toEqual([]);
  });

  it("sees every kind of import", () => {
    expect(
      specifiers(
        'import a from "../x.ts";\nimport type { B } from "../y.ts";\nconst c = await import("../z.ts");\nexport { d } from "../w.ts";\nimport "./side.ts";',
      ),
    ).toEqual(["../x.ts", "../y.ts", "../z.ts", "../w.ts", "./side.ts"]);
  });
});
