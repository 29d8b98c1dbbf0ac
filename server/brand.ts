/**
 * `instanceof` across copies of a module (docs/decisions/235-one-server-module-graph.md). The
 * process-lifetime objects (storage, PDF pool) are built by server/bootstrap.ts from source, while
 * the code that catches their errors runs in the server bundle (or, in development, in Vite's
 * reloaded copy of the module): two classes with one name. A class passed to {@link brandClass}
 * answers `instanceof` by a mark in the global symbol registry instead of its prototype chain, so
 * an instance made by any copy of the module counts; {@link processWide} does the same for module
 * state.
 */

/**
 * Makes `value instanceof cls` true for instances of every copy of `cls` (those branded with the
 * same `name`). Subclasses keep the ordinary prototype check.
 */
export function brandClass(cls: abstract new (...args: never[]) => object, name: string): void {
  const mark = Symbol.for(`athenaeum.${name}`);
  Object.defineProperty(cls.prototype, mark, { value: true });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: unknown, value: unknown): boolean {
      if (this !== cls) return Function.prototype[Symbol.hasInstance].call(this, value);
      return typeof value === "object" && value !== null && mark in value;
    },
  });
}

/**
 * One value per process under `name`, whichever copy of a module asks: made by `create` on the
 * first call, kept in the global symbol registry. For module state that bootstrap objects write
 * and the site reads (e.g. server/db/database.ts's pool of each database).
 */
export function processWide<T>(name: string, create: () => T): T {
  const key = Symbol.for(`athenaeum.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  store[key] ??= create();
  return store[key] as T;
}
