import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { migratedPgliteSnapshot } from "../../test/app.ts";
import { verifyPassword } from "./passwords.ts";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cli-"));
// The shop has run here before (the usual case for this command): a migrated database from
// the run's snapshot spares the CLI an initdb. The CLI still migrates (a no-op here).
beforeAll(async () => {
  const database = await openPglite(dataDir, { loadDataDir: migratedPgliteSnapshot() });
  await database.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run create-admin -- …` is `tsx src/server/cli/create-admin.ts …`. */
const createAdmin = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "src/server/cli/create-admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
  });

async function adminRow(email: string) {
  const database = await openPglite(dataDir);
  try {
    const rows = await database.db.select().from(users);
    return rows.find((row) => row.email === email);
  } finally {
    await database.close();
  }
}

describe("npm run create-admin", () => {
  it("creates an admin, then promotes and re-keys an existing account", async () => {
    const first = await createAdmin("--email", "owner@example.com", "--password", "first-pass");
    expect(first.stdout).toContain("Created admin owner@example.com");
    const created = await adminRow("owner@example.com");
    expect(created?.isAdmin).toBe(true);
    expect(await verifyPassword(created!.passwordHash, "first-pass")).toBe(true);

    const again = await createAdmin(
      "--email",
      "owner@example.com",
      "--password",
      "second-pass",
      "--name",
      "Owner",
    );
    expect(again.stdout).toContain("Promoted/updated admin owner@example.com");
    const updated = await adminRow("owner@example.com");
    expect(updated?.id).toBe(created?.id);
    expect(await verifyPassword(updated!.passwordHash, "second-pass")).toBe(true);
  }, 60_000);

  it.each([
    [["--email", "not-an-email", "--password", "secret1"], "--email must be an e-mail address"],
    [["--email", "a@example.com", "--password", "123"], "--password must be at least 6 characters"],
  ])(
    "refuses %j with one clear line and exit code 1",
    async (args, message) => {
      const failure = await createAdmin(...args).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure).toMatchObject({ code: 1 });
      expect((failure as { stderr: string }).stderr).toContain(message);
    },
    30_000,
  );
});
