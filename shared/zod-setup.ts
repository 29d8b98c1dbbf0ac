/**
 * zod's global configuration, imported for its side effect before any schema is built: first in
 * app/root.tsx (browser and server bundle) and in server/main.ts.
 *
 * `jitless`: zod 4 compiles object parsers with `new Function` and, to learn whether it may,
 * probes `new Function("")` when the first object schema is built. Under the site's CSP (no
 * 'unsafe-eval') that probe is refused and reported as a violation on every page that loads a
 * schema (issue 7). The interpreted parser is fast enough for forms of a few dozen fields.
 */
import { z } from "zod";

z.config({ jitless: true });
