/**
 * The router context of the server-rendered pages, as route modules import it: the service
 * context and the request's facts, set by the server per request (server/router-context.ts,
 * where they are defined so that the server never imports the app). Loaders read them with
 * `context.get(appContext)` / `context.get(requestContext)`.
 */
export { appContext, requestContext } from "../server/router-context.ts";
