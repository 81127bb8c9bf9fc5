import type { WebLoadContext } from "../server/web-context.ts";

// Loaders receive what the Fastify SSR plugin passes (services, language, CSP nonce).
declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}
