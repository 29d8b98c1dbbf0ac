import { useRouteLoaderData } from "react-router";
import type { loader } from "../root.tsx";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data (site name, signed-in user, origin, year) from any component. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    data ?? {
      siteName: "Athenaeum",
      nonce: "",
      user: null,
      origin: "",
      year: new Date().getFullYear(),
    }
  );
}
