import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migratedPgliteSnapshot } from "../test/app.ts";
import { DataDirLockedError, openPglite } from "./client.ts";
import { newsletterSubscribers } from "./schema/newsletter.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-db-test-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("PGlite in DATA_DIR", () => {
  // Migrating an empty DATA_DIR is the first start, which boot.test.ts runs for real; here a
  // migrated copy spares the initdb (seconds) and migrate() is what every later start does.
  it("keeps data across a restart, and releases the directory on close", async () => {
    const dir = tempDir();
    const first = await openPglite(dir, { loadDataDir: migratedPgliteSnapshot() });
    await first.migrate(); // a no-op on a migrated directory
    expect(await first.ping()).toBe(true);
    await first.db.insert(newsletterSubscribers).values({ email: "kept@example.com" });
    // The lock names this process (its pid, then its start time: ADR 0016's PID-reuse guard).
    expect(fs.readFileSync(path.join(dir, "shop.lock"), "utf8").split(" ")[0]).toBe(
      String(process.pid),
    );
    await first.close();
    expect(fs.existsSync(path.join(dir, "shop.lock"))).toBe(false);

    const second = await openPglite(dir);
    await second.migrate();
    const rows = await second.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => row.email)).toEqual(["kept@example.com"]);
    const ext = await second.db.execute(sql`select extname from pg_extension`);
    expect(JSON.stringify(ext)).toContain("pg_trgm");
    await second.close();
    await second.close(); // closing twice is harmless (shutdown paths may overlap)
    expect(await second.ping()).toBe(false);
  });

  it("refuses a directory held by another live process, naming the directory and pid", async () => {
    const dir = tempDir();
    // pid 1 is always alive and never this test.
    fs.writeFileSync(path.join(dir, "shop.lock"), "1");
    const attempt = openPglite(dir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(
      /DATA_DIR .* is in use by another shop process \(pid 1\)/,
    );
    expect(fs.readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe("1");
  });

  it("takes over a stale lock whose process is gone", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "shop.lock"), "2147483646");
    // The lock is taken before the database starts: a migrated copy spares an initdb.
    const database = await openPglite(dir, { loadDataDir: migratedPgliteSnapshot() });
    expect(await database.ping()).toBe(true);
    await database.close();
  });
});
