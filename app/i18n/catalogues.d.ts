/** The browser's compiled catalogues, one chunk per locale (scripts/vite-catalogues.ts). */
declare module "virtual:athenaeum/catalogues" {
  import type { Messages } from "@lingui/core";

  const catalogues: Record<string, () => Promise<{ default: Messages }>>;
  export default catalogues;
}
