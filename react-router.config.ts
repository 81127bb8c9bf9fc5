import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: true,
  // The whole route table comes with the first page: no /__manifest requests while browsing,
  // and no router update after hydration that would wake every deferred section (ADR 0032).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
