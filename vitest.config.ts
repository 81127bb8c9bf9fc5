import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./src/test/slow-first-sequencer.ts";

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
    // Vitest's default is one worker less than the cores: a single worker on a 2-core
    // machine. Test files wait on the database and on argon2's own thread much of the time,
    // so one worker per core keeps both busy.
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "domain",
          // Pure functions, no module state: one worker keeps its modules across files.
          isolate: false,
          include: ["src/shared/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          setupFiles,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          // One worker process runs file after file and keeps its modules: importing the app
          // (Fastify, drizzle, zod, PGlite, sharp...) cost seconds per file, ~40% of the run.
          // Safe because each file builds its own app and database (createTestApp) and the
          // server keeps no module state beyond per-directory maps and the argon2 cost that
          // setup.ts sets for every file. Mocks are undone per file (vi.unstubAllGlobals).
          isolate: false,
          include: ["src/server/**/*.test.ts"],
          // Two instances on one PostgreSQL, dropped connections and the real Redis: part of
          // `npm run test:pg` only (not skipped there).
          exclude: process.env.TEST_DATABASE_URL
            ? []
            : [
                "src/server/two-instances.test.ts",
                "src/server/database-faults.test.ts",
                "src/server/plugins/rate-limit-store.redis.test.ts",
                "src/server/modules/accounts/sign-in-limits.redis.test.ts",
                "src/server/modules/receipts/receipt-limits.redis.test.ts",
              ],
          environment: "node",
          // Cheap argon2 in-process; production's cost is pinned by passwords.test.ts.
          setupFiles: [...setupFiles, "./src/server/test/setup.ts"],
          // Migrates once per run; each file's database starts from that (see the file).
          globalSetup: ["./src/server/test/global-setup.ts"],
          // Each file opens its own database (PGlite takes seconds to start).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "web",
          // One worker keeps the modules (React, the router, the kit) and the happy-dom set-up
          // across files: 35 s -> 9 s for this project on a 2-core machine. Safe because every
          // test unmounts (src/web/test/setup.ts) and undoes its stubs and fake timers, and the
          // project passes in shuffled orders (--sequence.shuffle).
          isolate: false,
          include: ["src/web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: [...setupFiles, "./src/web/test/setup.ts"],
          // Above the 10 s that findBy… may wait (src/web/test/setup.ts).
          testTimeout: 30_000,
        },
      },
    ],
  },
});
