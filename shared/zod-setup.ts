/**
 * zod's global configuration, imported for its side effect before any schema is built: first in
 * server/main.ts, and in every browser module that builds a schema (shared/schemas.ts,
 * app/routes/manager.tsx, app/routes/registration.tsx); not in app/root.tsx, so that public pages
 * do not load zod (issue 11).
 *
 * `jitless`: zod 4 compiles object parsers with `new Function` and, to learn whether it may,
 * probes `new Function("")` when the first object schema is built. Under the site's CSP (no
 * 'unsafe-eval') that probe is refused and reported as a violation on every page that loads a
 * schema (issue 7). The interpreted parser is fast enough for forms of a few dozen fields.
 */
import { z } from "zod";

z.config({ jitless: true });
