import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: true,
  // The whole route table comes with the first page (a cached 4 KB file) instead of being
  // discovered from the links on it: no manifest request and no re-render of the whole page
  // after hydration, about 45 ms of a first visit's script (docs/decisions/0032).
  routeDiscovery: { mode: "initial" },
  // React Router 8's changes, each to adopt on its own: today's behaviour, said explicitly so
  // the build does not warn about each one.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
