import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A separate folder per build lets several builds (e.g. test runs) coexist.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
