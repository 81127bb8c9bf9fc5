import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { i18nBundles } from "./scripts/vite-i18n-bundles.ts";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    i18nBundles(fileURLToPath(new URL("./src/web/i18n/locales", import.meta.url))),
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: { assetsInlineLimit: 2048 },
  // Server-only packages stay external in the SSR bundle; they are real node_modules at run time.
  ssr: { external: ["@electric-sql/pglite", "sharp", "@node-rs/argon2", "pg"] },
});
