// Setup of every API test file (vitest.config.ts). Servers a test spawns as processes
// (boot, create-admin) do not run it and hash at the production cost.
import { setTestArgon2Cost } from "../modules/accounts/passwords.ts";

setTestArgon2Cost();
