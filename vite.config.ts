import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createLogger, defineConfig } from "vite";
import { i18nBundles } from "./scripts/vite-i18n-bundles.ts";

// React Router 7 starts Vite's helper servers with `envFile: false`, which Vite 8 reports as
// deprecated once per server (nine times a build); the option is theirs, not ours, so that one
// line is dropped and every other warning still shows. Some of those servers have their own
// logger, which writes through console.warn. The CLI's first server starts before this file
// is read: its one line remains until React Router passes `envDir: false`.
const ENV_FILE_NOTICE = "`envFile` option is deprecated";
const logger = createLogger();
const warn = logger.warn;
logger.warn = (message, options) => {
  if (!message.includes(ENV_FILE_NOTICE)) warn(message, options);
};
const consoleWarn = console.warn;
console.warn = (...args: unknown[]) => {
  if (!(typeof args[0] === "string" && args[0].includes(ENV_FILE_NOTICE))) consoleWarn(...args);
};

export default defineConfig({
  customLogger: logger,
  plugins: [
    tailwindcss(),
    reactRouter(),
    i18nBundles(fileURLToPath(new URL("./src/web/i18n/locales", import.meta.url))),
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    assetsInlineLimit: 2048,
    // Rolldown's note that plugins took a share of the build time (Tailwind's scan, React
    // Router's route exports): expected here, and build time is measured by the benches.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  // Server-only packages stay external in the SSR bundle; they are real node_modules at run time.
  ssr: { external: ["@electric-sql/pglite", "sharp", "@node-rs/argon2", "pg"] },
});
