/**
 * The Statistics screen's address and its API call (app/routes/dashboard/statistics.tsx): the
 * screen keeps its choice as `?scope=site|journal:{uri}|proceeding:{id}&issue={id}&from=&to=`
 * or `?paper={id}&from=&to=`, and GET /api/dashboard/statistics takes `journal`, `issue`,
 * `proceeding` or `paper` with `from` and `to` (server/api/dashboard/statistics.ts).
 */

/** The API query (`?journal=…&from=…`, or "") of the screen's address parameters. */
export function statisticsApiQuery(params: URLSearchParams): string {
  const out = new URLSearchParams();
  const paper = params.get("paper");
  const [kind, value] = (params.get("scope") ?? "").split(":");
  if (paper) out.set("paper", paper);
  else if (params.get("issue")) out.set("issue", params.get("issue")!);
  else if (kind === "journal" && value) out.set("journal", value);
  else if (kind === "proceeding" && value) out.set("proceeding", value);
  for (const name of ["from", "to"]) {
    const v = params.get(name);
    if (v) out.set(name, v);
  }
  const text = out.toString();
  return text ? `?${text}` : "";
}
