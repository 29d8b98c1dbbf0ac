/** The URL of the built app/public/page-script.ts (scripts/vite-public-script.ts). */
declare module "virtual:athenaeum/public-script" {
  const url: string;
  export default url;
}
