import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { upsertAdmin } from "../modules/accounts/admin-bootstrap.ts";

/** npm run create-admin -- --email owner@example.com --password 'secret' [--name 'Owner'] */
const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});
const input = z
  .object({
    email: z.email("--email must be an e-mail address"),
    password: z.string().min(6, "--password must be at least 6 characters"),
    name: z.string().min(1).default("Admin"),
  })
  .safeParse(values);
if (!input.success) {
  console.error(
    `✖ ${input.error.issues[0]?.message ?? "invalid arguments"}\nUsage: npm run create-admin -- --email you@example.com --password secret [--name "Your Name"]`,
  );
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config).catch((error: Error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});
await database.migrate();
const { created } = await upsertAdmin(
  database.db,
  input.data.email,
  input.data.password,
  input.data.name,
);
await database.close();
console.log(
  created
    ? `Created admin ${input.data.email}`
    : `Promoted/updated admin ${input.data.email} (its existing sessions are ended)`,
);
