// Setup of every API test file (vitest.config.ts). Servers a test spawns as processes
// (boot, create-admin) do not run it and hash at the production cost.
import { useTestArgon2Cost } from "../modules/accounts/passwords.ts";

useTestArgon2Cost();
