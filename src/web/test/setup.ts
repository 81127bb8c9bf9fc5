import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// `findBy…` waits for screens whose texts or routes load lazily. Testing Library's 1 s default
// failed 27 tests of a CI run on a loaded machine (every file ten times slower than usual):
// the screen came, just later. A longer wait changes nothing for a passing test; a failing
// one reports after 10 s instead of 1 s. Tests still never assert on time.
configure({ asyncUtilTimeout: 10_000 });

// Files share one module graph (vitest.config.ts: isolate: false), so whatever a test renders
// is unmounted after it, whether or not its file asks.
afterEach(cleanup);
