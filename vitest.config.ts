import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./src", import.meta.url)),
  // Made by a Vite plugin in the app's build (scripts/vite-i18n-bundles.ts); tests get a stub.
  "virtual:i18n-bundles": fileURLToPath(
    new URL("./src/web/test/i18n-bundles-stub.ts", import.meta.url),
  ),
};
const setupFiles = ["./src/test/fail-on-console.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "domain",
          include: ["src/shared/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          setupFiles,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts"],
          environment: "node",
          setupFiles,
          // Each file opens its own database (PGlite takes seconds to start).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles,
        },
      },
    ],
  },
});
