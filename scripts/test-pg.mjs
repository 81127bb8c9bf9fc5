// `npm run test:pg`: the API suite against a real PostgreSQL server instead of PGlite.
// Each test file creates (and drops) its own database on that server; see src/server/test/app.ts.
import { spawnSync } from "node:child_process";
import pg from "pg";

const url = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

// A clear line when the server is not there, rather than every test file failing alike.
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query("show server_version");
  console.log(`API tests against PostgreSQL ${rows[0].server_version} (${new URL(url).host})`);
} catch (error) {
  console.error(`✖ Cannot reach PostgreSQL at ${url}: ${error.message}`);
  console.error("  Start it, or set TEST_DATABASE_URL=postgres://user@host:port/db");
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

const result = spawnSync("npx", ["vitest", "run", "--project", "api", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
