// Test-only entry: exactly `main.ts` (config, lock, migrations, seed, listen, shutdown) but
// without pages, so start-up and shutdown tests run before (and without) a client build.
import { boot } from "../boot.ts";

await boot("none");
