/**
 * The client side of `{paper page}/citations.json` (docs/decisions/245-citations-off-the-page.md):
 * the 'Cite this paper' panel asks for its formatted references when it is first near the
 * viewport, not while the page renders. Two framework-free functions (fetch and validate; watch
 * for the panel nearing the viewport) and the React hook the panel uses, so a vanilla script
 * can wire the same contract.
 */
import { type RefObject, useCallback, useEffect, useState } from "react";
import type { CitationReferences } from "../../../shared/api.ts";

export type CitationStyleText = CitationReferences["styles"][number];

/**
 * GETs `url` and returns its `styles` (`[{key, label, text}]`, strings).
 * @throws Error on a network failure, a non-200 answer or another shape.
 */
export async function fetchCitationReferences(
  url: string,
  signal?: AbortSignal,
): Promise<CitationStyleText[]> {
  const res = await fetch(url, { headers: { Accept: "application/json" }, signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { styles?: unknown };
  const styles = Array.isArray(body?.styles) ? body.styles : null;
  const valid = styles?.every(
    (s: Record<string, unknown>) =>
      typeof s?.key === "string" && typeof s.label === "string" && typeof s.text === "string",
  );
  if (!styles || !valid) throw new Error("Unexpected answer");
  return styles as CitationStyleText[];
}

/**
 * Calls `onNear` once, when `element` comes within 400 px of the viewport (at once where
 * IntersectionObserver is missing). @returns a function that stops watching.
 */
export function whenNearViewport(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    onNear();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        onNear();
      }
    },
    { rootMargin: "400px 0px" },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

export type CitationReferencesState =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ready"; styles: CitationStyleText[] }
  | { state: "failed" };

/**
 * The references at `url`, fetched once the element of `near` nears the viewport; `retry`
 * fetches again after a failure. `idle` until then (and on the server).
 */
export function useCitationReferences(
  url: string,
  near: RefObject<Element | null>,
): CitationReferencesState & { retry: () => void } {
  const [result, setResult] = useState<CitationReferencesState>({ state: "idle" });
  const [attempt, setAttempt] = useState(0);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const element = near.current;
    if (!element) return;
    return whenNearViewport(element, () => setWanted(true));
  }, [near]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` (retry) fetches again
  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    setResult({ state: "loading" });
    fetchCitationReferences(url, abort.signal).then(
      (styles) => {
        if (!abort.signal.aborted) setResult({ state: "ready", styles });
      },
      () => {
        if (!abort.signal.aborted) setResult({ state: "failed" });
      },
    );
    return () => abort.abort();
  }, [url, wanted, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, retry };
}
